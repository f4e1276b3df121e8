import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { hunks, lineDiff } from "./line-diff.ts";

const side = (lines: ReturnType<typeof lineDiff>, drop: "added" | "removed") =>
  lines.filter((l) => l.kind !== drop).map((l) => l.text).join("\n");

describe("the lines a change adds and removes", () => {
  it("gives back both versions, with the fewest changes on small files", () => {
    const text = fc.array(fc.constantFrom("a", "b", "c", "prix: 275", ""), { maxLength: 30 }).map((l) => l.join("\n"));
    fc.assert(
      fc.property(text, text, (before, after) => {
        const lines = lineDiff(before, after);
        expect(side(lines, "added")).toBe(before);
        expect(side(lines, "removed")).toBe(after);
        if (before === after) expect(lines.every((l) => l.kind === "same")).toBe(true);
      }),
    );
  });

  it("shows one changed price as one line removed and one added", () => {
    const before = "---\ntitle: Prix\namount: 260\ncurrency: EUR\n---\n";
    const lines = lineDiff(before, before.replace("260", "275"));
    expect(lines.filter((l) => l.kind !== "same")).toEqual([
      { kind: "removed", text: "amount: 260" },
      { kind: "added", text: "amount: 275" },
    ]);
  });

  it("stays linear past its edit limit: the middle is shown whole", () => {
    const before = Array.from({ length: 20_000 }, (_, i) => `a${i}`).join("\n");
    const after = Array.from({ length: 20_000 }, (_, i) => `b${i}`).join("\n");
    const lines = lineDiff(before, after);
    expect(lines).toHaveLength(40_000);
    expect(side(lines, "added")).toBe(before);
  });

  it("keeps the lines near a change and folds the rest", () => {
    const before = Array.from({ length: 20 }, (_, i) => `l${i}`).join("\n");
    const shown = hunks(lineDiff(before, before.replace("l10", "dix")));
    expect(shown.map((l) => l?.text ?? "…")).toEqual(["…", "l8", "l9", "l10", "dix", "l11", "l12", "…"]);
  });
});
