import { describe, expect, it } from "vitest";
import { parseDocument } from "../core/index.ts";
import { fieldAt, partAt } from "./annotations.ts";

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

const FIELDS =
  "---\ntitle: Contact\ndescription: >\n  Deux lignes\n  de description.\n---\n\n" +
  "```{hero}\ntitle: Parlons\nactions:\n  - label: Écrire\n    href: /contact\n```\n\nUn texte.\n";

describe("an annotation's field", () => {
  const doc = parseDocument("content/pages/contact.md", FIELDS);
  it("is the deepest key written on its line, in the frontmatter or a cell", () => {
    expect(fieldAt(doc, 2)).toEqual({ target: "frontmatter", path: ["title"] });
    expect(fieldAt(doc, 4)).toEqual({ target: "frontmatter", path: ["description"] });
    expect(fieldAt(doc, 5)).toEqual({ target: "frontmatter", path: ["description"] });
    expect(fieldAt(doc, 9)).toEqual({ target: 0, path: ["title"] });
    expect(fieldAt(doc, 10)).toEqual({ target: 0, path: ["actions"] });
    expect(fieldAt(doc, 11)).toEqual({ target: 0, path: ["actions", 0, "label"] });
    expect(fieldAt(doc, 12)).toEqual({ target: 0, path: ["actions", 0, "href"] });
  });
  it("is the part as a whole on a fence, a blank line or prose", () => {
    expect(fieldAt(doc, 8)).toEqual({ target: 0, path: [] });
    expect(fieldAt(doc, 15)).toEqual({ target: 1, path: [] });
    expect(fieldAt(doc, 40)).toEqual({ target: null, path: [] });
  });
});
