// `npm run build`: client build, SSR build, then the prerender writes one HTML file per
// route. SITE_URL (public URL; its path is the base path) and OUT_DIR (default site/dist)
// come from the environment; vite.config.ts reads them.
import { readFile, readdir, rm } from "node:fs/promises";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { build } from "vite";
import { prerender } from "./prerender.mjs";

// Same value as src/dev/live-content-event.ts (a .ts file this script cannot import).
const LIVE_CONTENT_EVENT = "renouer:content";

/** The live preview (src/dev/) must stay out of what visitors download. */
async function refuseDevCode(assets) {
  for (const file of await readdir(assets)) {
    if (!file.endsWith(".js")) continue;
    if ((await readFile(path.join(assets, file), "utf8")).includes(LIVE_CONTENT_EVENT)) {
      console.error(`Erreur : le code de la prévisualisation (src/dev/) se retrouve dans ${file}.`);
      process.exit(1);
    }
  }
}

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
await refuseDevCode(path.join(outDir, "assets"));
await build({
  root,
  logLevel: "warn",
  build: { ssr: "src/entry-server.tsx", outDir: ssrDir, emptyOutDir: true, copyPublicDir: false, manifest: false },
});
const pages = await prerender({ outDir, serverEntry: path.join(ssrDir, "entry-server.js") });
await rm(ssrDir, { recursive: true, force: true });
console.log(`Site écrit dans ${outDir} : ${pages} pages.`);
