import { screen } from "@testing-library/react";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { setSite, site } from "./site";
import { renderSite } from "./test/render";

// The same site with no Meta Pixel id in its settings.
const original = site;
beforeAll(() => {
  const settings = { ...site.settings, providers: { ...site.settings.providers, metaPixel: { id: null, provisional: false } } };
  setSite({ ...site, settings });
});
afterAll(() => setSite(original));

describe("without a pixel id", () => {
  it("shows no cookie banner, no footer link to it, and loads no pixel", async () => {
    const { settings } = await import("./site");
    await renderSite("/ressource");
    await screen.findByRole("heading", { level: 1 });
    expect(screen.queryByRole("dialog")).toBeNull();
    expect(screen.queryByRole("button", { name: settings.interface.consent.manage })).toBeNull();
    expect(document.querySelector('script[src*="connect.facebook.net"]')).toBeNull();
    expect(window.fbq).toBeUndefined();
  });
});
