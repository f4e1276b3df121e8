import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { chunkLines, mergeLines } from "./line-merge.ts";

const lines = (text: string) => text.split("\n");
const merged = (base: string, ours: string, theirs: string) => chunkLines(mergeLines(lines(base), lines(ours), lines(theirs)), () => "ours").join("\n");

describe("a three-way merge of lines", () => {
  it("applies both sides' changes where their lines do not overlap, next to each other included", () => {
    expect(merged("a\nb\nc", "A\nb\nc", "a\nB\nc")).toBe("A\nB\nc");
    expect(merged("a\nb", "A\nb", "a\nb\nc")).toBe("A\nb\nc"); // a line added after one she changed
    expect(merged("a\nb", "a\nB", "z\na\nb")).toBe("z\na\nB");
  });

  it("makes lines both changed differently one conflict, with each side's lines", () => {
    const chunks = mergeLines(lines("a\nb\nc"), lines("a\nX\nc"), lines("a\nY\nc"));
    expect(chunks).toEqual([
      { kind: "clean", lines: ["a"] },
      { kind: "conflict", base: ["b"], ours: ["X"], theirs: ["Y"] },
      { kind: "clean", lines: ["c"] },
    ]);
    expect(mergeLines(lines("a"), lines("a\nX"), lines("a\nY")).some((c) => c.kind === "conflict")).toBe(true);
  });

  it("gives back the side that changed, and keeps every line only one side changed", () => {
    const text = fc.array(fc.constantFrom("a", "b", "c", "d", ""), { maxLength: 12 });
    fc.assert(
      fc.property(text, text, (base, ours) => {
        expect(chunkLines(mergeLines(base, ours, base), () => "ours")).toEqual(ours);
        expect(chunkLines(mergeLines(base, base, ours), () => "ours")).toEqual(ours);
        expect(chunkLines(mergeLines(base, ours, ours), () => "ours")).toEqual(ours);
      }),
      { numRuns: 500 },
    );
  });

  it("merges edits of different lines of unique lines without a question", () => {
    const scenario = fc.integer({ min: 2, max: 12 }).chain((n) =>
      fc.tuple(fc.constant(n), fc.uniqueArray(fc.integer({ min: 0, max: n - 1 }), { minLength: 2, maxLength: n })),
    );
    fc.assert(
      fc.property(scenario, fc.infiniteStream(fc.boolean()), ([n, edited], coins) => {
        const base = Array.from({ length: n }, (_, i) => `line ${i}`);
        const ours = base.slice();
        const theirs = base.slice();
        const who = coins.take(edited.length);
        for (const i of edited) (who.next().value ? ours : theirs)[i] = `edited ${i}`;
        const chunks = mergeLines(base, ours, theirs);
        expect(chunks.every((c) => c.kind === "clean")).toBe(true);
        expect(chunkLines(chunks, () => "ours")).toEqual(base.map((line, i) => (edited.includes(i) ? `edited ${i}` : line)));
      }),
      { numRuns: 300 },
    );
  });
});
