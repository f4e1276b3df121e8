// `npm run build`: client build, SSR build, then the prerender writes one HTML file per
// route. SITE_URL (public URL; its path is the base path) and OUT_DIR (default site/dist)
// come from the environment; vite.config.ts reads them.
import { readFile, rm } from "node:fs/promises";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { build } from "vite";
import { prerender } from "./prerender.mjs";

const root = fileURLToPath(new URL("..", import.meta.url));
const outDir = path.resolve(process.env.OUT_DIR ?? path.join(root, "dist"));
const ssrDir = path.join(root, ".ssr");

// The bundles carry absolute URLs (canonical, og:image) made from the URL `contenu build`
// was given: building the site for another URL would publish wrong links.
const site = JSON.parse(await readFile(path.join(root, "src/bundles/site.json"), "utf8"));
const wanted = process.env.SITE_URL && new URL(process.env.SITE_URL.replace(/\/?$/, "/")).href;
if (wanted && wanted !== site.siteUrl) {
  console.error(
    `Erreur : SITE_URL vaut ${wanted} mais les contenus ont été compilés pour ${site.siteUrl}.\n` +
      `Relancez « SITE_URL=${process.env.SITE_URL} contenu build » avant « npm run build ».`,
  );
  process.exit(1);
}

await build({ root, logLevel: "warn", build: { outDir, emptyOutDir: true } });
await build({
  root,
  logLevel: "warn",
  build: { ssr: "src/entry-server.tsx", outDir: ssrDir, emptyOutDir: true, copyPublicDir: false, manifest: false },
});
const pages = await prerender({ outDir, serverEntry: path.join(ssrDir, "entry-server.js") });
await rm(ssrDir, { recursive: true, force: true });
console.log(`Site écrit dans ${outDir} : ${pages} pages.`);
