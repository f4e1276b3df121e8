// « Nouveau » makes the file `contenu new` makes: its name (render/markdown.py's slugify,
// the pairs below are what it returns) and its text (the generated template, filled in).
import { describe, expect, it } from "vitest";
import { FILE_KINDS } from "../core/index.ts";
import model from "../generated/content-model.gen.json" with { type: "json" };
import { newFile, slugify, summaryOf } from "./summaries.ts";

describe("a new file", () => {
  it.each([
    ["Être parent ?", "etre-parent"],
    ["Parler de l’école sans dispute", "parler-de-lecole-sans-dispute"],
    ["  Ça va : 100 % ! ", "ca-va-100"],
    ["œuvre & cœur", "uvre-cur"],
    ["???", "section"],
  ])("« %s » is named %s, as contenu new names it", (title, slug) => {
    expect(slugify(title)).toBe(slug);
  });

  it("is the template of its kind with the title, today's date and an image", () => {
    const article = FILE_KINDS.find((kind) => kind.key === "article")!;
    const { path, text } = newFile(article, "Parler sans crier", ["images/a.png", "images/equipe/claire.jpg"]);
    expect(path).toBe("articles/parler-sans-crier.md");
    const today = new Date().toISOString().slice(0, 10);
    expect(text).toBe(model.templates.article.replace(model.marks.title, "Parler sans crier").replace(model.marks.date, today));
    const member = FILE_KINDS.find((kind) => kind.key === "membre")!;
    expect(newFile(member, "Léa", ["images/a.png", "images/equipe/claire.jpg"]).text).toContain("src: /images/equipe/claire.jpg");
  });

  it("quotes a title YAML would misread", () => {
    const article = FILE_KINDS.find((kind) => kind.key === "article")!;
    const { text } = newFile(article, "Colère : que faire ?", []);
    expect(text).toContain("title: 'Colère : que faire ?'");
  });
});

describe("the content list's summary of a file", () => {
  it("reads the title and the state from the frontmatter", () => {
    expect(summaryOf("articles/a.md", "---\ntitle: Un article\ndraft: true\n---\n")).toEqual({ title: "Un article", state: "brouillon" });
    const scheduled = summaryOf("articles/b.md", "---\ntitle: Plus tard\npublishDate: 2999-09-01\n---\n");
    expect(scheduled.state).toBe("programmé le 1er septembre 2999");
    expect(summaryOf("faq/c.md", "---\nquestion: Combien ?\norder: 1\n---\nRéponse.\n").title).toBe("Combien ?");
  });
});
