import { describe, expect, it } from "vitest";
import { currentResults } from "./search";

/** A Pagefind result of the article at `url`, counting how often its fragment is read. */
function result(id: string, url: string, reads: string[]) {
  return {
    id,
    data: () => {
      reads.push(id);
      return Promise.resolve({ url, excerpt: "", meta: {} });
    },
  };
}

describe("currentResults", () => {
  it("drops the listed ids, and an id listed with a route only for that route's article", async () => {
    const reads: string[] = [];
    const results = [
      result("fr_aaa", "/blog/colere.html", reads), // a shard's out-of-date version
      result("fr_bbb", "/blog/colere.html", reads), // the recent shard's version
      result("fr_ccc", "/_sample/blog/ecrans.html", reads), // the recent shard's sample…
      result("fr_ccc", "/blog/ecrans.html", reads), // …whose id another shard's article shares
      result("fr_ddd", "/blog/limites.html", reads),
    ];
    const stale = { ids: new Set(["fr_aaa"]), check: new Map([["fr_ccc", "/_sample/blog/ecrans"]]) };
    const kept = await currentResults(results, stale);
    expect(kept.map((r) => r.id)).toEqual(["fr_bbb", "fr_ccc", "fr_ddd"]);
    expect((await kept[1]!.data()).url).toBe("/blog/ecrans.html");
    // Only the results of a shared id had their details read to check them (then the one above).
    expect(reads.sort()).toEqual(["fr_ccc", "fr_ccc", "fr_ccc"]);
  });
});
