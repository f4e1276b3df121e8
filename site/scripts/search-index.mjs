// The full-text search index of the articles (Pagefind), written to OUT_DIR/pagefind/ from
// the prerendered pages. Only the article pages are indexed (blog/<slug>.html; each marks
// its text with data-pagefind-body), in French, so « écrans » also finds « écran ».
import path from "node:path";
import * as pagefind from "pagefind";

export const SEARCH_FOLDER = "pagefind";

export async function indexArticles(outDir) {
  const { index, errors } = await pagefind.createIndex({ forceLanguage: "fr" });
  try {
    if (!index) throw new Error(errors.join("\n"));
    const added = await index.addDirectory({ path: outDir, glob: "blog/*.html" });
    if (added.errors.length) throw new Error(added.errors.join("\n"));
    const written = await index.writeFiles({ outputPath: path.join(outDir, SEARCH_FOLDER) });
    if (written.errors.length) throw new Error(written.errors.join("\n"));
    return added.page_count;
  } finally {
    await pagefind.close();
  }
}

/** Stops the indexer (a stopped build), so nothing writes after its cleanup. */
export async function stopSearchIndex() {
  await pagefind.close();
}
