// @vitest-environment node
import fc from "fast-check";
import { describe, expect, it } from "vitest";
// @ts-expect-error: a plain ES module of the build, without type declarations
import { planShards, recentLimit, shardOf } from "./search-plan.mjs";

type Articles = Map<string, string>;
interface Manifest {
  key: string;
  indexer: string;
  index: number;
  count: number;
  entries: [string, string][];
}
interface Plan {
  count: number;
  shards: { index: number; key: string; entries?: Articles }[];
  recent: { key: string; routes: string[]; sample: string[]; cached: boolean } | null;
  stale: { key: string; routes: string[] }[];
}

/** The build cache as the plan sees it, and what each of its shards holds. */
class Cache {
  manifests: Manifest[] = [];
  held = new Map<string, [string, string][]>(); // shard key → its [route, hash] documents
  plan(articles: Articles, limit: number, size: number): Plan {
    const cached = new Set(this.held.keys());
    return planShards(articles, { indexer: "v1", cached, manifests: this.manifests, limit, size, smallest: 0, perShard: 4 }) as Plan;
  }
  /** What a build of `plan` publishes, as the visitor's search sees it: every shard's
   * documents, but the stale ones and the sample; then the cache keeps what it used. */
  build(plan: Plan, articles: Articles): [string, string][] {
    const visible: [string, string][] = [];
    for (const shard of plan.shards) {
      if (shard.entries) {
        const entries = [...shard.entries];
        this.held.set(shard.key, entries);
        this.manifests.push({ key: shard.key, indexer: "v1", index: shard.index, count: plan.count, entries });
      }
      const stale = new Set(plan.stale.filter((s) => s.key === shard.key).flatMap((s) => s.routes));
      visible.push(...(this.held.get(shard.key) ?? []).filter(([route]) => !stale.has(route)));
    }
    if (plan.recent) {
      const recent = plan.recent.routes.map((route): [string, string] => [route, articles.get(route)!]);
      this.held.set(plan.recent.key, recent);
      visible.push(...recent);
    }
    const used = new Set([...plan.shards.map((s) => s.key), ...(plan.recent ? [plan.recent.key] : [])]);
    for (const key of [...this.held.keys()]) if (!used.has(key)) this.held.delete(key);
    this.manifests = this.manifests.filter((m) => used.has(m.key));
    return visible;
  }
}

const sorted = (pairs: Iterable<[string, string]>) => [...pairs].map(([k, d]) => `${k} ${d}`).sort();

// A site's life: articles written, changed and taken down, from one build to the next.
const edits = fc.array(
  fc.array(fc.tuple(fc.integer({ min: 0, max: 29 }), fc.integer({ min: 0, max: 3 })), { maxLength: 12 }),
  { minLength: 1, maxLength: 8 },
);

function apply(articles: Articles, edit: [number, number][]): Articles {
  const next = new Map(articles);
  for (const [article, version] of edit) {
    const key = `blog/article-${article}`;
    if (version === 0) next.delete(key);
    else next.set(key, `v${version}-${article}`);
  }
  return next;
}

