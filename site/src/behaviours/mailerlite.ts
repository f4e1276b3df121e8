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
 * replays once loaded, the script itself, then `ml('account', id)`. */
export function loadMailerLite(accountId: string): void {
  if (typeof window.ml !== "function") {
    const queue: MlQueue = (...args: unknown[]) => {
      (queue.q = queue.q ?? []).push(args);
    };
    window.ml = queue;
  }
  insertScriptFirst(MAILERLITE_SCRIPT);
  window.ml("account", accountId);
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
