// The round trip over a generated corpus of 4,000 articles (tests/content_factory.py), as
// the issue asks: opened and saved without a change, every file keeps its bytes; one field
// changed, only its lines change.
import { execFileSync } from "node:child_process";
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { parseDocument, serializeDocument } from "./document.ts";
import { dataOf, setValue } from "./edits.ts";

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../../../..");
const ARTICLES = 4000;

/** The Python of the project's test environment (PyYAML installed), else the one on PATH. */
function python(): string {
  const nox = path.join(ROOT, ".nox", "tests", "bin", "python");
  return process.env.CONTENU_PYTHON ?? (existsSync(nox) ? nox : "python3");
}

let corpus = "";
let files: string[] = [];

beforeAll(() => {
  corpus = process.env.EDITOR_CORPUS ?? "";
  if (!corpus) {
    corpus = path.join(mkdtempSync(path.join(tmpdir(), "editor-corpus-")), "site");
    execFileSync(python(), [path.join(ROOT, "tests", "content_factory.py"), corpus, "--articles", String(ARTICLES), "--words", "300"]);
  }
  const articles = path.join(corpus, "content", "articles");
  files = readdirSync(articles).map((name) => path.join(articles, name));
}, 120_000);

afterAll(() => {
  if (!process.env.EDITOR_CORPUS && corpus) rmSync(path.dirname(corpus), { recursive: true, force: true });
});

describe(`a generated corpus of ${ARTICLES} articles`, () => {
  it("is written back byte for byte, every file", () => {
    expect(files.length).toBeGreaterThanOrEqual(ARTICLES);
    const changed = files.filter((file) => {
      const text = readFileSync(file, "utf8");
      return serializeDocument(parseDocument(path.relative(path.join(corpus, "content"), file), text)) !== text;
    });
    expect(changed).toEqual([]);
  });

  it("changes only the title's line when the title changes", () => {
    const wrong = files.filter((file) => {
      const text = readFileSync(file, "utf8");
      const doc = setValue(parseDocument("articles/x.md", text), "frontmatter", ["title"], "Un titre : neuf");
      const after = serializeDocument(doc);
      const before = text.split("\n");
      const lines = after.split("\n");
      const diff = before.flatMap((line, i) => (line === lines[i] ? [] : [i]));
      const title = (dataOf(parseDocument("articles/x.md", after), "frontmatter") as { title: string }).title;
      return lines.length !== before.length || diff.length !== 1 || !before[diff[0]!]!.startsWith("title:") || title !== "Un titre : neuf";
    });
    expect(wrong).toEqual([]);
  });
});
