import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { cellTypesFor, placeOf } from "../core/index.ts";
import { enterAt, markdownLink } from "./typing.ts";

describe("Enter in a text cell", () => {
  it("starts a new paragraph at the end of the text, or in its middle", () => {
    expect(enterAt("Un paragraphe.", 14)).toEqual({ from: 14, insert: "\n\n" });
    expect(enterAt("Un paragraphe. Un autre.", 14)).toEqual({ from: 14, insert: "\n\n" });
  });

  it("adds one line on an empty line", () => {
    expect(enterAt("Un paragraphe.\n\n", 16)).toEqual({ from: 16, insert: "\n" });
  });

  it("continues a list, numbered or not, and an empty item ends it", () => {
    expect(enterAt("- un", 4)).toEqual({ from: 4, insert: "\n- " });
    expect(enterAt("Texte\n  * un", 12)).toEqual({ from: 12, insert: "\n  * " });
    expect(enterAt("1. un\n2. deux", 13)).toEqual({ from: 13, insert: "\n3. " });
    expect(enterAt("- un\n- ", 7)).toEqual({ from: 5, insert: "\n" });
  });
});

describe("« Lien »", () => {
  it("writes a Markdown link whose text and address read back as typed", () => {
    expect(markdownLink("page contact", "/contact")).toBe("[page contact](/contact)");
    expect(markdownLink("les [crochets]", "/a b")).toBe("[les \\[crochets\\]](</a b>)");
    fc.assert(
      fc.property(fc.string(), (text) => {
        const written = markdownLink(text, "/contact");
        // The text never closes the link early.
        expect(written.slice(1, -"](/contact)".length).replace(/\\\\|\\\]/g, "")).not.toContain("]");
      }),
    );
  });
});

describe("the cells a document is offered", () => {
  it("offers the 404 message in the error page only, the banner in pages only", () => {
    const names = (path: string) => cellTypesFor(path).map((cell) => cell.name);
    expect(placeOf("articles/a.md")).toBe("article");
    expect(placeOf("pages/404.md")).toBe("not-found");
    expect(names("articles/a.md")).not.toContain("not-found");
    expect(names("articles/a.md")).not.toContain("hero");
    expect(names("pages/contact.md")).toContain("hero");
    expect(names("pages/contact.md")).not.toContain("not-found");
    expect(names("pages/404.md")).toContain("not-found");
    expect(names("faq/prix.md")).toEqual([]);
  });
});
