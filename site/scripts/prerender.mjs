// Writes OUT_DIR/<route>.html for every route of the content build's routes.json
// (index.html for `/`, 404.html for the error page) from the client build's index.html and
// the SSR build's renderRoute(). Routes are shared between worker threads (one per core);
// each renders its routes once, or takes the page from the build cache when nothing it is
// made from changed (build-cache.mjs), and writes the search document of each published
// article from the data it already read. GitHub Pages serves /contact from contact.html directly;
// contact/index.html would cost a 301 to /contact/ on every canonical and internal link.
import { readFile, readdir, rm } from "node:fs/promises";
import { fileURLToPath } from "node:url";
import { availableParallelism } from "node:os";
import path from "node:path";
import { Worker } from "node:worker_threads";
import { sha256 } from "./build-cache.mjs";
import { attr } from "./html-escape.mjs";
import { planIndex } from "./search-index.mjs";

/** `/` → index.html, `/blog/x` → blog/x.html, the not-found route → 404.html. */
export function fileForRoute(route) {
  if (route.kind === "not-found") return "404.html";
  const clean = route.path.replace(/^\/+|\/+$/g, "");
  return clean ? `${clean}.html` : "index.html";
}

/** The JS and CSS files each manifest key needs, minus those the entry already loads. A
 * lazy cell's CSS is linked in the page too: without it the prerendered cell would show
 * unstyled, then move when its code arrives. */
export function chunkPreloads(manifest, base) {
  const walk = (key, into) => {
    const chunk = manifest[key];
    if (!chunk || into.js.has(chunk.file)) return;
    into.js.add(chunk.file);
    for (const css of chunk.css ?? []) into.css.add(css);
    for (const imported of chunk.imports ?? []) walk(imported, into);
  };
  const entry = { js: new Set(), css: new Set() };
  walk("index.html", entry);
  const byKey = {};
  for (const key of Object.keys(manifest)) {
    const files = { js: new Set(), css: new Set() };
    walk(key, files);
    const own = (kind) => [...files[kind]].filter((file) => !entry[kind].has(file)).map((file) => `${base}${file}`);
    byKey[key] = { js: own("js"), css: own("css") };
  }
  return byKey;
}

// The faces of the first screen (headings, body text, bold: buttons and list titles),
// fetched with the HTML rather than after the first layout found them: the text does not
// reflow when they arrive, and on a phone the largest paint no longer waits for a request
// that starts only once the page is laid out (Lighthouse: ~250 ms). 8–14 KB each
// (scripts/french-fonts.py). The italic only on pages that have italics (`italicFont`).
const PRELOADED_FONTS = [
  /^fraunces-french-600-normal-.*\.woff2$/,
  /^atkinson-hyperlegible-french-400-normal-.*\.woff2$/,
  /^atkinson-hyperlegible-french-700-normal-.*\.woff2$/,
];
const ITALIC_FONT = /^atkinson-hyperlegible-french-400-italic-.*\.woff2$/;

const fontPreload = (base, file) => `<link rel="preload" as="font" type="font/woff2" crossorigin href="${attr(`${base}assets/${file}`)}">`;

/** The head tags every page shares: the first screen's fonts (`assets`: the client build's
 * asset files) and the feed of the content build's `publicDir`, when it has one. */
async function sharedHeadTags(assets, publicDir, base) {
  const fonts = PRELOADED_FONTS.map((pattern) => {
    const file = assets.find((name) => pattern.test(name));
    if (!file) throw new Error(`no font ${pattern} in the build: fonts.css and PRELOADED_FONTS disagree`);
    return fontPreload(base, file);
  });
  const feed = await readFile(path.join(publicDir, "feed.xml")).then(
    () => [`<link rel="alternate" type="application/atom+xml" href="${attr(`${base}feed.xml`)}">`],
    () => [],
  );
  return [...fonts, ...feed];
}

/** The preload of the italic face, for the pages whose HTML has italics (<em>, <i>). */
function italicFont(assets, base) {
  const file = assets.find((name) => ITALIC_FONT.test(name));
  return file ? fontPreload(base, file) : "";
}

