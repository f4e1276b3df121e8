// The limits of limits.py in the carnet: the generated values and words, applied.
import { describe, expect, it } from "vitest";
import { slugify } from "../emulated/slug.ts";
import { parseDocument } from "./document.ts";
import data from "./generated/model.gen.json" with { type: "json" };
import { categoriesProblem, depthProblem, imageNameProblem, nameProblem, sizeProblem } from "./limits.ts";
import { validateDocument } from "./validate.ts";

const LIMITS = data.limits;
const ARTICLE = "---\ntitle: Un titre\nexcerpt: Un résumé.\ndate: 2024-03-15\ncategory: Émotions\n---\n\nTexte.\n";

describe("the limits of limits.py", () => {
  it("refuses a Markdown file over 1 Mo, counted in bytes, with its size as contenu check writes it", () => {
    expect(sizeProblem("é".repeat(LIMITS.markdownBytes / 2))).toBeNull();
    expect(sizeProblem("é".repeat(LIMITS.markdownBytes / 2 + 1))).toContain("1,0");
    const big = ARTICLE + "x".repeat(1_190_000);
    const found = validateDocument(parseDocument("articles/a.md", big), { routes: [], files: [] });
    expect(found).toHaveLength(1);
    expect(found[0]!.message).toMatch(/^fichier trop gros\u00a0: 1,2 Mo, pour 1 Mo au plus/);
  });

  it("refuses a name the build could not write, in bytes", () => {
    expect(nameProblem(`articles/${"a".repeat(LIMITS.nameBytes)}.md`)).toBeNull();
    expect(nameProblem(`articles/${"é".repeat(101)}.md`)).toContain("202");
    expect(imageNameProblem(`images/${"a".repeat(LIMITS.nameBytes + 1)}.png`)).toContain(String(LIMITS.nameBytes + 1));
  });

  it("finds the group that opens one level too many, at its opening sign", () => {
    const deep = (n: number) => `---\nkeywords: ${"[".repeat(n)}${"]".repeat(n)}\n---\n`;
    const ok = parseDocument("articles/a.md", deep(LIMITS.yamlDepth - 1)).frontmatter!;
    expect(depthProblem(ok.yaml, ok.text)).toBeNull();
    const over = parseDocument("articles/a.md", deep(LIMITS.yamlDepth)).frontmatter!;
    const found = depthProblem(over.yaml, over.text)!;
    expect(over.text[found.offset]).toBe("[");
    expect(found.message).toContain(LIMITS.messages.openers["["]);
  });

  it("counts categories by their address, one too many is refused", () => {
    const many = Array.from({ length: LIMITS.categories }, (_, i) => `Catégorie ${i}`);
    expect(categoriesProblem([...many, "catégorie 0", "Categorie 1"], slugify)).toBeNull();
    expect(categoriesProblem([...many, "Une de plus"], slugify)).toContain(String(LIMITS.categories + 1));
  });
});
