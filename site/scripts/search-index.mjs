// The full-text search index of the articles (Pagefind), written to OUT_DIR/pagefind/. The
// records come from the articles' data files (title, excerpt, the text of their prose), not
// from the prerendered HTML (no page to parse again), and are indexed in French, so
// « écrans » also finds « écran ».
import { readFile } from "node:fs/promises";
import path from "node:path";
import * as pagefind from "pagefind";

export const SEARCH_FOLDER = "pagefind";

const ENTITIES = { amp: "&", lt: "<", gt: ">", quot: '"', apos: "'", nbsp: "\u00a0" };

/** The text of sanitised HTML: tags dropped (block ends become line breaks), entities read. */
export function htmlText(html) {
  return html
    .replace(/<\/(?:p|li|h[1-6]|blockquote|pre|tr|figcaption)>|<br\s*\/?>/g, "\n")
    .replace(/<[^>]*>/g, "")
    .replace(/&(#x[0-9a-f]+|#\d+|[a-z]+);/gi, (whole, name) => {
      if (name[0] === "#") {
        const code = name[1] === "x" || name[1] === "X" ? parseInt(name.slice(2), 16) : parseInt(name.slice(1), 10);
        return Number.isFinite(code) ? String.fromCodePoint(code) : whole;
      }
      return ENTITIES[name.toLowerCase()] ?? whole;
    });
}

/** What the index holds for one article: its address, title and text. */
export function articleRecord(bundle) {
  const prose = bundle.cells.filter((cell) => cell.type === "prose").map((cell) => htmlText(cell.html));
  return {
    url: bundle.path,
    content: [bundle.article.title, bundle.article.excerpt, ...prose].join("\n"),
    language: "fr",
    meta: { title: bundle.article.title },
  };
}

/** Indexes the published articles of `routes` into `outDir`/pagefind (Pagefind's process). */
export async function buildIndex(dataDir, routes, outDir) {
  const { index, errors } = await pagefind.createIndex({ forceLanguage: "fr" });
  if (!index) throw new Error(errors.join("\n"));
  const articles = routes.filter((route) => route.kind === "article" && route.status === "published");
  const added = (async () => {
    // A batch at a time: Pagefind's process indexes one while the next is read.
    for (let i = 0; i < articles.length; i += 64) {
      const batch = articles.slice(i, i + 64);
      const bundles = await Promise.all(
        batch.map(async (route) => JSON.parse(await readFile(path.join(dataDir, "routes", `${route.key}.json`), "utf8"))),
      );
      const answers = await Promise.all(bundles.map((bundle) => index.addCustomRecord(articleRecord(bundle))));
      const failed = answers.flatMap((answer) => answer.errors);
      if (failed.length) throw new Error(failed.join("\n"));
    }
    return articles.length;
  })();
  try {
    const count = await added;
    const written = await index.writeFiles({ outputPath: path.join(outDir, SEARCH_FOLDER) });
    if (written.errors.length) throw new Error(written.errors.join("\n"));
    return count;
  } finally {
    await pagefind.close();
  }
}

/** Stops the indexer (a stopped build), so nothing writes after its cleanup. */
export async function stopSearchIndex() {
  await pagefind.close();
}
