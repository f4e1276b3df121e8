/** The custom HMR event the dev server sends when `contenu dev` rewrites a bundle. */
export const LIVE_CONTENT_EVENT = "renouer:content";

export interface LiveContentUpdate {
  /** Path under src/bundles/, with "/" (e.g. "routes/blog/x.json", "site.json"). */
  file: string;
  data: unknown;
}
