// The full-text search index of the published articles (Pagefind), written to
// OUT_DIR/pagefind/. Pagefind reads one small HTML document per article, made from its data
// file (title, excerpt, the sanitised HTML of its prose), not the prerendered page with its
// header and footer, and indexes it in French, so « écrans » also finds « écran ».
//
// The articles are split into shards of at most ARTICLES_PER_SHARD by a hash of their route
// key, each a Pagefind index of its own (pagefind/ and pagefind/1/, pagefind/2/…), which the
// search merges in the browser (Pagefind's mergeIndex: one WebAssembly module, a 5 KB
// metadata file per shard). Why (measured at 4,000 realistic articles, docs/performance.md):
// Pagefind holds about 0.5 MB per article while indexing (2 GB for one index, 280 MB per
// shard), and a shard whose articles did not change is taken from the build cache
// (build-cache.mjs) instead of being indexed again: Pagefind has no incremental mode. After a
// few changes, the changed articles go to a small shard of their own (search-plan.mjs).
// Pagefind's Node API (createIndex, addCustomRecord/addHTMLFile) indexes record by record on
// one core: 2 to 5 times slower than the CLI, which reads the documents on every core.
import { spawn } from "node:child_process";
import { createHash } from "node:crypto";
import { readFileSync, readdirSync } from "node:fs";
import { createRequire } from "node:module";
import { availableParallelism } from "node:os";
import { mkdir, writeFile } from "node:fs/promises";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { gunzipSync } from "node:zlib";
import { attr } from "./html-escape.mjs";
import { SAMPLE_FOLDER, planShards } from "./search-plan.mjs";

export const SEARCH_FOLDER = "pagefind";
/** The extra shards' folders, relative to SEARCH_FOLDER (read by src/behaviours/search.ts). */
export const SHARDS_FILE = "shards.json";
/** The recent shard's folder (search-plan.mjs), relative to SEARCH_FOLDER. */
export const RECENT_SHARD = "recent";
/** The results the browser drops: their Pagefind ids, and those to drop only when they are the
 * article at a given route (read by src/behaviours/search.ts). */
export const STALE_FILE = "stale.json";

/** Pagefind's own executable, as its npm wrapper finds it (the wrapper is a Node process that
 * starts it: ~60 ms a run, and a build runs it once per shard); the wrapper where it cannot. */
function pagefindBinary() {
  const require = createRequire(import.meta.url);
  const platform = `@pagefind/${process.platform === "win32" ? "windows" : process.platform}-${process.arch}`;
  for (const name of ["pagefind_extended", "pagefind"]) {
    try {
      return require.resolve(`${platform}/bin/${name}${process.platform === "win32" ? ".exe" : ""}`);
    } catch {
      // not this one
    }
  }
  return fileURLToPath(new URL("../node_modules/.bin/pagefind", import.meta.url));
}
const PAGEFIND = pagefindBinary();
// What makes an index besides its documents: this file and its escaping (the documents'
// shape), the plan (which articles a shard holds) and Pagefind's version.
const INDEXER = createHash("sha256")
  .update(readFileSync(fileURLToPath(import.meta.url)))
  .update(readFileSync(fileURLToPath(new URL("html-escape.mjs", import.meta.url))))
  .update(readFileSync(fileURLToPath(new URL("search-plan.mjs", import.meta.url))))
  .update(readFileSync(fileURLToPath(new URL("../node_modules/pagefind/package.json", import.meta.url))))
  .digest("hex");

/** The document Pagefind indexes for one article: its title (the result's title), excerpt
 * and prose. Found at /<route key>.html, which the search maps back to the route. */
export function searchDocument(bundle) {
  const prose = bundle.cells.filter((cell) => cell.type === "prose").map((cell) => cell.html);
  return [
    '<!doctype html><html lang="fr"><head><meta charset="utf-8"></head><body>',
    `<h1>${attr(bundle.article.title)}</h1>`,
    `<p>${attr(bundle.article.excerpt)}</p>`,
    ...prose,
    "</body></html>\n",
  ].join("\n");
}

