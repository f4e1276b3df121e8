// The full-text search index of the published articles (Pagefind), written to
// OUT_DIR/pagefind/. Pagefind reads one small HTML document per article, made from its data
// file (title, excerpt, the sanitised HTML of its prose), not the prerendered page with its
// header and footer, and indexes it in French, so « écrans » also finds « écran ». The CLI
// reads documents on every core; its service API (addCustomRecord) indexes on one core and
// took twice as long at 4,000 articles (measured).
import { spawn } from "node:child_process";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { attr } from "./prerender.mjs";

export const SEARCH_FOLDER = "pagefind";

const PAGEFIND = fileURLToPath(new URL("../node_modules/.bin/pagefind", import.meta.url));

/** The document Pagefind indexes for one article: its title (the result's title), excerpt
 * and prose. Found at /<route key>.html, which the search maps back to the route. */
export function searchDocument(bundle) {
  const prose = bundle.cells.filter((cell) => cell.type === "prose").map((cell) => cell.html);
  return [
    '<!doctype html><html lang="fr"><head><meta charset="utf-8"></head><body>',
    `<h1>${attr(bundle.article.title)}</h1>`,
    `<p>${attr(bundle.article.excerpt)}</p>`,
    ...prose,
    "</body></html>\n",
  ].join("\n");
}

/** Whether the search indexes this route: the published articles. */
export function isSearched(route) {
  return route.kind === "article" && route.status === "published";
}

let running = null;

/** Indexes the documents in `workDir` (written there by the prerender's workers, which
 * have each article's data at hand) into `outDir`/pagefind. Returns how many articles of
 * `routes` the index holds. */
export async function buildIndex(routes, outDir, workDir) {
  const count = routes.filter(isSearched).length;
  const args = ["--site", workDir, "--output-path", path.join(outDir, SEARCH_FOLDER), "--force-language", "fr"];
  const output = [];
  const code = await new Promise((resolve, reject) => {
    running = spawn(PAGEFIND, args, { stdio: ["ignore", "pipe", "pipe"] });
    running.stdout.on("data", (chunk) => output.push(chunk));
    running.stderr.on("data", (chunk) => output.push(chunk));
    running.once("error", reject);
    running.once("close", resolve);
  });
  running = null;
  if (code !== 0) throw new Error(`Pagefind a échoué (code ${code}) :\n${Buffer.concat(output).toString()}`);
  return count;
}

/** Stops the indexer (a stopped build), so nothing writes after its cleanup. */
export async function stopSearchIndex() {
  const child = running;
  if (!child || child.exitCode !== null) return;
  await new Promise((resolve) => {
    child.once("close", resolve);
    child.kill("SIGTERM");
  });
}
