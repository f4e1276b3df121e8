import { describe, expect, it } from "vitest";
import { browser } from "./browser";

describe("assignTop", () => {
  it("sends the top window when it may", () => {
    const top = { location: { href: "" } };
    const self = { top, location: { href: "" } } as unknown as Window;
    browser.assignTop("/merci", self);
    expect(top.location.href).toBe("/merci");
    expect(self.location.href).toBe("");
  });

  it("falls back to the current window when the top one refuses", () => {
    const top = {
      location: {
        set href(_: string) {
          throw new DOMException("Blocked a frame with origin", "SecurityError");
        },
      },
    };
    const self = { top, location: { href: "" } } as unknown as Window;
    browser.assignTop("/merci", self);
    expect(self.location.href).toBe("/merci");
  });
});
