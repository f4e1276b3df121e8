import { describe, expect, it } from "vitest";
import { parseDocument } from "../core/index.ts";
import { partAt } from "./annotations";

const TEXT = "---\ntitle: Contact\n---\n\n```{hero}\ntitle: Parlons\n```\n\nUn texte\nsur deux lignes.\n";

describe("an annotation's line", () => {
  it("falls in the frontmatter, a component cell or a prose cell, as the notebook splits them", () => {
    const doc = parseDocument("content/pages/contact.md", TEXT);
    expect([1, 2, 3].map((line) => partAt(doc, line))).toEqual(["frontmatter", "frontmatter", "frontmatter"]);
    expect([5, 6, 7].map((line) => partAt(doc, line))).toEqual([0, 0, 0]);
    expect([9, 10].map((line) => partAt(doc, line))).toEqual([1, 1]);
    expect(partAt(doc, 40)).toBeNull();
  });
});
