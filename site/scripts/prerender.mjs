// Writes OUT_DIR/<route>/index.html for every route of site.json (404.html for the error
// page) from the client build's index.html and the SSR build's renderRoute().
import { mkdir, readFile, rm, writeFile } from "node:fs/promises";
import path from "node:path";
import { pathToFileURL } from "node:url";

/** `/` → index.html, `/blog/x` → blog/x/index.html, the not-found route → 404.html. */
export function fileForRoute(route) {
  if (route.kind === "not-found") return "404.html";
  const clean = route.path.replace(/^\/+|\/+$/g, "");
  return clean ? `${clean}/index.html` : "index.html";
}

function fill(template, marker, value) {
  if (!template.includes(marker)) throw new Error(`index.html has lost its ${marker} marker`);
  return template.replace(marker, () => value);
}

export async function prerender({ outDir, serverEntry }) {
  const template = await readFile(path.join(outDir, "index.html"), "utf8");
  const manifestFile = path.join(outDir, ".vite", "manifest.json");
  const manifest = JSON.parse(await readFile(manifestFile, "utf8"));
  const { site, renderRoute, BASE_PATH } = await import(pathToFileURL(serverEntry).href);

  let count = 0;
  for (const route of site.routes) {
    const { appHtml, headHtml } = await renderRoute(route);
    // The route's content chunk is fetched before hydration: start it with the HTML.
    const chunk = manifest[`src/bundles/routes/${route.key}.json`];
    const preload = chunk ? `\n    <link rel="modulepreload" crossorigin href="${BASE_PATH}${chunk.file}">` : "";
    let html = fill(template, "<!--head-tags-->", headHtml + preload);
    html = fill(html, "<!--app-html-->", appHtml);
    const file = path.join(outDir, fileForRoute(route));
    await mkdir(path.dirname(file), { recursive: true });
    await writeFile(file, html);
    count += 1;
  }
  await rm(path.join(outDir, ".vite"), { recursive: true, force: true });
  return count;
}
