import { readFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import react from "@vitejs/plugin-react";
import type { Plugin } from "vite";
import { defineConfig } from "vitest/config";
import { themeStyleTag } from "./src/lib/theme.ts";
import type { SiteAddress } from "./src/content-types.gen.ts";
import { liveContent } from "./scripts/live-content-plugin.ts";
import { devNonce, editorPage } from "./scripts/editor-page.ts";
import { carnetServer } from "./scripts/editor-server.ts";

const here = fileURLToPath(new URL(".", import.meta.url));

/** The `contenu` build this server or build reads: CONTENU_OUT, else the preview folder
 * (`contenu dev`) for the dev server and the build folder (`contenu build`) for a build. */
function contentOut(command: "build" | "serve"): string {
  const fallback = command === "serve" && !process.env.VITEST ? "generated/preview" : "generated/build";
  return path.resolve(process.env.CONTENU_OUT ?? path.join(here, fallback));
}

interface SiteJsonHead {
  settings: { theme: Parameters<typeof themeStyleTag>[0] };
}

function readSite(out: string): SiteJsonHead {
  return JSON.parse(readFileSync(path.join(out, "public", "data", "site.json"), "utf8")) as SiteJsonHead;
}

/** The content folder the editor's local API reads and writes (`contenu dev --content`). */
const contentDir = path.resolve(process.env.CONTENU_CONTENT ?? path.join(here, "..", "content"));

/** The address `contenu build` (or `contenu dev`) resolved from SITE_URL or the settings,
 * read from its address.json rather than resolved again; "/" and no URL before any build. */
function resolveAddress(out: string): { basePath: string; siteUrl: string } {
  try {
    const address = JSON.parse(readFileSync(path.join(out, "address.json"), "utf8")) as SiteAddress;
    return { basePath: address.basePath, siteUrl: address.siteUrl };
  } catch {
    return { basePath: "/", siteUrl: "" };
  }
}

/** The carnet's own origin when it is published on one (CARNET_URL: an address that holds
 * nothing but the carnet, docs/security.md), else "": the carnet then shares the site's. */
function resolveCarnetOrigin(siteUrl: string, base: string): string {
  const given = process.env.CARNET_URL;
  if (!given) return "";
  const url = new URL(given);
  if (url.protocol !== "https:") throw new Error(`CARNET_URL doit commencer par https:// (${given}).`);
  if (url.pathname.replace(/\/?$/, "/") !== base) {
    throw new Error(`CARNET_URL doit avoir le même chemin que le site (${base}) : ${given}.`);
  }
  return siteUrl && url.origin === new URL(siteUrl).origin ? "" : url.origin;
}

/** Dev server: the brand colours of the preview's settings in the page's <head> (the
 * prerender does the same for each built page). */
function themeColours(out: string): Plugin {
  return {
    name: "renouer-theme-colours",
    apply: "serve",
    transformIndexHtml: {
      order: "pre",
      handler: (html) => html.replace("<!--theme-style-->", themeStyleTag(readSite(out).settings.theme)),
    },
  };
}

// react-router's package exports point every bundler at its development build; the
// published site gets its production build (same API, no dev-only checks, ~4 KB less).
const routerProduction = {
  "react-router/dom": fileURLToPath(new URL("./node_modules/react-router/dist/production/dom-export.mjs", import.meta.url)),
  "react-router": fileURLToPath(new URL("./node_modules/react-router/dist/production/index.mjs", import.meta.url)),
};

export default defineConfig(({ command, isSsrBuild }) => {
  const out = contentOut(command);
  const { basePath: base, siteUrl } = resolveAddress(out);
  const carnetOrigin = resolveCarnetOrigin(siteUrl, base);
  return {
    base,
    // The repository the editor proposes changes to (GitHub Actions sets GITHUB_REPOSITORY).
    // The carnet's own origin, if any, and then the site it frames in its previews.
    define: {
      __GITHUB_REPOSITORY__: JSON.stringify(process.env.GITHUB_REPOSITORY ?? ""),
      __CARNET_ORIGIN__: JSON.stringify(carnetOrigin),
      __CARNET_SITE_URL__: JSON.stringify(carnetOrigin ? siteUrl : ""),
    },
    resolve: {
      alias:
        command === "build"
          ? Object.entries(routerProduction).map(([find, replacement]) => ({ find: new RegExp(`^${find}$`), replacement }))
          : [],
    },
    // The prerender too (bundled, so that the alias above applies): one router, its
    // production build (its development build is a third slower to render).
    ssr: isSsrBuild ? { noExternal: ["react-router", "react-router-dom"] } : undefined,
    plugins: [
      react(),
      ...(process.env.VITEST
        ? []
        : [
            themeColours(out),
            liveContent(out, () => base),
            carnetServer(contentDir, () => base),
            editorPage(command, { siteUrl, carnetOrigin }),
          ]),
    ],
    // The editor's page has a strict policy even on the dev server: what Vite injects carries
    // this nonce (the site's pages have no policy on the dev server).
    html: command === "serve" && !process.env.VITEST ? { cspNonce: devNonce } : undefined,
    build: {
      outDir: process.env.OUT_DIR ?? "dist",
      emptyOutDir: true,
      manifest: true,
      target: "es2022",
      // A small font (the open zero, ~2.5 kB) stays a file: the CSP's font-src is 'self',
      // which refuses data: URLs.
      assetsInlineLimit: (file: string) => (file.endsWith(".woff2") ? false : undefined),
    },
    test: {
      environment: "jsdom",
      setupFiles: ["src/test/setup.ts"],
      css: false,
      restoreMocks: true,
      // Generous (5 s by default): a limit only for a test that hangs, never a speed check,
      // so the suite holds on a machine busy with other work.
      testTimeout: 60_000,
      hookTimeout: 60_000,
    },
  };
});
