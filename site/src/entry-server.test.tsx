// @vitest-environment node
// The prerender renders each page's frame (consent banner, skip link, header, footer) once per
// frame key and then only the <main> of the other pages (components/frame.ts): every page
// must come out as the render of the whole app would write it, byte for byte.
import { readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it, vi } from "vitest";
import { frameKey } from "./components/frame";
import { builtRoutes, builtSite, PUBLIC_DIR } from "./test/content";
import type { RouteBundle } from "./types";

const bundles = builtRoutes().map(
  (route) => JSON.parse(readFileSync(path.join(PUBLIC_DIR, "data", "routes", `${route.key}.json`), "utf8")) as RouteBundle,
);

/** A fresh copy of the SSR entry, its frames forgotten. */
async function freshServer() {
  vi.resetModules();
  const server = await import("./entry-server");
  server.adoptSite(builtSite());
  return server;
}

describe("the prerender's frame", () => {
  it("gives every page the bytes of its whole render", async () => {
    const whole = [];
    for (const bundle of bundles) whole.push(await (await freshServer()).renderRoute(bundle)); // each the first of its key
    const server = await freshServer();
    const reused = [];
    for (const bundle of bundles) reused.push(await server.renderRoute(bundle));
    expect(reused).toEqual(whole);
  });

  it("has a key of its own on a page a header link points to, one key for the articles", () => {
    const keys = bundles.map((bundle) => frameKey(bundle.path));
    const links = builtSite().settings.navigation.header.map((link) => link.href);
    for (const [i, bundle] of bundles.entries()) {
      expect(keys[i]).toBe(links.includes(bundle.path) ? bundle.path : "");
    }
    expect(new Set(bundles.filter((bundle) => bundle.kind === "article").map((bundle) => frameKey(bundle.path)))).toEqual(new Set([""]));
  });
});
