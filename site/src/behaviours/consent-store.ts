import { useSyncExternalStore } from "react";
import { EARLY_CHOICE_EVENT, isConsentChoice, readConsent, saveConsent, type ConsentChoice } from "./consent";

export interface ConsentState {
  choice: ConsentChoice | null;
  bannerOpen: boolean;
  /** The banner was opened from the footer link: take keyboard focus there. */
  reopened: boolean;
}

// The prerender cannot know the choice (it stays in the browser): the server snapshot is
// "nothing known"; ConsentBanner draws itself pending until hydrated (see its comment).
const SERVER_STATE: ConsentState = { choice: null, bannerOpen: false, reopened: false };

let state: ConsentState | null = null;
const listeners = new Set<() => void>();

/** The choice the page's first script (boot.ts) marked on the document when the visitor
 * chose before the banner hydrated: it is stored too, unless the browser keeps no storage. */
function earlyChoice(): ConsentChoice | null {
  const marked = document.documentElement.dataset.consent;
  return isConsentChoice(marked) ? marked : null;
}

function current(): ConsentState {
  if (!state) {
    const choice = readConsent() ?? earlyChoice();
    state = { choice, bannerOpen: choice === null, reopened: false };
  }
  return state;
}

function set(next: ConsentState): void {
  state = next;
  listeners.forEach((listener) => listener());
}

export const consentStore = {
  subscribe(listener: () => void): () => void {
    listeners.add(listener);
    return () => listeners.delete(listener);
  },
  getSnapshot: current,
  getServerSnapshot: (): ConsentState => SERVER_STATE,
  choose(choice: ConsentChoice): void {
    saveConsent(choice);
    set({ choice, bannerOpen: false, reopened: false });
  },
  reopen(): void {
    set({ ...current(), bannerOpen: true, reopened: true });
  },
  /** Forget the in-memory state (tests, or after localStorage changed). */
  reset(): void {
    state = null;
  },
};

// A choice made in the prerendered banner once this module runs but before the banner
// hydrated (boot.ts stored it already): adopted as if made here. Not in the prerender.
if (typeof document !== "undefined") {
  document.addEventListener(EARLY_CHOICE_EVENT, (event) => {
    const choice: unknown = (event as CustomEvent<unknown>).detail;
    if (isConsentChoice(choice)) set({ choice, bannerOpen: false, reopened: false });
  });
}

export function useConsentState(): ConsentState {
  return useSyncExternalStore(consentStore.subscribe, consentStore.getSnapshot, consentStore.getServerSnapshot);
}
