import { describe, expect, it } from "vitest";
import { loadRouteBundle } from "../bundles";
import { settings, site } from "../site";
import type { SiteBundle } from "../types";
import { realBundle } from "../test/render";
import { applyUpdate } from "./apply-update";

describe("live-preview updates", () => {
  it("put a rewritten route bundle in memory, read synchronously by the next render", async () => {
    const bundle = await realBundle("/contact");
    const edited = { ...bundle, head: { ...bundle.head, title: "Titre modifié" } };
    expect(await applyUpdate({ file: `routes/${bundle.key}.json`, data: edited })).toEqual({ kind: "content" });
    const promise = loadRouteBundle(bundle.key) as Promise<unknown> & { status?: string; value?: unknown };
    expect(promise.status).toBe("fulfilled");
    expect(promise.value).toEqual(edited);
  });

  it("swap site.json in place, so modules holding `settings` see the new texts", async () => {
    const before = structuredClone(site) as SiteBundle;
    const next = structuredClone(site) as SiteBundle;
    next.settings.interface.articles.readMore = "Lire la suite";
    try {
      await applyUpdate({ file: "site.json", data: next });
      expect(settings.interface.articles.readMore).toBe("Lire la suite");
    } finally {
      await applyUpdate({ file: "site.json", data: before });
    }
  });

  it("hand diagnostics to the overlay and ignore other files", async () => {
    expect(await applyUpdate({ file: "diagnostics.json", data: [] })).toEqual({ kind: "diagnostics", diagnostics: [] });
    expect(await applyUpdate({ file: "collections/faq.json", data: [] })).toEqual({ kind: "ignored" });
  });
});
