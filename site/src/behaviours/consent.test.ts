import { describe, expect, it } from "vitest";
import { CONSENT_KEY, consentExpiry, readConsent, saveConsent } from "./consent";

const day = 24 * 60 * 60 * 1000;

describe("the cookie choice", () => {
  it("is unknown until the visitor chooses", () => {
    expect(readConsent()).toBeNull();
  });

  it("is stored with its date and honoured for 6 months, then asked again", () => {
    const chosen = new Date("2025-01-15T10:00:00Z");
    saveConsent("accepted", chosen);
    const stored = JSON.parse(window.localStorage.getItem(CONSENT_KEY) ?? "{}");
    expect(stored).toEqual({ choice: "accepted", date: chosen.toISOString() });

    expect(readConsent(new Date(chosen.getTime() + 150 * day))).toBe("accepted");
    const expiry = consentExpiry(chosen);
    expect(readConsent(new Date(expiry.getTime() - 1000))).toBe("accepted");
    expect(readConsent(expiry)).toBeNull();
    expect(readConsent(new Date(chosen.getTime() + 200 * day))).toBeNull();
  });

  it("keeps a refusal the same way", () => {
    const chosen = new Date("2025-03-01T00:00:00Z");
    saveConsent("refused", chosen);
    expect(readConsent(new Date(chosen.getTime() + 30 * day))).toBe("refused");
  });

  it("ignores a damaged or foreign value", () => {
    window.localStorage.setItem(CONSENT_KEY, "{not json");
    expect(readConsent()).toBeNull();
    window.localStorage.setItem(CONSENT_KEY, JSON.stringify({ choice: "yes", date: new Date().toISOString() }));
    expect(readConsent()).toBeNull();
  });
});
