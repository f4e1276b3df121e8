// Which search shards a build indexes, which it takes from the build cache as they are, and
// which articles go to the « recent » shard (search-index.mjs runs Pagefind on the plan).
//
// Pagefind has no incremental mode, and a shard of ~500 articles indexed again for one
// changed article was ~1.8 s of a one-article build's ~4.4 s (issue 33). So while few of a
// shard's articles changed, the shard is not indexed again: the shard as it was last indexed
// in full (its « base », found in the build cache by the articles it was made from) stays
// published, and the articles that changed or are new are indexed in one small shard of their
// own (pagefind/recent/); the browser drops the base shards' results for the articles that
// changed or left (pagefind/stale.json, src/behaviours/search.ts). Past RECENT_LIMIT articles
// differing from its base, a shard is indexed again whole, which keeps the recent shard small;
// and a shard of fewer than four samples' articles always is (a small site's index: indexing
// it costs little, and the recent shard would cost each search a chunk of ~60 KB).
//
// Pagefind ranks a result by how rare its words are in its own index (BM25) and how long the
// article is against that index's average: alone in an index of one, a changed article would
// rank last for every word. So the recent shard also indexes a sample of unchanged articles
// (SAMPLE of them, the same while they do not change): its statistics are then about those of
// a whole shard. They are indexed under another address (_sample/<route key>), and the
// browser drops their results as it drops the out-of-date ones.
import { createHash } from "node:crypto";

// At most this many articles a shard (Pagefind holds ~0.55 MB an article: ~330 MB a run, two
// runs at a time). SEARCH_ARTICLES_PER_SHARD lowers it for the e2e build with 150 more
// articles, so the browser tests search a merged index (tests/e2e/test_search_results.py).
export const ARTICLES_PER_SHARD = Number(process.env.SEARCH_ARTICLES_PER_SHARD) || 600;
/** How many of a shard's articles may differ from its base before it is indexed again whole:
 * SEARCH_RECENT_LIMIT when it is a whole number, 30 otherwise. 0 folds every change into its
 * shard and leaves no recent shard: the deploy workflow's morning run does so, so that the
 * recent shard, which each visitor's first search also fetches, lasts a day at most. */
export function recentLimit(value) {
  return /^\d+$/.test(value ?? "") ? Number(value) : 30;
}
export const RECENT_LIMIT = recentLimit(process.env.SEARCH_RECENT_LIMIT);
/** How many unchanged articles the recent shard indexes for its statistics, and where (their
 * documents' address: another Pagefind id than in their own shard, dropped by the browser). */
export const SAMPLE = Number(process.env.SEARCH_RECENT_SAMPLE) || 60;
export const SAMPLE_FOLDER = "_sample";

const hashOf = (text) => createHash("sha256").update(text).digest();

/** How many shards the index of `articles` articles has: one, or an even number (the runs go
 * two at a time, or four: with an odd number the last one runs alone and a core waits) of at
 * most ARTICLES_PER_SHARD articles. As few as that allows: each shard indexes its own copy of
 * the vocabulary (at 4,006 articles, 8 shards took 0.5 s less than 9, measured). */
export function shardCount(articles, perShard = ARTICLES_PER_SHARD) {
  return articles <= perShard ? 1 : 2 * Math.ceil(articles / (2 * perShard));
}

/** The shard of a route key: stable while the number of shards stays the same. */
export function shardOf(key, count) {
  return hashOf(key).readUInt32BE(0) % count;
}

/** The cache key of an index of `articles` (route key → hash of its data file). */
function indexKey(indexer, name, articles) {
  const hash = createHash("sha256").update(`${indexer}\n${name}\n`);
  for (const key of [...articles.keys()].sort()) hash.update(`${key} ${articles.get(key)}\n`);
  return hash.digest("hex");
}

/** The articles whose data differ between `base` and `current` (changed, new or gone). */
function differing(base, current) {
  const keys = [...current.keys()].filter((key) => base.get(key) !== current.get(key));
  for (const key of base.keys()) if (!current.has(key)) keys.push(key);
  return keys;
}

/** The cached whole shard `index` of `count` closest to `current`: the fewest articles
 * differing (the first key on a tie), or null when the cache has none. */
function closestBase(manifests, indexer, index, count, current) {
  let best = null;
  for (const manifest of manifests) {
    if (manifest.indexer !== indexer || manifest.index !== index || manifest.count !== count) continue;
    const entries = new Map(manifest.entries);
    const changed = differing(entries, current);
    const better = !best || changed.length < best.changed.length || (changed.length === best.changed.length && manifest.key < best.key);
    if (better) best = { key: manifest.key, entries, changed };
  }
  return best;
}

/**
 * The search index of `articles` (route key → hash of its data file), given the cache's
 * shards (`cached`: their keys) and the manifests of its whole shards (`manifests`: key,
 * indexer, index, count and entries, the [route key, hash] pairs it was made from).
 *
 * Returns `count` shards; `shards`, one for each shard holding articles: its `index`, its
 * cache `key`, and `entries` when it is to be indexed whole (it has no base close enough),
 * else taken from the cache as it is; `recent`, when some shards are bases and articles
 * differ from them: the recent shard's cache `key`, its `routes` (changed or new), its
 * `sample` (route keys), whether it is `cached`; and `stale`, for each base, the route keys
 * whose results it holds are out of date. A shard of fewer than `smallest` articles has no base.
 */
export function planShards(
  articles,
  { indexer, cached, manifests, limit = RECENT_LIMIT, size = SAMPLE, smallest = 4 * size, perShard = ARTICLES_PER_SHARD },
) {
  const count = shardCount(articles.size, perShard);
  const current = Array.from({ length: count }, () => new Map());
  for (const [key, digest] of articles) current[shardOf(key, count)].set(key, digest);
  const shards = [];
  const stale = [];
  const recent = new Map();
  current.forEach((entries, index) => {
    if (entries.size === 0) return;
    const key = indexKey(indexer, `${index}/${count}`, entries);
    if (cached.has(key)) {
      shards.push({ index, key });
      return;
    }
    const base = entries.size >= smallest ? closestBase(manifests, indexer, index, count, entries) : null;
    if (!base || base.changed.length > limit) {
      shards.push({ index, key, entries });
      return;
    }
    shards.push({ index, key: base.key });
    for (const route of base.changed) if (entries.has(route)) recent.set(route, entries.get(route));
    const gone = base.changed.filter((route) => base.entries.has(route));
    if (gone.length) stale.push({ key: base.key, routes: gone });
  });
  if (recent.size === 0) return { count, shards, recent: null, stale };
  // The sample: the other articles with the smallest hashes of their route keys (the same
  // ones from one build to the next while they do not change).
  const sample = [...articles.keys()]
    .filter((key) => !recent.has(key))
    .map((key) => [hashOf(`sample ${key}`).toString("hex"), key])
    .sort(([a], [b]) => (a < b ? -1 : 1))
    .slice(0, size)
    .map(([, key]) => key);
  const indexed = new Map(recent);
  for (const route of sample) indexed.set(`${SAMPLE_FOLDER}/${route}`, articles.get(route));
  const key = indexKey(indexer, "recent", indexed);
  return { count, shards, recent: { key, routes: [...recent.keys()], sample, cached: cached.has(key) }, stale };
}
