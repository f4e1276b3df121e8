import { afterEach, describe, expect, it, vi } from "vitest";
import { EARLY_CHOICE_EVENT, saveConsent } from "./consent";
import { consentStore } from "./consent-store";

describe("the consent store", () => {
  afterEach(() => {
    delete document.documentElement.dataset.consent;
    consentStore.reset();
  });

  it("asks when no choice is known", () => {
    expect(consentStore.getSnapshot()).toEqual({ choice: null, bannerOpen: true, reopened: false });
  });

  it("adopts a choice the page's first script kept before the banner hydrated", () => {
    expect(consentStore.getSnapshot().bannerOpen).toBe(true);
    const listener = vi.fn();
    const unsubscribe = consentStore.subscribe(listener);
    // What boot.ts does on a tap in the prerendered banner.
    saveConsent("accepted");
    document.dispatchEvent(new CustomEvent(EARLY_CHOICE_EVENT, { detail: "accepted" }));
    unsubscribe();
    expect(listener).toHaveBeenCalled();
    expect(consentStore.getSnapshot()).toEqual({ choice: "accepted", bannerOpen: false, reopened: false });
  });

  it("reads a choice stored before it first ran", () => {
    saveConsent("refused");
    expect(consentStore.getSnapshot()).toMatchObject({ choice: "refused", bannerOpen: false });
  });

  it("reads the choice marked on the document when the browser keeps no storage", () => {
    document.documentElement.dataset.consent = "refused";
    expect(consentStore.getSnapshot()).toMatchObject({ choice: "refused", bannerOpen: false });
  });

  it("ignores an announcement that is not a choice", () => {
    document.dispatchEvent(new CustomEvent(EARLY_CHOICE_EVENT, { detail: "yes" }));
    expect(consentStore.getSnapshot().choice).toBeNull();
  });
});
