// Writes OUT_DIR/<route>/index.html for every route of site.json (404.html for the error
// page) from the client build's index.html and the SSR build's renderRoute().
import { mkdir, readFile, rm, writeFile } from "node:fs/promises";
import path from "node:path";
import { pathToFileURL } from "node:url";

/** `/` → index.html, `/blog/x` → blog/x/index.html, the not-found route → 404.html. */
export function fileForRoute(route) {
  if (route.kind === "not-found") return "404.html";
  const clean = route.path.replace(/^\/+|\/+$/g, "");
  return clean ? `${clean}/index.html` : "index.html";
}

/** The JS files a set of manifest keys needs, minus those the entry script already loads. */
function chunkFiles(manifest, keys) {
  const entryFiles = new Set();
  const walk = (key, into) => {
    const chunk = manifest[key];
    if (!chunk || into.has(chunk.file)) return;
    into.add(chunk.file);
    for (const imported of chunk.imports ?? []) walk(imported, into);
  };
  walk("index.html", entryFiles);
  const files = new Set();
  for (const key of keys) walk(key, files);
  return [...files].filter((file) => !entryFiles.has(file));
}

function fill(template, marker, value) {
  if (!template.includes(marker)) throw new Error(`index.html has lost its ${marker} marker`);
  return template.replace(marker, () => value);
}

export async function prerender({ outDir, serverEntry }) {
  const template = await readFile(path.join(outDir, "index.html"), "utf8");
  const manifestFile = path.join(outDir, ".vite", "manifest.json");
  const manifest = JSON.parse(await readFile(manifestFile, "utf8"));
  const { site, renderRoute, BASE_PATH } = await import(pathToFileURL(serverEntry).href);

  let count = 0;
  for (const route of site.routes) {
    const { appHtml, headHtml, chunks } = await renderRoute(route);
    // The route's content and cell chunks are needed before hydration: fetch them with the HTML.
    const preload = chunkFiles(manifest, chunks)
      .map((file) => `\n    <link rel="modulepreload" crossorigin href="${BASE_PATH}${file}">`)
      .join("");
    let html = fill(template, "<!--head-tags-->", headHtml + preload);
    html = fill(html, "<!--app-html-->", appHtml);
    const file = path.join(outDir, fileForRoute(route));
    await mkdir(path.dirname(file), { recursive: true });
    await writeFile(file, html);
    count += 1;
  }
  if (!process.env.KEEP_MANIFEST) await rm(path.join(outDir, ".vite"), { recursive: true, force: true });
  return count;
}
