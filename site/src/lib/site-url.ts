/** The path of a public URL, always ending with "/" ("https://x.org/coaching" → "/coaching/").
 * Kept free of `import.meta.env` so vite.config.ts can use it. */
export function basePathOf(siteUrl: string): string {
  const path = new URL(siteUrl).pathname;
  return path.endsWith("/") ? path : `${path}/`;
}
