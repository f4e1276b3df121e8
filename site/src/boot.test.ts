import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { CONSENT_KEY, EARLY_CHOICE_EVENT, readConsent } from "./behaviours/consent";

/** Runs boot.ts as a page would: once, on the document as it is. */
async function boot(): Promise<void> {
  vi.resetModules();
  await import("./boot");
}

describe("the page's first script", () => {
  beforeEach(() => {
    // boot.ts arms a timer as it starts: fake ones, cleared after each test, so none fires
    // once the test file's document is gone.
    vi.useFakeTimers();
    window.localStorage.clear();
    delete document.documentElement.dataset.consent;
    document.head.innerHTML =
      '<template id="after-paint"><link rel="modulepreload" href="/assets/chunk.js"><script type="module" src="/assets/index.js"></script></template>';
  });
  afterEach(() => {
    vi.clearAllTimers();
    vi.useRealTimers();
  });

  it("shows the prerendered consent banner only when no choice is stored", async () => {
    await boot();
    expect(document.documentElement.dataset.consent).toBe("ask");

    delete document.documentElement.dataset.consent;
    window.localStorage.setItem(CONSENT_KEY, JSON.stringify({ choice: "refused", date: new Date().toISOString() }));
    await boot();
    expect(document.documentElement.dataset.consent).toBeUndefined();
  });

  it("loads the parked code once the page is shown, as live elements", async () => {
    await boot();
    // Before the first screen is complete, nothing of the page's code is requested.
    expect(document.head.querySelector("script[src]")).toBeNull();
    vi.advanceTimersByTime(3000);
    const script = document.head.querySelector<HTMLScriptElement>('script[src="/assets/index.js"]');
    expect(script?.type).toBe("module");
    expect(document.head.querySelector('link[rel="modulepreload"][href="/assets/chunk.js"]')).not.toBeNull();
    expect(document.getElementById("after-paint")).toBeNull();
  });

  it("loads the code after three seconds even when an image keeps the load event waiting", async () => {
    Object.defineProperty(document, "readyState", { value: "interactive", configurable: true });
    try {
      await boot();
      vi.advanceTimersByTime(2900);
      expect(document.head.querySelector("script[src]")).toBeNull();
      vi.advanceTimersByTime(100);
      expect(document.head.querySelector('script[src="/assets/index.js"]')).not.toBeNull();
    } finally {
      delete (document as { readyState?: unknown }).readyState;
    }
  });

  describe("a choice tapped in the prerendered banner", () => {
    const banner = (pending: boolean) =>
      `<section class="consent"${pending ? " data-pending" : ""}><button type="button" data-choice="refused">Refuser</button>` +
      '<button type="button" data-choice="accepted">Accepter</button></section>';
    const button = (choice: string) => document.querySelector<HTMLButtonElement>(`button[data-choice="${choice}"]`)!;

    afterEach(() => {
      document.body.innerHTML = "";
    });

    it("is stored, hides the banner and is announced before the banner's code hydrated it", async () => {
      document.body.innerHTML = banner(true);
      await boot();
      const announced: unknown[] = [];
      const listen = (event: Event) => announced.push((event as CustomEvent).detail);
      document.addEventListener(EARLY_CHOICE_EVENT, listen);
      try {
        button("accepted").click();
      } finally {
        document.removeEventListener(EARLY_CHOICE_EVENT, listen);
      }
      expect(readConsent()).toBe("accepted");
      // No longer "ask": the styles no longer show the pending banner (ConsentBanner.css).
      expect(document.documentElement.dataset.consent).toBe("accepted");
      // Each boot() of this file added its listener to the same document: all announce it.
      expect(new Set(announced)).toEqual(new Set(["accepted"]));
    });

    it("is left to React once the banner is hydrated", async () => {
      document.body.innerHTML = banner(false);
      await boot();
      button("refused").click();
      expect(readConsent()).toBeNull();
      expect(document.documentElement.dataset.consent).toBe("ask");
    });
  });
});
