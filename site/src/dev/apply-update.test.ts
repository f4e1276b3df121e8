import { afterEach, describe, expect, it, vi } from "vitest";
import { cachedRouteKeys, loadRouteBundle } from "../bundles";
import { setSite, settings, site } from "../site";
import type { RouteBundle, SiteBundle } from "../types";
import { realBundle } from "../test/render";
import { staticFetch } from "../test/content";
import { applyUpdate } from "./apply-update";

const update = (changed: string[]) => ({ serial: 1, changed, diagnostics: [] });

/** Serves `data` at the URL ending with `file`, the build's files elsewhere. */
function serve(file: string, data: unknown) {
  vi.spyOn(globalThis, "fetch").mockImplementation(async (input) => {
    if (String(input).split("?")[0]!.endsWith(file)) return new Response(JSON.stringify(data));
    return staticFetch(input as RequestInfo);
  });
}

const original = site;
afterEach(() => {
  setSite(original);
});

describe("live-preview updates", () => {
  it("fetch the shown route again when its file changed, read synchronously by the next render", async () => {
    const bundle = await realBundle("/contact");
    const edited: RouteBundle = { ...bundle, head: { ...bundle.head, title: "Titre modifié" } };
    serve("data/routes/contact.json", edited);
    expect(await applyUpdate(update(["data/routes/contact.json"]), "contact")).toBe(true);
    const promise = loadRouteBundle("contact") as Promise<unknown> & { status?: string; value?: unknown };
    expect(promise.status).toBe("fulfilled");
    expect(promise.value).toEqual(edited);
  });

  it("take a new site.json, so every component reads the new texts", async () => {
    const next = structuredClone(site) as SiteBundle;
    next.settings.interface.articles.readMore = "Lire la suite";
    serve("data/site.json", next);
    expect(await applyUpdate(update(["data/site.json"]), "contact")).toBe(true);
    expect(settings.interface.articles.readMore).toBe("Lire la suite");
  });

  it("take the shown route and site.json from the event when it carries them, without fetching", async () => {
    const bundle = await realBundle("/contact");
    const edited: RouteBundle = { ...bundle, head: { ...bundle.head, title: "Titre de l’événement" } };
    const next = structuredClone(site) as SiteBundle;
    next.settings.interface.articles.readMore = "Lire encore";
    const fetched = vi.spyOn(globalThis, "fetch");
    const files = { "data/routes/contact.json": edited, "data/site.json": next };
    const changed = ["data/routes/contact.json", "data/site.json"];
    expect(await applyUpdate({ ...update(changed), files }, "contact")).toBe(true);
    expect(fetched).not.toHaveBeenCalled();
    const promise = loadRouteBundle("contact") as Promise<unknown> & { status?: string; value?: unknown };
    expect(promise.value).toEqual(edited);
    expect(settings.interface.articles.readMore).toBe("Lire encore");
  });

  it("fetch the shown route when the event names it without its contents (deleted, too large)", async () => {
    const bundle = await realBundle("/contact");
    const edited: RouteBundle = { ...bundle, head: { ...bundle.head, title: "Récupéré" } };
    serve("data/routes/contact.json", edited);
    const files = { "data/routes/autre.json": bundle };
    expect(await applyUpdate({ ...update(["data/routes/contact.json"]), files }, "contact")).toBe(true);
    const promise = loadRouteBundle("contact") as Promise<unknown> & { status?: string; value?: unknown };
    expect(promise.value).toEqual(edited);
  });

  it("forget other routes that changed (fetched again when visited) and leave the page alone", async () => {
    await realBundle("/appel");
    expect(cachedRouteKeys()).toContain("appel");
    expect(await applyUpdate(update(["data/routes/appel.json"]), "contact")).toBe(false);
    expect(cachedRouteKeys()).not.toContain("appel");
  });
});
