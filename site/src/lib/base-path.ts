/** The base path the site was built for ("/" or "/coaching/"), as Vite's `base`. It is also
 * React Router's basename: kept with its trailing slash, the home link is "/coaching/" (what
 * GitHub Pages serves) rather than "/coaching" (a redirect). */
export const BASE_PATH: string = import.meta.env.BASE_URL;

/** Prefixes a root-relative path ("/images/x.jpg") with the base path; other URLs pass through. */
export function withBase(href: string, base: string = BASE_PATH): string {
  if (!href.startsWith("/") || href.startsWith("//")) return href;
  return base + href.slice(1);
}

/** The site path of a location pathname under the base path ("/coaching/blog" → "/blog"). */
export function stripBase(pathname: string, base: string = BASE_PATH): string {
  const root = base.replace(/\/$/, "");
  if (root && (pathname === root || pathname.startsWith(`${root}/`))) {
    return pathname.slice(root.length) || "/";
  }
  return pathname;
}