/** The base path the client build was made for: its entry script's URL less the file's
 * name (read here rather than from the SSR bundle, which would load React in this thread).
 * Not a resolution of the site's address (site-address.mjs): what Vite was given. */
export function clientBuildBase(template, manifest) {
  const file = manifest["index.html"]?.file;
  const src = /<script type="module"[^>]*\ssrc="([^"]+)"/.exec(template)?.[1];
  if (!file || !src?.endsWith(file)) throw new Error("index.html has lost its entry script");
  return src.slice(0, -file.length);
}

/** The client build's stylesheets by URL, put in the pages as <style> elements: the first
 * paint then waits for no stylesheet request (Lighthouse counted 150–300 ms of render-blocking
 * CSS on a phone). Their url()s are absolute (Vite's base), so they read the same inline. */
async function inlinedStyles(outDir, assets, base) {
  const styles = {};
  for (const file of assets.filter((name) => name.endsWith(".css"))) {
    const css = await readFile(path.join(outDir, "assets", file), "utf8");
    if (!/<\/style/i.test(css)) styles[`${base}assets/${file}`] = css;
  }
  return styles;
}

/** A stylesheet of the page: inline when the build has its text, else linked. */
export function styleTag(href, inlined) {
  return href in inlined ? `<style>${inlined[href]}</style>` : `<link rel="stylesheet" crossorigin href="${attr(href)}">`;
}

/** The id of the <template> holding what boot.ts loads after the first paint (the same
 * constant as src/boot.ts's AFTER_PAINT_ID, a .ts file this script cannot import). */
export const AFTER_PAINT_ID = "after-paint";
export const AFTER_PAINT_MARKER = "<!--after-paint-->";

/** The name of the pages' first script, built by its own pass (build.mjs). */
function bootFile(assets) {
  const found = assets.filter((file) => /^boot-[\w-]+\.js$/.test(file));
  if (found.length !== 1) throw new Error(`expected one assets/boot-*.js, found ${found.length}`);
  return found[0];
}

/** The template with the entry script and its modulepreloads taken out (`parked`: each page
 * puts them, with its own chunks and data, in <template id="after-paint">, which boot.ts
 * loads after the first paint) and the boot script in the entry's place. Hydration then
 * waits for the first paint, and the first screen's bytes (HTML, fonts, hero image) do not
 * share the network with ~100 KB of code: Lighthouse measured 1.4–1.7 s of first paint on a
 * simulated phone while the code was fetched and run before it. */
export function parkTheCode(template, bootHref) {
  const parked = [];
  const entry = /<script type="module" crossorigin src="[^"]+"><\/script>/;
  if (!entry.test(template)) throw new Error("index.html has lost its entry script");
  let html = template.replace(entry, (tag) => {
    parked.push(tag);
    return `<script type="module" src="${attr(bootHref)}"></script>${AFTER_PAINT_MARKER}`;
  });
  html = html.replace(/\s*<link rel="modulepreload" crossorigin href="[^"]+">/g, (tag) => {
    parked.push(tag.trim());
    return "";
  });
  return { template: html, parked };
}

const running = new Set();

/** Stops the render threads (a stopped build), so nothing writes after its cleanup. */
export async function stopPrerender() {
  await Promise.all([...running].map((worker) => worker.terminate()));
}

/** Starts the render threads on the client build in `outDir` and the SSR bundle
 * `serverEntry`: they load React at once, before the content is built (build.mjs). Then, in
 * this order: `plan()` reads and hashes every route's data file of `contentOut` (each page's
 * cache key) and returns the search index's plan (the shards the cache lacks: see
 * search-index.mjs); `render()` renders every route into `outDir` (or links it from the
 * cache's `pagesDir`) and returns the number of pages, of pages rendered and the page hashes
 * used (for the cache); `writeDocuments()`, before or after `render()`, writes the search
 * document of each article of a shard to index again into `searchDir`/<shard>/, and of the
 * recent shard's articles into `searchDir`/recent/ (after it, from the data the render read). */
