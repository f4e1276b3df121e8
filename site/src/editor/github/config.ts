/** Where the editor's GitHub calls go, fixed at build time: the API host (api.github.com;
 * the tests point VITE_GITHUB_API at their fake server) and the repository the site is
 * published from (GITHUB_REPOSITORY, set by GitHub Actions; no typing for the coach). */

declare const __GITHUB_REPOSITORY__: string;

export const DEFAULT_API = "https://api.github.com";

/** The API origin, without a trailing slash. */
export const GITHUB_API: string = (import.meta.env.VITE_GITHUB_API || DEFAULT_API).replace(/\/+$/, "");

/** « owner/name », or "" when the build did not know it (a local build). */
export const GITHUB_REPOSITORY: string =
  typeof __GITHUB_REPOSITORY__ === "string" ? __GITHUB_REPOSITORY__ : "";

export interface Repository {
  owner: string;
  name: string;
}

export function parseRepository(fullName: string): Repository | null {
  const found = /^([A-Za-z0-9-]+)\/([A-Za-z0-9._-]+)$/.exec(fullName);
  return found ? { owner: found[1]!, name: found[2]! } : null;
}

/** The guide's sign-in page, on GitHub (the guide lives in the repository). */
export function guideUrl(page: string): string {
  return GITHUB_REPOSITORY ? `https://github.com/${GITHUB_REPOSITORY}/blob/main/${page}` : `https://github.com/${page}`;
}
