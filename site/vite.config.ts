import { readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import react from "@vitejs/plugin-react";
import type { Plugin } from "vite";
import { defineConfig } from "vitest/config";
import { themeStyleTag } from "./src/lib/theme.ts";
import { basePathOf } from "./src/lib/site-url.ts";
import { liveContent } from "./scripts/live-content-plugin.ts";

const siteJson = fileURLToPath(new URL("./src/bundles/site.json", import.meta.url));
const bundlesDir = fileURLToPath(new URL("./src/bundles", import.meta.url));

interface SiteJsonHead {
  basePath: string;
  settings: { theme: Parameters<typeof themeStyleTag>[0] };
}

function readSite(): SiteJsonHead {
  return JSON.parse(readFileSync(siteJson, "utf8")) as SiteJsonHead;
}

/** SITE_URL (deploy) wins over the base path the pipeline derived, so both builds agree. */
function resolveBase(): string {
  const fromEnv = process.env.SITE_URL;
  if (fromEnv) return basePathOf(fromEnv);
  try {
    return readSite().basePath;
  } catch {
    return "/";
  }
}

/** Inlines the brand colours of the site settings in every page's <head> (dev and build). */
function themeColours(): Plugin {
  return {
    name: "renouer-theme-colours",
    transformIndexHtml: {
      order: "pre",
      handler: (html) => html.replace("<!--theme-style-->", themeStyleTag(readSite().settings.theme)),
    },
  };
}

// react-router's package exports point every bundler at its development build; the
// published site gets its production build (same API, no dev-only checks, ~4 KB less).
const routerProduction = {
  "react-router/dom": fileURLToPath(new URL("./node_modules/react-router/dist/production/dom-export.mjs", import.meta.url)),
  "react-router": fileURLToPath(new URL("./node_modules/react-router/dist/production/index.mjs", import.meta.url)),
};

export default defineConfig(({ command, isSsrBuild }) => ({
  base: resolveBase(),
  resolve: {
    alias:
      command === "build" && !isSsrBuild
        ? Object.entries(routerProduction).map(([find, replacement]) => ({ find: new RegExp(`^${find}$`), replacement }))
        : [],
  },
  plugins: [react(), themeColours(), liveContent(bundlesDir)],
  build: {
    outDir: process.env.OUT_DIR ?? "dist",
    emptyOutDir: true,
    manifest: true,
    target: "es2022",
  },
  test: {
    environment: "jsdom",
    setupFiles: ["src/test/setup.ts"],
    css: false,
    restoreMocks: true,
  },
}));
