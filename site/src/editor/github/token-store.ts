/** Where the token is kept. On the site's own address (shared with the site's pages, the
 * providers' scripts they run, and on `owner.github.io` every repository of the owner),
 * nowhere: it lives in the memory of the carnet's code for this tab only (the GitHub client),
 * and the coach pastes it again after a reload; any token an older version stored is erased.
 * Only where the carnet is published on an origin of its own (CARNET_URL at build time, and
 * this page really served there) is it kept for the tab (sessionStorage), or on the device
 * (localStorage) if the coach ticks « Se souvenir sur cet appareil ». Never in IndexedDB
 * with her work, never in a URL, never logged. docs/security.md « The coach's token ». */

declare const __CARNET_ORIGIN__: string;

const KEY = "renouer.editeur.github-token";

/** The carnet's own origin (CARNET_URL), or "" when it is published with the site. */
export const CARNET_ORIGIN: string = typeof __CARNET_ORIGIN__ === "string" ? __CARNET_ORIGIN__ : "";

/** Whether this page runs on an origin that holds nothing but the carnet. */
export function onOwnOrigin(origin: string = window.location.origin, own: string = CARNET_ORIGIN): boolean {
  return own !== "" && origin === own;
}

export interface StoredToken {
  token: string;
  remembered: boolean;
}

function erase(): void {
  window.sessionStorage.removeItem(KEY);
  window.localStorage.removeItem(KEY);
}

export function saveToken(token: string, remember: boolean, own = onOwnOrigin()): void {
  erase();
  if (own) (remember ? window.localStorage : window.sessionStorage).setItem(KEY, token);
}

export function loadToken(own = onOwnOrigin()): StoredToken | null {
  if (!own) {
    erase(); // left by a version that stored it on the shared origin
    return null;
  }
  const session = window.sessionStorage.getItem(KEY);
  if (session) return { token: session, remembered: false };
  const local = window.localStorage.getItem(KEY);
  return local ? { token: local, remembered: true } : null;
}

export function forgetToken(): void {
  erase();
}

const PROPOSAL = "renouer.editeur.github-proposition";

/** The proposal under way (branch, pull request; no secret), for the tab. */
export function saveProposal(proposal: unknown): void {
  window.sessionStorage.setItem(PROPOSAL, JSON.stringify(proposal));
}

export function loadProposal<T>(): T | null {
  const kept = window.sessionStorage.getItem(PROPOSAL);
  return kept ? (JSON.parse(kept) as T) : null;
}
