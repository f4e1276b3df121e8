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
  it("drops the out-of-date version and the sample, keeps another article sharing an id", async () => {
    const reads: string[] = [];
    const results = [
      result("fr_aaa", "/blog/colere.html", reads), // the base shard's old version
      result("fr_bbb", "/blog/colere.html", reads), // the recent shard's new version
      result("fr_ccc", "/_sample/blog/ecrans.html", reads), // the recent shard's sample
      result("fr_ccc", "/blog/ecrans.html", reads), // the same id in another shard: another article
      result("fr_ddd", "/blog/limites.html", reads),
    ];
    const stale = new Map([
      ["fr_aaa", "/blog/colere"],
      ["fr_ccc", "/_sample/blog/ecrans"],
    ]);
    const kept = await currentResults(results, stale);
    expect(kept.map((r) => r.id)).toEqual(["fr_bbb", "fr_ccc", "fr_ddd"]);
    expect((await kept[1]!.data()).url).toBe("/blog/ecrans.html");
    // Only the listed ids' fragments were read to check them (then the one read above).
    expect(reads.sort()).toEqual(["fr_aaa", "fr_ccc", "fr_ccc", "fr_ccc"]);
  });
});
