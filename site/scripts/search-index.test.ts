// @vitest-environment node
import { describe, expect, it } from "vitest";
// @ts-expect-error: a plain ES module of the build, without type declarations
import { staleLists } from "./search-index.mjs";

describe("staleLists", () => {
  it("lists a stale id with its route only when another published shard holds the same id", () => {
    const stale = new Map([
      ["fr_aaa", "/blog/colere"],
      ["fr_bbb", "/_sample/blog/ecrans"],
    ]);
    const published = [
      ["fr_aaa", "fr_ccc"], // the base shard of the out-of-date version
      ["fr_bbb", "fr_ddd"], // the recent shard and its sample
      ["fr_bbb", "fr_eee"], // another shard's article, whose id happens to be the sample's
    ];
    expect(staleLists(stale, published)).toEqual({ ids: ["fr_aaa"], check: { fr_bbb: "/_sample/blog/ecrans" } });
  });
});
