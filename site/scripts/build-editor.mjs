// `node scripts/build-editor.mjs`: the editor page alone (/editeur/), with the content build's
// public data (data/site.json and the routes' data, for its previews), into OUT_DIR. The
// browser tests build it this way with GITHUB_REPOSITORY and VITE_GITHUB_API (the API origin
// they route to their fake GitHub); the site's own build (build.mjs) is not involved.
import { cp, mkdir } from "node:fs/promises";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { build } from "vite";

const root = fileURLToPath(new URL("..", import.meta.url));
const outDir = path.resolve(process.env.OUT_DIR ?? path.join(root, "dist-editeur"));
const contentOut = path.resolve(process.env.CONTENU_OUT ?? path.join(root, "generated", "build"));

await build({
  root,
  logLevel: "warn",
  build: {
    outDir,
    emptyOutDir: true,
    manifest: false,
    assetsDir: "editeur/assets",
    rollupOptions: { input: path.join(root, "editeur", "index.html") },
  },
});
await mkdir(path.join(outDir, "data"), { recursive: true });
await cp(path.join(contentOut, "public", "data"), path.join(outDir, "data"), { recursive: true });
console.log(`Éditeur écrit dans ${outDir}.`);