/** `document` as the recent shard indexes it: marked (a value Pagefind keeps with the
 * result), so that its Pagefind id is never its base shard's, even when the article's text did
 * not change (its category did, say): the browser drops the base's result by its id
 * (search-plan.mjs), and would otherwise drop both or show the article twice. */
export function recentDocument(document) {
  return document.replace("<body>", '<body data-pagefind-meta="recent:1">');
}

/** Whether the search indexes this route: the published articles. */
export function isSearched(route) {
  return route.kind === "article" && route.status === "published";
}

/** Where shard `index` is published, relative to the site's root. */
export function shardFolder(index) {
  return index === 0 ? SEARCH_FOLDER : `${SEARCH_FOLDER}/${index}`;
}

// The Pagefind processes under way, stopped together by stopSearchIndex.
const running = new Set();

async function runPagefind(site, output) {
  const args = ["--site", site, "--output-path", output, "--force-language", "fr", "--quiet"];
  const log = [];
  const child = spawn(PAGEFIND, args, { stdio: ["ignore", "pipe", "pipe"] });
  running.add(child);
  const code = await new Promise((resolve, reject) => {
    child.stdout.on("data", (chunk) => log.push(chunk));
    child.stderr.on("data", (chunk) => log.push(chunk));
    child.once("error", reject);
    child.once("close", resolve);
  }).finally(() => running.delete(child));
  if (code !== 0) throw new Error(`Pagefind a échoué (code ${code}) :\n${Buffer.concat(log).toString()}`);
}

/** The search index's plan for `routes` (each with the `digest` of its data file): which
 * shards are indexed whole, which are taken from the cache, and the recent shard
 * (search-plan.mjs); `toIndex`, the shards the prerender's workers write the documents of,
 * and `runs`, how many Pagefind runs the build makes. */
export async function planIndex(routes, cache) {
  const articles = new Map(routes.filter(isSearched).map((route) => [route.key, route.digest]));
  const { cached, manifests } = await cache.searchShards();
  const plan = planShards(articles, { indexer: INDEXER, cached, manifests });
  const toIndex = plan.shards.filter((shard) => shard.entries).map((shard) => shard.index);
  const runs = toIndex.length + (plan.recent && !plan.recent.cached ? 1 : 0);
  return { ...plan, articles: articles.size, toIndex, runs };
}

/** The fragment files of the index at `folder`: one per article, named by its Pagefind id. */
const fragmentFiles = (folder) => readdirSync(path.join(folder, "fragment"));

/** Route key → Pagefind id of every article in the index at `folder`, whose fragment files are
 * `names` (each: gzip, a signature, then JSON with the document's URL, /<route key>.html). */
