import { browser } from "./browser";
import { insertScriptFirst } from "./scripts";

export const MAILERLITE_SCRIPT = "https://assets.mailerlite.com/js/universal.js";

type MlQueue = ((...args: unknown[]) => void) & { q?: unknown[][] };

declare global {
  interface Window {
    ml?: MlQueue;
    [successCallback: `ml_webform_success_${string}`]: (() => void) | undefined;
  }
}

export function trackViewUrl(accountId: string, formCode: string): string {
  return `https://assets.mailerlite.com/jsonp/${encodeURIComponent(accountId)}/forms/${encodeURIComponent(formCode)}/track-view`;
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

/** The form-view statistic MailerLite's embed code records with a plain GET. */
export function trackFormView(accountId: string, formCode: string): void {
  fetch(trackViewUrl(accountId, formCode)).catch(() => undefined);
}

/** MailerLite calls `ml_webform_success_{formCode}()` after a successful sign-up. */
export function registerSignupSuccess(formCode: string, thankYouUrl: string): () => void {
  const name = `ml_webform_success_${formCode}` as const;
  window[name] = () => browser.assignTop(thankYouUrl);
  return () => {
    delete window[name];
  };
}
