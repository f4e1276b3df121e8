// Writes OUT_DIR/<route>.html for every route of site.json (index.html for `/`, 404.html for
// the error page) from the client build's index.html and the SSR build's renderRoute().
// GitHub Pages serves /contact from contact.html directly; contact/index.html would cost a
// 301 to /contact/ on every canonical and internal link.
import { mkdir, readFile, readdir, rm, writeFile } from "node:fs/promises";
import path from "node:path";
import { pathToFileURL } from "node:url";

/** `/` → index.html, `/blog/x` → blog/x.html, the not-found route → 404.html. */
export function fileForRoute(route) {
  if (route.kind === "not-found") return "404.html";
  const clean = route.path.replace(/^\/+|\/+$/g, "");
  return clean ? `${clean}.html` : "index.html";
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

// The faces the first screen needs (heading and body text): fetched with the HTML so the
// text does not reflow when they arrive.
const PRELOADED_FONTS = [/^fraunces-latin-600-normal-.*\.woff2$/, /^atkinson-hyperlegible-latin-400-normal-.*\.woff2$/];

async function fontPreloads(outDir, base) {
  const files = await readdir(path.join(outDir, "assets"));
  return PRELOADED_FONTS.map((pattern) => files.find((file) => pattern.test(file)))
    .filter(Boolean)
    .map((file) => `\n    <link rel="preload" as="font" type="font/woff2" crossorigin href="${base}assets/${file}">`)
    .join("");
}

/** The Atom feed's discovery link, once the pipeline writes feed.xml (public/ → outDir). */
async function feedLink(outDir, base) {
  const exists = await readFile(path.join(outDir, "feed.xml")).then(
    () => true,
    () => false,
  );
  return exists ? `\n    <link rel="alternate" type="application/atom+xml" href="${base}feed.xml">` : "";
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

  const fonts = (await fontPreloads(outDir, BASE_PATH)) + (await feedLink(outDir, BASE_PATH));
  let count = 0;
  for (const route of site.routes) {
    const rendered = await renderRoute(route);
    // React puts the preloads it derives (e.g. the hero image, fetchPriority high) at the
    // start of its output; they belong in <head>, where the browser sees them first.
    const leading = rendered.appHtml.match(/^(?:<link [^>]*\/>)+/)?.[0] ?? "";
    const appHtml = rendered.appHtml.slice(leading.length);
    const { headHtml, chunks } = rendered;
    // The route's content and cell chunks are needed before hydration: fetch them with the HTML.
    const preload = chunkFiles(manifest, chunks)
      .map((file) => `\n    <link rel="modulepreload" crossorigin href="${BASE_PATH}${file}">`)
      .join("");
    let html = fill(template, "<!--head-tags-->", headHtml + fonts + preload + leading.replace(/<link /g, "\n    <link "));
    html = fill(html, "<!--app-html-->", appHtml);
    const file = path.join(outDir, fileForRoute(route));
    await mkdir(path.dirname(file), { recursive: true });
    await writeFile(file, html);
    count += 1;
  }
  if (!process.env.KEEP_MANIFEST) await rm(path.join(outDir, ".vite"), { recursive: true, force: true });
  return count;
}
