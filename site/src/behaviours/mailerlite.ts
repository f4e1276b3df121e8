import { browser } from "./browser";
import { MAILERLITE_ASSETS, MAILERLITE_SCRIPT } from "./providers";
import { insertScriptFirst } from "./scripts";

export { MAILERLITE_SCRIPT };

type MlQueue = ((...args: unknown[]) => void) & { q?: unknown[][] };

declare global {
  interface Window {
    ml?: MlQueue;
    [successCallback: `ml_webform_success_${string}`]: (() => void) | undefined;
  }
}

/** The GET that closes MailerLite's HTML embed code: `formId` is the form's long numeric id
 * (the one of its `…/forms/{formId}/subscribe` address), not the short `data-form` code. */
export function takelUrl(accountId: string, formId: string): string {
  return `${MAILERLITE_ASSETS}/jsonp/${encodeURIComponent(accountId)}/forms/${encodeURIComponent(formId)}/takel`;
}

/** What MailerLite's universal embed snippet does: a `window.ml` queue that the script
 * replays once loaded, the script itself, then `ml('account', id)`. Returns the script
 * element (its `error` event: blocked or offline). */
export function loadMailerLite(accountId: string): HTMLScriptElement {
  if (typeof window.ml !== "function") {
    const queue: MlQueue = (...args: unknown[]) => {
      (queue.q = queue.q ?? []).push(args);
    };
    window.ml = queue;
  }
  const script = insertScriptFirst(MAILERLITE_SCRIPT);
  window.ml("account", accountId);
  return script;
}

/** How long the form may take to appear before the fallback shows (a slow network still
 * gets its form: the fallback goes away when the form appears). */
export const FORM_WAIT_MS = 5000;

/** Calls `onChange(true)` when MailerLite's form is not in `slot` after `FORM_WAIT_MS` or
 * as soon as its script fails to load, and `onChange(false)` when the form appears. Returns
 * the clean-up. */
export function watchForm(
  slot: HTMLElement,
  script: HTMLScriptElement,
  onChange: (missing: boolean) => void,
): () => void {
  const shown = () => slot.querySelector("form") !== null;
  const check = () => onChange(!shown());
  const timer = window.setTimeout(check, FORM_WAIT_MS);
  script.addEventListener("error", check);
  const observer = new MutationObserver(() => shown() && onChange(false));
  observer.observe(slot, { childList: true, subtree: true });
  return () => {
    window.clearTimeout(timer);
    script.removeEventListener("error", check);
    observer.disconnect();
  };
}

/** The `fetch(…/takel)` of the embed code, as it makes it: a plain GET. */
export function sendTakel(accountId: string, formId: string): void {
  fetch(takelUrl(accountId, formId)).catch(() => undefined);
}

/** MailerLite's form script, after a successful sign-up, calls
 * `window["ml_webform_success_" + id]` where id is the form wrapper's `mlb2-{id}` without
 * its prefix: the webform id, never the `data-form` code. */
export function registerSignupSuccess(webformId: string, thankYouUrl: string): () => void {
  const name = `ml_webform_success_${webformId}` as const;
  window[name] = () => browser.assignTop(thankYouUrl);
  return () => {
    delete window[name];
  };
}