export async function startPrerender({ outDir, serverEntry, contentOut, searchDir, cache, workers = availableParallelism() }) {
  const dataDir = path.join(contentOut, "public", "data");
  const manifest = JSON.parse(await readFile(path.join(outDir, ".vite", "manifest.json"), "utf8"));
  const built = await readFile(path.join(outDir, "index.html"), "utf8");
  const BASE_PATH = clientBuildBase(built, manifest);
  const assets = await readdir(path.join(outDir, "assets"));
  const inlined = await inlinedStyles(outDir, assets, BASE_PATH);
  const styled = built.replace(/<link rel="stylesheet" crossorigin href="([^"]+)">/g, (tag, href) =>
    href in inlined ? styleTag(href, inlined) : tag,
  );
  const { template, parked } = parkTheCode(styled, `${BASE_PATH}assets/${bootFile(assets)}`);
  const job = {
    outDir,
    searchDir,
    pagesDir: cache.pagesDir,
    serverEntry,
    dataDir,
    template,
    parked,
    inlined,
    italic: italicFont(assets, BASE_PATH),
    preloads: chunkPreloads(manifest, BASE_PATH),
  };
  // The home page takes the template's place: a new file, as the template may be a link to
  // the build cache's copy (build-cache.mjs), which must not be written through.
  await rm(path.join(outDir, "index.html"));
  const threads = Array.from({ length: Math.max(1, workers) }, () => new Worker(new URL("./prerender-worker.mjs", import.meta.url), { workerData: job }));
  // A worker that fails rejects every answer awaited from it, and any later one.
  const failed = threads.map(
    (worker) =>
      new Promise((_, reject) => {
        running.add(worker);
        worker.once("exit", () => running.delete(worker));
        worker.once("error", reject);
        worker.once("exit", (code) => code !== 0 && reject(new Error(`prerender worker exited with ${code}`)));
      }),
  );
  failed.forEach((promise) => promise.catch(() => {})); // raced below
  /** Every worker's answer to its message (`messages[i]` to worker i). */
  const ask = (messages) =>
    Promise.all(
      threads.map((worker, i) =>
        Promise.race([new Promise((resolve) => worker.once("message", resolve).postMessage(messages[i])), failed[i]]),
      ),
    );
  // What `plan()` reads once for `render()`.
  let renderKey = "";
  let shared = [];
  let searchPlan = null;
  const plan = async () => {
    const routes = JSON.parse(await readFile(path.join(contentOut, "routes.json"), "utf8"));
    shared = await sharedHeadTags(assets, path.join(contentOut, "public"), BASE_PATH);
    // Everything a page is made from besides its own data file.
    const code = ["prerender.mjs", "prerender-worker.mjs", "html-escape.mjs"].map((file) => readFile(fileURLToPath(new URL(file, import.meta.url))));
    renderKey = sha256(
      ...(await Promise.all([...code, readFile(serverEntry), readFile(path.join(dataDir, "site.json"))])),
      JSON.stringify([job.template, job.parked, job.inlined, shared, job.italic, job.preloads]),
    );
    // Interleaved shares: listing pages and articles are spread evenly over the workers.
    const shares = threads.map((_, i) => routes.filter((_, j) => j % threads.length === i));
    const hashed = await ask(shares.map((share) => ({ hash: share })));
    // The search shards the cache lacks, from the hashes of the articles' data files.
    const digests = new Map(hashed.flatMap((result) => result.digests));
    searchPlan = await planIndex(routes.flatMap((route) => (digests.has(route.key) ? [{ ...route, digest: digests.get(route.key) }] : [])), cache);
    return searchPlan;
  };
  const render = async () => {
    const results = await ask(threads.map(() => ({ render: { renderKey, shared } })));
    if (!process.env.KEEP_MANIFEST) await rm(path.join(outDir, ".vite"), { recursive: true, force: true });
    return {
      pages: results.reduce((sum, share) => sum + share.pages, 0),
      rendered: results.reduce((sum, share) => sum + share.rendered, 0),
      used: new Set(results.flatMap((share) => share.used)),
    };
  };
  const writeDocuments = () => {
    const recent = searchPlan.recent && !searchPlan.recent.cached ? searchPlan.recent : { routes: [], sample: [] };
    return ask(threads.map(() => ({ documents: { shards: searchPlan.count, toIndex: searchPlan.toIndex, recent: { routes: recent.routes, sample: recent.sample } } })));
  };
  return { plan, render, writeDocuments };
}
