// One prerender worker: renders its share of the routes (see prerender.mjs) and writes each
// page's HTML file, or links it from the build cache when the cache has the page made from
// the same data (build-cache.mjs). Every value put into the template is escaped here or by
// the pipeline. It loads the SSR bundle as it starts (before the content is built: build.mjs),
// then receives its routes, then the search shards to write documents for (messages below).
import { mkdirSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { parentPort, workerData } from "node:worker_threads";
import { attr } from "./html-escape.mjs";
import { AFTER_PAINT_ID, AFTER_PAINT_MARKER, fileForRoute, styleTag } from "./prerender.mjs";
import { keepPage, reusePage, sha256 } from "./build-cache.mjs";
import { RECENT_SHARD, isSearched, recentDocument, searchDocument } from "./search-index.mjs";
import { SAMPLE_FOLDER, shardOf } from "./search-plan.mjs";

const { outDir, searchDir, pagesDir, serverEntry, dataDir, template, parked, inlined, italic, preloads } = workerData;
// React and React Router pick their production builds from this (4× faster to render).
process.env.NODE_ENV = "production";
const loading = import(new URL(`file://${serverEntry}`).href);
loading.catch(() => {}); // reported when the routes arrive
// The SSR bundle with the site's data (the content build's site.json), once the routes arrive.
let server = null;

// Where each page's parts go in the template, found once: the template is the same for
// every page (and ~40 KB with its inlined stylesheets, too long to search again per page).
const SLOTS = ["<!--csp-->", "<!--head-tags-->", "<!--theme-style-->", AFTER_PAINT_MARKER, "</head>", '<div id="root">', "<!--app-html-->"];
const pieces = (() => {
  const found = SLOTS.map((slot) => {
    const at = template.indexOf(slot);
    if (at < 0) throw new Error(`index.html has lost its ${slot} marker`);
    return { slot, at };
  }).sort((a, b) => a.at - b.at);
  const out = [];
  let last = 0;
  for (const { slot, at } of found) {
    out.push(template.slice(last, at), slot);
    last = at + slot.length;
  }
  out.push(template.slice(last));
  return out; // odd indexes: the slots
})();
/** The template with each slot replaced by `values[slot]`. */
const fill = (values) => pieces.map((piece, i) => (i % 2 ? values[piece] : piece)).join("");

const readJson = (file) => JSON.parse(readFileSync(file, "utf8"));
const made = new Set();
function folderOf(file) {
  const folder = path.dirname(file);
  if (!made.has(folder)) {
    mkdirSync(folder, { recursive: true });
    made.add(folder);
  }
  return file;
}
const write = (file, text) => writeFileSync(folderOf(file), text);
const indent = "\n    ";

/** The page of `route`, whose data file is `bundle`. */
async function pageHtml(route, bundle, shared) {
  const { renderRoute, BASE_PATH, themeStyle } = server;
  const rendered = await renderRoute(bundle);
  // React puts the preloads it derives (e.g. the hero image) at the start of its output;
  // they belong in <head>, where the browser sees them first.
  const leading = rendered.appHtml.match(/^(?:<link [^>]*\/>)+/)?.[0] ?? "";
  const appHtml = rendered.appHtml.slice(leading.length);
  // The data the page hydrates from, and the code of its cells (and of the consent banner).
  const data = [`${BASE_PATH}data/site.json`, `${BASE_PATH}data/routes/${route.key}.json`].map(
    (href) => `<link rel="preload" as="fetch" crossorigin href="${attr(href)}">`,
  );
  const needed = (kind) => [...new Set(rendered.chunks.flatMap((key) => preloads[key]?.[kind] ?? []))];
  const styles = needed("css").map((href) => styleTag(href, inlined));
  const chunks = needed("js").map((href) => `<link rel="modulepreload" crossorigin href="${attr(href)}">`);
  const italics = italic && /<(?:em|i)[\s>]/.test(appHtml) ? [italic] : [];
  const head = [rendered.headHtml, ...shared, ...italics, ...leading.split(/(?=<link )/).filter(Boolean)];
  // Loaded after the first paint by the boot script (prerender.mjs, parkTheCode).
  const later = [...data, ...chunks, ...parked].join("");
  return fill({
    // First in <head>: the policy applies to what comes after it.
    "<!--csp-->": `<meta http-equiv="Content-Security-Policy" content="${attr(rendered.csp)}">`,
    "<!--head-tags-->": head.join(indent),
    "<!--theme-style-->": themeStyle,
    [AFTER_PAINT_MARKER]: `${indent}<template id="${AFTER_PAINT_ID}">${later}</template>`,
    // After the site's stylesheet (which Vite puts last in <head>), as Vite adds them when a
    // cell's code loads: the cascade stays the same.
    "</head>": styles.length ? `  ${styles.join(indent)}\n  </head>` : "</head>",
    // The route key tells the client which data file this page was made from (the 404 page
    // is shown at any path).
    '<div id="root">': `<div id="root" data-route="${attr(route.key)}">`,
    "<!--app-html-->": appHtml,
  });
}

// Three messages (prerender.mjs): the routes to hash (each page's data file read and hashed
// here: the hash is its cache key), answered with the hashes of the searched ones; then, once
// the main thread knows which search shards the cache lacks (it needs every hash), the pages
// to render and the shards to write the documents of, in either order, each answered when
// done. The thread ends after the last.
const digests = new Map(); // route key → hash of its data file, for this worker's routes
let mine = []; // this worker's routes
const documents = new Map(); // route key → search document, for the pages rendered here

const dataFile = (route) => path.join(dataDir, "routes", `${route.key}.json`);

function hashAll(routes) {
  mine = routes;
  const searched = [];
  for (const route of routes) {
    const digest = sha256(readFileSync(dataFile(route)));
    digests.set(route.key, digest);
    if (isSearched(route)) searched.push([route.key, digest]);
  }
  return { digests: searched };
}

async function renderAll({ renderKey, shared }) {
  const module = await loading;
  server = { ...module, themeStyle: module.adoptSite(readJson(path.join(dataDir, "site.json"))) };
  const used = [];
  let rendered = 0;
  for (const route of mine) {
    const hash = sha256(renderKey, digests.get(route.key));
    const file = folderOf(path.join(outDir, fileForRoute(route)));
    used.push(hash);
    if (!reusePage(pagesDir, hash, file)) {
      const bundle = readJson(dataFile(route));
      writeFileSync(file, await pageHtml(route, bundle, shared));
      keepPage(pagesDir, hash, file);
      rendered += 1;
      if (isSearched(route) && !answered.has("documents")) documents.set(route.key, searchDocument(bundle));
    }
  }
  return { pages: mine.length, rendered, used };
}

function writeDocuments({ shards, toIndex, recent }) {
  let written = 0;
  const inRecent = new Set(recent.routes);
  const inSample = new Set(recent.sample);
  for (const route of mine) {
    if (!isSearched(route)) continue;
    const file = `${route.key}.html`;
    const shard = shardOf(route.key, shards);
    // Where its document goes: its shard's folder as it is, the recent shard's marked.
    const targets = [
      ...(toIndex.includes(shard) ? [[path.join(String(shard), file), false]] : []),
      ...(inRecent.has(route.key) ? [[path.join(RECENT_SHARD, file), true]] : []),
      ...(inSample.has(route.key) ? [[path.join(RECENT_SHARD, SAMPLE_FOLDER, file), true]] : []),
    ];
    if (targets.length === 0) continue;
    // A page not rendered (yet, or taken from the cache) had its data hashed, not read: its
    // document is made here.
    const document = documents.get(route.key) ?? searchDocument(readJson(dataFile(route)));
    for (const [target, marked] of targets) write(path.join(searchDir, target), marked ? recentDocument(document) : document);
    written += 1;
  }
  documents.clear();
  return { written };
}

const answered = new Set();
parentPort.on("message", async (message) => {
  const [kind, value] = Object.entries(message)[0];
  const answer = kind === "hash" ? hashAll(value) : kind === "render" ? await renderAll(value) : writeDocuments(value);
  answered.add(kind);
  parentPort.postMessage(answer);
  if (answered.has("render") && answered.has("documents")) parentPort.close(); // done: the thread ends
});
