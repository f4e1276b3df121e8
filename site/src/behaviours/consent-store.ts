import { useSyncExternalStore } from "react";
import { readConsent, saveConsent, type ConsentChoice } from "./consent";

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

function current(): ConsentState {
  if (!state) {
    const choice = readConsent();
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

export function useConsentState(): ConsentState {
  return useSyncExternalStore(consentStore.subscribe, consentStore.getSnapshot, consentStore.getServerSnapshot);
}
