import { afterEach, describe, expect, it, vi } from "vitest";
import { PIXEL_SCRIPT, enterRoutePixel, loadPixel, trackPixel } from "./pixel";

afterEach(() => {
  delete window.fbq;
  delete window._fbq;
  enterRoutePixel(null);
  document.querySelectorAll("script").forEach((s) => s.remove());
});

describe("Meta Pixel events", () => {
  it("are not sent, and nothing breaks, when the pixel is absent", () => {
    expect(trackPixel({ event: "Lead", params: {} })).toBe(false);
    expect(() => enterRoutePixel({ event: "Lead", params: {} })).not.toThrow();
  });

  it("are sent with their parameters when fbq exists", () => {
    const fbq = vi.fn();
    window.fbq = fbq;
    enterRoutePixel({ event: "ViewContent", params: { content_name: "Guide", content_type: "ebook" } });
    expect(fbq).toHaveBeenCalledWith("track", "ViewContent", { content_name: "Guide", content_type: "ebook" });
  });

  it("the base code defines fbq, loads fbevents.js, inits, and sends the current page's event", () => {
    enterRoutePixel({ event: "Schedule", params: { content_name: "Appel" } });
    loadPixel("1234567890");
    expect(typeof window.fbq).toBe("function");
    expect(document.querySelector(`script[src="${PIXEL_SCRIPT}"]`)).not.toBeNull();
    expect(window.fbq?.queue).toEqual([
      ["init", "1234567890"],
      ["track", "PageView"],
      ["track", "Schedule", { content_name: "Appel" }],
    ]);
    // fbevents.js then calls through callMethod, on fbq itself as the base code's apply does.
    const seen: unknown[] = [];
    const fbq = window.fbq;
    if (!fbq) throw new Error("fbq missing");
    fbq.callMethod = function (this: unknown, ...args: unknown[]) {
      seen.push(this, args);
    };
    fbq("track", "Lead");
    expect(seen).toEqual([fbq, ["track", "Lead"]]);
    expect(window._fbq).toBe(fbq);
  });
});
