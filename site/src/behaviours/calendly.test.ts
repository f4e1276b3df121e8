import { afterEach, describe, expect, it, vi } from "vitest";
import { CALENDLY_SCRIPT, calendlyWidgetUrl, isEventScheduled, startCalendly } from "./calendly";

const scheduled = { event: "calendly.event_scheduled", payload: {} };
const scripts = () => Array.from(document.querySelectorAll("script")).filter((s) => s.getAttribute("src") === CALENDLY_SCRIPT);

afterEach(() => document.querySelectorAll("script").forEach((s) => s.remove()));

describe("Calendly", () => {
  it("hides its GDPR banner and takes the brand colours without #", () => {
    const url = calendlyWidgetUrl("https://calendly.com/x/appel", { background: "#fbf7f2", text: "#2d2a26", primary: "#2f6f62" });
    expect(url).toBe(
      "https://calendly.com/x/appel?hide_gdpr_banner=1&background_color=fbf7f2&text_color=2d2a26&primary_color=2f6f62",
    );
  });

  it("adds the display options Calendly documents, only when they are on", () => {
    const colours = { background: "#ffffff", text: "#000000", primary: "#2f6f62" };
    const url = new URL(calendlyWidgetUrl("https://calendly.com/x/appel", colours, { hideEventTypeDetails: true, hideLandingPageDetails: false }));
    expect(url.searchParams.get("hide_event_type_details")).toBe("1");
    expect(url.searchParams.has("hide_landing_page_details")).toBe(false);
    const both = new URL(calendlyWidgetUrl("https://calendly.com/x/appel", colours, { hideEventTypeDetails: true, hideLandingPageDetails: true }));
    expect(both.searchParams.get("hide_landing_page_details")).toBe("1");
  });

  it("trusts a booking message only from https://calendly.com", () => {
    expect(isEventScheduled(new MessageEvent("message", { origin: "https://calendly.com", data: scheduled }))).toBe(true);
    expect(isEventScheduled(new MessageEvent("message", { origin: "https://evil.example", data: scheduled }))).toBe(false);
    expect(isEventScheduled(new MessageEvent("message", { origin: "https://calendly.com.evil.example", data: scheduled }))).toBe(false);
    expect(
      isEventScheduled(new MessageEvent("message", { origin: "https://calendly.com", data: { event: "calendly.date_and_time_selected" } })),
    ).toBe(false);
    expect(isEventScheduled(new MessageEvent("message", { origin: "https://calendly.com", data: "calendly.event_scheduled" }))).toBe(false);
  });

  it("adds its script on start and removes it, and stops listening, on stop", () => {
    const onScheduled = vi.fn();
    const stop = startCalendly(onScheduled);
    expect(scripts()).toHaveLength(1);

    window.dispatchEvent(new MessageEvent("message", { origin: "https://evil.example", data: scheduled }));
    expect(onScheduled).not.toHaveBeenCalled();
    window.dispatchEvent(new MessageEvent("message", { origin: "https://calendly.com", data: scheduled }));
    expect(onScheduled).toHaveBeenCalledTimes(1);

    stop();
    expect(scripts()).toHaveLength(0);
    window.dispatchEvent(new MessageEvent("message", { origin: "https://calendly.com", data: scheduled }));
    expect(onScheduled).toHaveBeenCalledTimes(1);
  });
});