describe("planShards", () => {
  it("publishes every article once, in its current version, build after build", () => {
    fc.assert(
      fc.property(edits, fc.integer({ min: 0, max: 6 }), (builds, limit) => {
        const cache = new Cache();
        let articles: Articles = new Map();
        for (const edit of builds) {
          articles = apply(articles, edit);
          const plan = cache.plan(articles, limit, 3);
          expect(sorted(cache.build(plan, articles))).toEqual(sorted(articles));
          if (plan.recent) {
            // The sample: other current articles, at most `size`.
            expect(plan.recent.sample.length).toBeLessThanOrEqual(3);
            for (const route of plan.recent.sample) {
              expect(articles.has(route) && !plan.recent.routes.includes(route)).toBe(true);
            }
          }
        }
      }),
    );
  });

  it("indexes a small shard whole, whatever changed", () => {
    const articles: Articles = new Map(Array.from({ length: 16 }, (_, i) => [`blog/a-${i}`, "v1"]));
    const manifests: Manifest[] = [];
    const first = planShards(articles, { indexer: "v1", cached: new Set(), manifests, size: 3 }) as Plan;
    expect(first.shards).toHaveLength(1);
    manifests.push({ key: first.shards[0]!.key, indexer: "v1", index: 0, count: 1, entries: [...articles] });
    articles.set("blog/a-3", "v2");
    const cached = new Set([first.shards[0]!.key]);
    // 16 articles, fewer than four samples of 5: no base, the shard is indexed whole.
    const small = planShards(articles, { indexer: "v1", cached, manifests, size: 5 }) as Plan;
    expect(small.shards[0]!.entries).toBeDefined();
    expect(small.recent).toBeNull();
    const large = planShards(articles, { indexer: "v1", cached, manifests, size: 5, smallest: 16 }) as Plan;
    expect(large.shards[0]!.entries).toBeUndefined();
    expect(large.recent?.routes).toEqual(["blog/a-3"]);
  });

  it("indexes again only what changed while few articles did, and a whole shard past the limit", () => {
    const cache = new Cache();
    const articles: Articles = new Map(Array.from({ length: 16 }, (_, i) => [`blog/a-${i}`, "v1"]));
    const first = cache.plan(articles, 2, 3);
    expect(first.shards.every((shard) => shard.entries)).toBe(true);
    expect(first.recent).toBeNull();
    cache.build(first, articles);

    // One article changed: no shard is indexed again, the recent shard holds it.
    articles.set("blog/a-3", "v2");
    const one = cache.plan(articles, 2, 3);
    expect(one.shards.filter((shard) => shard.entries)).toEqual([]);
    expect(one.recent?.routes).toEqual(["blog/a-3"]);
    expect(one.stale.flatMap((s) => s.routes)).toEqual(["blog/a-3"]);
    cache.build(one, articles);

    // The same content again: the recent shard comes from the cache, nothing is indexed.
    const again = cache.plan(articles, 2, 3);
    expect(again.recent?.cached).toBe(true);
    expect(again.shards.filter((shard) => shard.entries)).toEqual([]);

    // Every article changed: each shard of more articles than the limit is indexed whole.
    for (const key of articles.keys()) articles.set(key, "v3");
    const all = cache.plan(articles, 2, 3);
    const size = (index: number) => [...articles.keys()].filter((key) => shardOf(key, all.count) === index).length;
    expect(all.shards.map((shard) => Boolean(shard.entries))).toEqual(all.shards.map((shard) => size(shard.index) > 2));
    expect(all.shards.some((shard) => shard.entries)).toBe(true);
  });

  it("folds every change into its shard with a limit of 0, and the recent shard is gone", () => {
    const cache = new Cache();
    const articles: Articles = new Map(Array.from({ length: 16 }, (_, i) => [`blog/a-${i}`, "v1"]));
    cache.build(cache.plan(articles, 2, 3), articles);
    articles.set("blog/a-3", "v2");
    articles.delete("blog/a-7");
    cache.build(cache.plan(articles, 2, 3), articles);

    // The morning run: the shards that changed are indexed whole, the others kept as they are.
    const morning = cache.plan(articles, 0, 3);
    expect(morning.recent).toBeNull();
    expect(morning.stale).toEqual([]);
    const changed = new Set([shardOf("blog/a-3", morning.count), shardOf("blog/a-7", morning.count)]);
    expect(morning.shards.filter((shard) => shard.entries).map((shard) => shard.index).sort()).toEqual([...changed].sort());
    expect(sorted(cache.build(morning, articles))).toEqual(sorted(articles));

    // The next change goes to a recent shard again, against the folded shards.
    articles.set("blog/a-5", "v2");
    const next = cache.plan(articles, 2, 3);
    expect(next.recent?.routes).toEqual(["blog/a-5"]);
    expect(next.shards.filter((shard) => shard.entries)).toEqual([]);
  });
});

describe("recentLimit", () => {
  it("reads a whole number, 0 included, and falls back to 30 otherwise", () => {
    expect(recentLimit("0")).toBe(0);
    expect(recentLimit("12")).toBe(12);
    for (const value of [undefined, "", "-1", "1.5", "trente", " 3"]) expect(recentLimit(value)).toBe(30);
  });
});
