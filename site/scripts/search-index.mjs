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
// (build-cache.mjs) instead of being indexed again: Pagefind has no incremental mode.
// Pagefind's Node API (createIndex, addCustomRecord/addHTMLFile) indexes record by record on
// one core: 2 to 5 times slower than the CLI, which reads the documents on every core.
import { spawn } from "node:child_process";
import { createHash } from "node:crypto";
import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import { availableParallelism } from "node:os";
import { mkdir, writeFile } from "node:fs/promises";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { attr } from "./html-escape.mjs";

export const SEARCH_FOLDER = "pagefind";
/** The extra shards' folders, relative to SEARCH_FOLDER (read by src/behaviours/search.ts). */
export const SHARDS_FILE = "shards.json";
// At most this many articles a shard (Pagefind holds ~0.55 MB an article: ~330 MB a run, two
// runs at a time). SEARCH_ARTICLES_PER_SHARD lowers it for the e2e build with 150 more
// articles, so the browser tests search a merged index (tests/e2e/test_search_results.py).
export const ARTICLES_PER_SHARD = Number(process.env.SEARCH_ARTICLES_PER_SHARD) || 600;

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
// shape) and Pagefind's version.
const INDEXER = createHash("sha256")
  .update(readFileSync(fileURLToPath(import.meta.url)))
  .update(readFileSync(fileURLToPath(new URL("html-escape.mjs", import.meta.url))))
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

/** Whether the search indexes this route: the published articles. */
export function isSearched(route) {
  return route.kind === "article" && route.status === "published";
}

/** How many shards the index of `articles` articles has: one, or an even number (the runs go
 * two at a time, or four: with an odd number the last one runs alone and a core waits) of at
 * most ARTICLES_PER_SHARD articles. As few as that allows: each shard indexes its own copy of
 * the vocabulary (at 4,006 articles, 8 shards took 0.5 s less than 9, measured). */
export function shardCount(articles) {
  return articles <= ARTICLES_PER_SHARD ? 1 : 2 * Math.ceil(articles / (2 * ARTICLES_PER_SHARD));
}

/** The shard of a route key: stable while the number of shards stays the same. */
export function shardOf(key, count) {
  return createHash("sha256").update(key).digest().readUInt32BE(0) % count;
}

/** Where shard `index` is published, relative to the site's root. */
export function shardFolder(index) {
  return index === 0 ? SEARCH_FOLDER : `${SEARCH_FOLDER}/${index}`;
}

/** The cache key of one shard: its articles' keys and data hashes, and the indexer. */
function shardKey(index, count, entries) {
  const hash = createHash("sha256").update(`${INDEXER}\n${index}/${count}\n`);
  for (const [key, digest] of entries.sort(([a], [b]) => (a < b ? -1 : 1))) hash.update(`${key} ${digest}\n`);
  return hash.digest("hex");
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

/** Which shards the index of `routes` (each with the `digest` of its data file) has, their
 * cache keys, and which of them the cache lacks (`toIndex`: the prerender's workers write
 * the documents of those only). */
export async function planIndex(routes, cache) {
  const searched = routes.filter(isSearched);
  const count = shardCount(searched.length);
  const entries = Array.from({ length: count }, () => []);
  for (const route of searched) entries[shardOf(route.key, count)].push([route.key, route.digest]);
  const shards = entries.flatMap((list, index) => (list.length ? [{ index, key: shardKey(index, count, list) }] : []));
  const present = await Promise.all(shards.map((shard) => cache.hasSearchShard(shard.key)));
  const toIndex = shards.filter((_, i) => !present[i]).map((shard) => shard.index);
  return { articles: searched.length, count, shards, toIndex };
}

/** Indexes the documents the prerender's workers wrote in `workDir`/<shard>/ for the shards
 * of `plan` the cache lacks, and links every shard into `outDir`/pagefind. One Pagefind run
 * per core at a time: a run spends most of its time on one core (at 4,000 articles, nine
 * shards took 10.9 s one after the other and 7.9 s two at a time, 263 MB each). Returns how
 * many articles the index holds and how many shards were indexed again. */
export async function buildIndex(plan, outDir, workDir, cache) {
  let indexed = 0;
  // The shards to index first: the lanes link the cached ones while Pagefind runs.
  const queue = [...plan.shards].sort((a, b) => Number(plan.toIndex.includes(b.index)) - Number(plan.toIndex.includes(a.index)));
  const lane = async () => {
    try {
      for (let shard = queue.shift(); shard; shard = queue.shift()) {
        const { index, key } = shard;
        const cached = await cache.searchShard(key, (output) => runPagefind(path.join(workDir, String(index)), output));
        indexed += cached.made ? 1 : 0;
        await cached.linkInto(path.join(outDir, shardFolder(index)));
      }
    } catch (error) {
      queue.length = 0; // a failed run stops the other lanes at their next shard
      throw error;
    }
  };
  await Promise.all(Array.from({ length: Math.min(availableParallelism(), queue.length) }, lane));
  const extra = plan.shards.flatMap(({ index }) => (index > 0 ? [`${index}/`] : []));
  await mkdir(path.join(outDir, SEARCH_FOLDER), { recursive: true });
  await writeFile(path.join(outDir, SEARCH_FOLDER, SHARDS_FILE), JSON.stringify(extra));
  return { articles: plan.articles, shards: plan.count, indexed };
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
