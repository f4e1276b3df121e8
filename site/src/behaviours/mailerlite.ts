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
  if (!document.querySelector(`script[src="${MAILERLITE_SCRIPT}"]`)) {
    const script = document.createElement("script");
    script.async = true;
    script.src = MAILERLITE_SCRIPT;
    const first = document.getElementsByTagName("script")[0];
    if (first?.parentNode) first.parentNode.insertBefore(script, first);
    else document.head.appendChild(script);
  }
  window.ml("account", accountId);
}

/** The form-view statistic MailerLite's embed code records with a plain GET. */
export function trackFormView(accountId: string, formCode: string): void {
  fetch(trackViewUrl(accountId, formCode)).catch(() => undefined);
}

/** Sends the visitor to a page of ours: the top window when the site is framed and the
 * browser lets us, otherwise the current one. */
export function goTo(url: string): void {
  try {
    if (!window.top) throw new Error("no top window");
    window.top.location.href = url;
  } catch {
    window.location.href = url;
  }
}

/** MailerLite calls `ml_webform_success_{formCode}()` after a successful sign-up. */
export function registerSignupSuccess(formCode: string, thankYouUrl: string): () => void {
  const name = `ml_webform_success_${formCode}` as const;
  window[name] = () => goTo(thankYouUrl);
  return () => {
    delete window[name];
  };
}
