import { screen } from "@testing-library/react";
import { describe, expect, it, vi } from "vitest";
import { renderSite } from "./test/render";

// The same site with no Meta Pixel id in its settings.
vi.mock("./site", async (importOriginal) => {
  const actual = await importOriginal<typeof import("./site")>();
  const settings = { ...actual.settings, providers: { ...actual.settings.providers, metaPixel: { id: null } } };
  return { ...actual, settings, site: { ...actual.site, settings } };
});

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
