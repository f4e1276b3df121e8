import { readdirSync, readFileSync, statSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { parseDocument, serializeDocument } from "./document.ts";
import { dataOf, setValue } from "./edits.ts";

const CONTENT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../../../../content");

function markdownFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const full = path.join(dir, name);
    if (statSync(full).isDirectory()) return markdownFiles(full);
    return name.endsWith(".md") ? [full] : [];
  });
}

describe("a content file opened and saved without a change", () => {
  const files = markdownFiles(CONTENT);

  it("finds the files of content/", () => {
    expect(files.length).toBeGreaterThan(40);
  });

  it.each(files.map((f) => [path.relative(CONTENT, f), f]))("%s is written back byte for byte", (rel, full) => {
    const text = readFileSync(full, "utf8");
    expect(serializeDocument(parseDocument(rel, text))).toBe(text);
  });
});

const HOME = `---
title: Accueil # le titre
description: "Deux : points"
---

\`\`\`{hero}
# un commentaire
eyebrow: Petit titre
title: Retrouvez le lien
lead: >-
  Une longue
  introduction.
actions:
  - label: Guide
    href: /ressource

  - label: 'Appel'
    href: /appel
\`\`\`

## Un texte

\`\`\`python
\`\`\`{not-a-cell}
\`\`\`

~~~ { cta }
title: Fin
actions: [{label: A, href: /a}]
~~~
`;

describe("the notebook of a page", () => {
  it("splits the body at {name} fences only, as the pipeline does", () => {
    const doc = parseDocument("pages/index.md", HOME);
    expect(doc.cells.map((c) => (c.kind === "cell" ? c.type : "prose"))).toEqual(["hero", "prose", "cta"]);
    const prose = doc.cells[1];
    expect(prose?.kind === "prose" && prose.markdown).toBe("## Un texte\n\n```python\n```{not-a-cell}\n```");
    expect(dataOf(doc, 0)).toMatchObject({ title: "Retrouvez le lien", lead: "Une longue introduction." });
  });

  it("changing one field changes only its line, comments and quoting kept", () => {
    const doc = setValue(parseDocument("pages/index.md", HOME), 0, ["actions", 1, "label"], "Réserver");
    const after = serializeDocument(doc);
    expect(after).toBe(HOME.replace("  - label: 'Appel'", "  - label: 'Réserver'"));
  });

  it("a text that YAML would read as something else is quoted", () => {
    const doc = setValue(parseDocument("pages/index.md", HOME), "frontmatter", ["title"], "12:30");
    expect(serializeDocument(doc)).toBe(HOME.replace("title: Accueil # le titre", 'title: "12:30" # le titre'));
    expect(dataOf(doc, "frontmatter")).toMatchObject({ title: "12:30" });
  });
});
