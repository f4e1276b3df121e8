import { describe, expect, it } from "vitest";
import { parseDocument } from "./document.ts";
import { setValue } from "./edits.ts";
import { indexContext, validateDocument } from "./validate.ts";

const context = indexContext({
  routes: ["/", "/contact", "/blog", "/ressource", "/appel", "/blog/un-article"],
  files: ["images/equipe/claire.jpg", "articles/un-article.md", "etapes/prendre-conscience.md"],
});

const ARTICLE = "---\ntitle: Un titre\nexcerpt: Un résumé.\ndate: 2024-03-15\ncategory: Émotions\n---\n\nLe texte.\n";

function messages(path: string, text: string) {
  return validateDocument(parseDocument(path, text), context)
    .map((d) => [d.target, d.field, d.message.replace(/[\u00a0\u202f]/g, " "), d.line])
    .sort((a, b) => Number(a[3]) - Number(b[3]));
}

describe("the verdict of contenu check, field by field", () => {
  it("a valid article has none", () => {
    expect(messages("articles/un-article.md", ARTICLE)).toEqual([]);
  });

  it("a bad date is said under the date, at its line", () => {
    expect(messages("articles/a.md", ARTICLE.replace("2024-03-15", "2024-02-30"))).toEqual([
      ["frontmatter", "date", "date invalide : « 2024-02-30 » ; ce jour n’existe pas : février 2024 a 29 jours (du 01 au 29)", 4],
    ]);
  });

  it("a missing field, a too long title and a price with « € »", () => {
    const text = ARTICLE.replace("excerpt: Un résumé.\n", "").replace("Un titre", "T".repeat(111)).replace("category:", "readTime: 5 min\ncategory:");
    expect(messages("articles/a.md", text)).toEqual([
      ["frontmatter", "excerpt", "le champ obligatoire « Résumé » manque", 1],
      ["frontmatter", "title", "trop long : 110 caractères au maximum (actuellement 111)", 2],
      ["frontmatter", "readTime", "« 5 min » n’est pas un nombre entier : écrivez-le en chiffres, par exemple 12 ou 1 250", 4],
    ]);
  });

  it("a dead link, a missing image and an unknown entry, with the closest spelling", () => {
    const text =
      ARTICLE +
      "\nVoir [la page](/contatc).\n\n```{figure}\nimage:\n  src: /images/equipe/clair.jpg\n  alt: Claire\n```\n\n```{steps}\nitems:\n  - prendre-consience\n```\n";
    expect(messages("articles/a.md", text)).toEqual([
      [0, "", "lien cassé « /contatc » : aucune page à l’adresse « /contatc » ; vouliez-vous dire « /contact » ?", 10],
      [1, "{figure} image.src", "image introuvable « /images/equipe/clair.jpg » : le fichier content/images/equipe/clair.jpg n’existe pas ; vouliez-vous dire « /images/equipe/claire.jpg » ?", 14],
      [2, "{steps} items[0]", "« prendre-consience » n’existe pas dans content/etapes ; vouliez-vous dire « prendre-conscience » ?", 20],
    ]);
  });

  it("follows an edit: the message goes when the field is fixed", () => {
    const doc = parseDocument("articles/a.md", ARTICLE.replace("2024-03-15", "15/03/24"));
    expect(validateDocument(doc, context)).toHaveLength(1);
    expect(validateDocument(setValue(doc, "frontmatter", ["date"], "2024-03-15"), context)).toEqual([]);
  });

  it("an unknown cell type names the closest ones", () => {
    const [diag] = validateDocument(parseDocument("articles/a.md", ARTICLE + "\n```{heros}\ntitle: x\n```\n"), context);
    expect(diag?.message.replace(/[\u00a0\u202f]/g, " ")).toMatch(/^cellule inconnue \{heros\} ; vouliez-vous dire « hero » \? ; cellules possibles, de la plus proche à la plus lointaine : \{hero\}, /);
    expect(diag?.target).toBe(1);
  });
});