function pagefindIds(folder, names) {
  const ids = new Map();
  for (const name of names) {
    const data = gunzipSync(readFileSync(path.join(folder, "fragment", name)));
    const { url } = JSON.parse(data.subarray(data.indexOf("{")).toString());
    ids.set(url.replace(/^\//, "").replace(/\.html$/, ""), name.replace(/\.pf_fragment$/, ""));
  }
  return ids;
}

/** The results the browser drops (search-plan.mjs): in each base shard, its articles'
 * out-of-date versions (the recent shard's have other ids: `recentDocument`), and the recent
 * shard's sample. By id (`ids`), or, for an id another shard's article happens to share
 * (Pagefind's ids are short hashes, unique within one index only), by id and route (`check`:
 * the browser then reads that result's address). */
function staleResults(plan, cache) {
  // Every published shard's fragment files, read once: the ids of the stale and of all.
  const published = [...plan.shards.map((shard) => shard.key), ...(plan.recent ? [plan.recent.key] : [])];
  const fragments = new Map(published.map((key) => [key, fragmentFiles(cache.searchFolder(key))]));
  const idsOf = (key) => pagefindIds(cache.searchFolder(key), fragments.get(key));
  const stale = new Map(); // id → route
  for (const { key, routes } of plan.stale) {
    const ids = idsOf(key);
    for (const route of routes) if (ids.has(route)) stale.set(ids.get(route), `/${route}`);
  }
  if (plan.recent) {
    const ids = idsOf(plan.recent.key);
    for (const route of plan.recent.sample) {
      const id = ids.get(`${SAMPLE_FOLDER}/${route}`);
      if (id) stale.set(id, `/${SAMPLE_FOLDER}/${route}`);
    }
  }
  return staleLists(stale, [...fragments.values()].map((names) => names.map((name) => name.replace(/\.pf_fragment$/, ""))));
}

/** `stale` (id → route) as stale.json lists it: by id alone, or with its route when another
 * of the published shards (`published`: each one's ids) holds the same id. */
export function staleLists(stale, published) {
  const seen = new Map(); // id → in how many published shards
  for (const ids of published) for (const id of ids) seen.set(id, (seen.get(id) ?? 0) + 1);
  const shared = [...stale].filter(([id]) => seen.get(id) > 1);
  return { ids: [...stale.keys()].filter((id) => !(seen.get(id) > 1)).sort(), check: Object.fromEntries(shared) };
}

/** Indexes the documents the prerender's workers wrote in `workDir`/<shard>/ for the shards
 * of `plan` indexed whole and in `workDir`/recent/ for the recent shard, and links every
 * shard into `outDir`/pagefind. One Pagefind run per core at a time: a run spends most of its
 * time on one core (at 4,000 articles, nine shards took 10.9 s one after the other and 7.9 s
 * two at a time, 263 MB each). Returns how many articles the index holds, how many shards
 * it has and how many were indexed. */
export async function buildIndex(plan, outDir, workDir, cache) {
  let indexed = 0;
  const jobs = plan.shards.map(({ index, key, entries }) => ({
    key,
    source: String(index),
    folder: shardFolder(index),
    // What a later build finds it by, to take it as its base (search-plan.mjs).
    manifest: entries && { indexer: INDEXER, index, count: plan.count, entries: [...entries] },
  }));
  if (plan.recent) {
    jobs.push({ key: plan.recent.key, source: RECENT_SHARD, folder: `${SEARCH_FOLDER}/${RECENT_SHARD}`, made: !plan.recent.cached });
  }
  // The shards to index first: the lanes link the cached ones while Pagefind runs.
  const toMake = (job) => Number(Boolean(job.manifest || job.made));
  const queue = jobs.sort((a, b) => toMake(b) - toMake(a));
  const lane = async () => {
    try {
      for (let job = queue.shift(); job; job = queue.shift()) {
        const cached = await cache.searchShard(job.key, (output) => runPagefind(path.join(workDir, job.source), output), job.manifest);
        indexed += cached.made ? 1 : 0;
        await cached.linkInto(path.join(outDir, job.folder));
      }
    } catch (error) {
      queue.length = 0; // a failed run stops the other lanes at their next shard
      throw error;
    }
  };
  await Promise.all(Array.from({ length: Math.min(availableParallelism(), queue.length) }, lane));
  const extra = plan.shards.flatMap(({ index }) => (index > 0 ? [`${index}/`] : []));
  if (plan.recent) extra.push(`${RECENT_SHARD}/`);
  await mkdir(path.join(outDir, SEARCH_FOLDER), { recursive: true });
  await writeFile(path.join(outDir, SEARCH_FOLDER, SHARDS_FILE), JSON.stringify(extra));
  await writeFile(path.join(outDir, SEARCH_FOLDER, STALE_FILE), JSON.stringify(staleResults(plan, cache)));
  return { articles: plan.articles, shards: plan.count + (plan.recent ? 1 : 0), indexed };
}

/** Stops the indexer (a stopped build), so nothing writes after its cleanup. */
export async function stopSearchIndex() {
  const live = [...running].filter((child) => child.exitCode === null && child.signalCode === null);
  await Promise.all(
    live.map(
      (child) =>
        new Promise((resolve) => {
          child.once("close", resolve);
          child.kill("SIGTERM");
        }),
    ),
  );
}
