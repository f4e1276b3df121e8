/** Where the token is kept: for the tab only (sessionStorage) unless the coach ticks
 * « Se souvenir sur cet appareil » (localStorage). Never in IndexedDB with her work, never
 * in a URL, never logged. « Se déconnecter » erases it from both. */

const KEY = "renouer.editeur.github-token";

export interface StoredToken {
  token: string;
  remembered: boolean;
}

export function saveToken(token: string, remember: boolean): void {
  forgetToken();
  (remember ? window.localStorage : window.sessionStorage).setItem(KEY, token);
}

export function loadToken(): StoredToken | null {
  const session = window.sessionStorage.getItem(KEY);
  if (session) return { token: session, remembered: false };
  const local = window.localStorage.getItem(KEY);
  return local ? { token: local, remembered: true } : null;
}

export function forgetToken(): void {
  window.sessionStorage.removeItem(KEY);
  window.localStorage.removeItem(KEY);
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
