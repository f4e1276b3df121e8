// The full-text search index of the published articles (Pagefind), written to
// OUT_DIR/pagefind/. Pagefind reads one small HTML document per article, made from its data
// file (title, excerpt, the sanitised HTML of its prose), not the prerendered page with its
// header and footer, and indexes it in French, so « écrans » also finds « écran ». The CLI
// reads documents on every core; its service API (addCustomRecord) indexes on one core and
// took twice as long at 4,000 articles (measured).
import { spawn } from "node:child_process";
import { mkdir, readFile, writeFile } from "node:fs/promises";
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

/** Writes the search document of every published article of `routes` into `workDir`. */
async function writeDocuments(dataDir, routes, workDir) {
  const articles = routes.filter((route) => route.kind === "article" && route.status === "published");
  const folders = new Map(); // folder → its mkdir, shared by the files written in parallel
  for (let i = 0; i < articles.length; i += 64) {
    await Promise.all(
      articles.slice(i, i + 64).map(async (route) => {
        const bundle = JSON.parse(await readFile(path.join(dataDir, "routes", `${route.key}.json`), "utf8"));
        const file = path.join(workDir, `${route.key}.html`);
        const folder = path.dirname(file);
        if (!folders.has(folder)) folders.set(folder, mkdir(folder, { recursive: true }));
        await folders.get(folder);
        await writeFile(file, searchDocument(bundle));
      }),
    );
  }
  return articles.length;
}

let running = null;

/** Indexes the published articles of `routes` into `outDir`/pagefind; `workDir` is a
 * scratch folder for the documents. Returns how many articles the index holds. */
export async function buildIndex(dataDir, routes, outDir, workDir) {
  const count = await writeDocuments(dataDir, routes, workDir);
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
