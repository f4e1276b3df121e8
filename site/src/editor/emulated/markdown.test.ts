// The one-pass readers of markdown.ts give what the regular expressions they replaced gave
// (those took quadratic time on hostile lines, so they only run here, on short texts).
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { givenId, headingText, markdownLinks, withoutLinks } from "./markdown.ts";

const HEADING = /^ {0,3}#{1,6}[ \t]+(.*?)(?:[ \t]+#+)?[ \t]*$/;
const GIVEN_ID = /[ \t]*\{#([^}\s]+)\}$/;
const MARKDOWN_LINK = /!?\[[^\]]*\]\(\s*<?([^)\s>]+)>?(?:\s+(?:"[^"]*"|'[^']*'))?\s*\)/g;
const LINK_TEXT = /!?\[([^\]]*)\]\([^)]*\)/g;

const text = (pieces: string[]) => fc.array(fc.constantFrom(...pieces), { maxLength: 14 }).map((p) => p.join(""));
const headingLines = fc.oneof(text([" ", "  ", "\t", "#", "##", "a", "b c", "{#", "}", "{#a}", "\u2028", "\u00a0", "é"]), fc.string());
const markdown = fc.oneof(
  text(["[", "]", "(", ")", "!", "<", ">", " ", "\n", '"', "'", "a", "/b", "#c", "x y", "\t"]),
  fc.string({ maxLength: 30 }),
);
const RUNS = { numRuns: 3000 };

describe("the readers of a prose cell", () => {
  it("read a heading's text as the pattern did", () => {
    fc.assert(fc.property(headingLines, (line) => {
          expect(headingText(line)).toBe(HEADING.exec(line)?.[1] ?? null);
        }), RUNS);
  });

  it("read a given id as the pattern did", () => {
    fc.assert(
      fc.property(headingLines, (line) => {
        const old = GIVEN_ID.exec(line);
        expect(givenId(line)).toEqual(old ? { id: old[1], at: old.index } : null);
      }),
      RUNS,
    );
  });

  it("find the links' targets as the pattern did", () => {
    fc.assert(fc.property(markdown, (md) => {
          expect(markdownLinks(md)).toEqual([...md.matchAll(MARKDOWN_LINK)].map((m) => m[1]));
        }), RUNS);
  });

  it("replace links by their text as the pattern did", () => {
    fc.assert(fc.property(markdown, (md) => {
          expect(withoutLinks(md)).toBe(md.replace(LINK_TEXT, "$1"));
        }), RUNS);
  });
});
