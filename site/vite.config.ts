import { readFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import react from "@vitejs/plugin-react";
import type { Plugin } from "vite";
import { defineConfig } from "vitest/config";
import { themeStyleTag } from "./src/lib/theme.ts";
import type { SiteAddress } from "./src/content-types.gen.ts";
import { liveContent } from "./scripts/live-content-plugin.ts";
import { editorFiles } from "./scripts/editor-api.ts";
import { devNonce, editorPage } from "./scripts/editor-page.ts";

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

/** The base path `contenu build` (or `contenu dev`) resolved from SITE_URL or the settings,
 * read from its address.json rather than resolved again; "/" before any content build. */
function resolveBase(out: string): string {
  try {
    const address = JSON.parse(readFileSync(path.join(out, "address.json"), "utf8")) as SiteAddress;
    return address.basePath;
  } catch {
    return "/";
  }
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
  const base = resolveBase(out);
  return {
    base,
    // The repository the editor proposes changes to (GitHub Actions sets GITHUB_REPOSITORY).
    define: { __GITHUB_REPOSITORY__: JSON.stringify(process.env.GITHUB_REPOSITORY ?? "") },
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
        : [themeColours(out), liveContent(out, () => base), editorFiles(contentDir, () => base), editorPage(command)]),
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
