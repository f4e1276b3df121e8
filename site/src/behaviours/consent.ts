/** The visitor's choice about the Meta Pixel, kept in localStorage with its date. The CNIL
 * recommends keeping a choice for 6 months, then asking again. */
export type ConsentChoice = "accepted" | "refused";

export const CONSENT_KEY = "renouer.consent.meta-pixel";
export const CONSENT_MONTHS = 6;
/** The event the page's first script (boot.ts) sends on `document` when the visitor chose in
 * the prerendered banner before its code hydrated it (`detail`: the choice); the consent
 * store (consent-store.ts) adopts it. */
export const EARLY_CHOICE_EVENT = "renouer:consent-choice";

export function isConsentChoice(value: unknown): value is ConsentChoice {
  return value === "accepted" || value === "refused";
}

interface StoredConsent {
  choice: ConsentChoice;
  date: string;
}

function storage(): Storage | null {
  try {
    return window.localStorage;
  } catch {
    return null; // storage disabled: ask on every visit, never load the pixel silently
  }
}

export function consentExpiry(date: Date): Date {
  const expiry = new Date(date.getTime());
  expiry.setMonth(expiry.getMonth() + CONSENT_MONTHS);
  return expiry;
}

/** The stored choice if it is still valid at `now`, else null (ask again). */
export function readConsent(now: Date = new Date()): ConsentChoice | null {
  try {
    const raw = storage()?.getItem(CONSENT_KEY);
    if (!raw) return null;
    const stored = JSON.parse(raw) as Partial<StoredConsent>;
    if (!isConsentChoice(stored.choice)) return null;
    const date = new Date(stored.date ?? "");
    if (Number.isNaN(date.getTime()) || date.getTime() > now.getTime()) return null;
    return now.getTime() < consentExpiry(date).getTime() ? stored.choice : null;
  } catch {
    return null;
  }
}

export function saveConsent(choice: ConsentChoice, now: Date = new Date()): void {
  try {
    storage()?.setItem(CONSENT_KEY, JSON.stringify({ choice, date: now.toISOString() } satisfies StoredConsent));
  } catch {
    // Storage full or disabled: the choice holds for this page only.
  }
}
