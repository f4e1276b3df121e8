// `npm run build`: the client build, the SSR build, the site's data (copied from the content
// build), one prerendered HTML file per route, and the search index, all in a staging folder
// that replaces OUT_DIR (default site/dist) only once complete: a failed or stopped build
// leaves the previous site as it was. OUT_DIR, CONTENU_OUT (the `contenu build` folder, default
// site/generated/build) and SITE_URL (the public URL, which must be the one the content was
// built for: site-address.mjs) come from the environment. BUILD_CACHE (default site/.build-cache)
// keeps what a build made for the next one (build-cache.mjs). With `--after-content` (what
// `nox -s build` runs, beside `contenu build`) it makes the code first and waits for "go" on
// its standard input before it reads the content (see `afterContent` below).
import { mkdir, mkdtemp, readFile, readdir, rename, rm, stat } from "node:fs/promises";
import { existsSync } from "node:fs";
import { availableParallelism, tmpdir } from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { DEFAULT_CACHE, linkTree, openCache, removeTree, sha256, treeHash } from "./build-cache.mjs";
import { buildIndex, stopSearchIndex } from "./search-index.mjs";
import { startPrerender, stopPrerender } from "./prerender.mjs";
import { addressProblem, predictedBase, readAddress } from "./site-address.mjs";

/** « 1 page », « 2 pages » (French: singular for 0 and 1). */
const count = (n, one, many = `${one}s`) => `${n}\u00a0${n <= 1 ? one : many}`;

// Same value as src/dev/live-content-event.ts (a .ts file this script cannot import).
const LIVE_CONTENT_EVENT = "renouer:content";

const root = fileURLToPath(new URL("..", import.meta.url));
const outDir = path.resolve(process.env.OUT_DIR ?? path.join(root, "dist"));
const contentOut = path.resolve(process.env.CONTENU_OUT ?? path.join(root, "generated", "build"));
const parent = path.dirname(outDir);
const name = path.basename(outDir);
// The search documents are scratch: in memory where the system has a memory filesystem
// (written to disk just after the pages, they took seconds longer; measured).
const scratch = existsSync("/dev/shm") ? "/dev/shm" : tmpdir();

function fail(message) {
  console.error(`Erreur : ${message}`);
  process.exit(1);
}

/** The live preview (src/dev/) must stay out of what visitors download. */
async function refuseDevCode(assets) {
  for (const file of await readdir(assets)) {
    if (file.endsWith(".js") && (await readFile(path.join(assets, file), "utf8")).includes(LIVE_CONTENT_EVENT)) {
      throw new Error(`le code de la prévisualisation (src/dev/) se retrouve dans ${file}.`);
    }
  }
}

/** Puts back the previous site if a killed build left it aside, and removes what else a
 * killed build left (staging folders, SSR bundles). */
async function cleanLeftovers() {
  await mkdir(parent, { recursive: true });
  for (const entry of await readdir(parent)) {
    const stray = path.join(parent, entry);
    const pid = Number(/^\.[^/]+\.(?:tmp|old)-(\d+)/.exec(entry)?.[1]);
    if (!entry.startsWith(`.${name}.`) || !pid || alive(pid)) continue;
    if (entry.startsWith(`.${name}.old-`) && !(await exists(outDir))) await rename(stray, outDir);
    else await rm(stray, { recursive: true, force: true });
  }
  // Another build may be running: only the scratch folders of builds that are gone go.
  for (const [folder, pattern] of [
    [root, /^\.ssr-(\d+)-/],
    [scratch, /^renouer-search-(\d+)-/],
  ]) {
    for (const entry of await readdir(folder)) {
      const pid = Number(pattern.exec(entry)?.[1]);
      if (pid && !alive(pid)) await rm(path.join(folder, entry), { recursive: true, force: true });
    }
  }
}

function alive(pid) {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return error.code === "EPERM";
  }
}

const exists = (file) => stat(file).then(() => true, () => false);

let swapping = false;
let stopRequested = false;
// A stop under way (SIGINT, SIGTERM): the staging folder is being removed, the process ends.
let stopping = false;
const staging = [];

/** Stops everything that writes (render threads, indexer), then removes the staging folders:
 * the previous site stays as it was. (Linking is synchronous: a signal is handled after it.) */
async function discardStaging() {
  await Promise.all([stopPrerender(), stopSearchIndex()]);
  await Promise.all(staging.map((folder) => rm(folder, { recursive: true, force: true, maxRetries: 3 })));
}

async function stop(signal) {
  if (swapping) {
    stopRequested = true; // finish the two renames first: they take microseconds
    return;
  }
  stopping = true;
  await discardStaging();
  console.error("Construction du site interrompue : le site précédent est conservé.");
  process.exit(signal === "SIGINT" ? 130 : 143);
}
process.on("SIGINT", stop);
process.on("SIGTERM", stop);

/** Replace OUT_DIR with the staged folder: two renames, signals held back in between.
 * Returns where the previous site went, for the caller to remove. */
async function swapIn(stagedDir) {
  // Stopped meanwhile: the staging folder is half removed. Put in the site's place, it left 9
  // files of the search index and the previous site was deleted (seen in CI, a stop during the
  // search index). The stop ends the process: nothing more to do here.
  if (stopping) return new Promise(() => {});
  const old = path.join(parent, `.${name}.old-${process.pid}`);
  swapping = true;
  const hadOld = await rename(outDir, old).then(
    () => true,
    () => false,
  );
  await rename(stagedDir, outDir);
  swapping = false;
  if (stopRequested) process.exit(143);
  return hadOld ? old : null;
}

// `--after-content` (what `nox -s build` runs): the site's code and the render threads first,
// while `contenu build` runs beside it (neither needs the other until then; each has
// stretches on one core), then the rest once the process that ran it writes "go" on this
// process's standard input. Anything else there (its end without "go": the content build
// failed and said why, or was stopped) ends this build with the previous site untouched.
const afterContent = process.argv.includes("--after-content");

/** The address the content was built for (address.json: its base path is the site's),
 * checked against SITE_URL. */
async function contentAddress() {
  const file = path.join(contentOut, "address.json");
  const address = await readAddress(contentOut).catch(() => fail(`${file} est introuvable : lancez d’abord « contenu build ».`));
  const problem = addressProblem(address, process.env.SITE_URL);
  if (problem) fail(problem);
  return address;
}

/** Resolves once the content build's process writes "go"; otherwise stops this build. */
function contentBuilt() {
  return new Promise((resolve) => {
    let said = "";
    process.stdin.setEncoding("utf8");
    process.stdin.on("data", (chunk) => {
      said += chunk;
      if (said.includes("go\n")) resolve();
    });
    process.stdin.on("end", () => {
      if (!said.includes("go\n")) discardStaging().then(() => process.exit(1));
    });
  });
}

// The code holds no content (content is data): the same code, base path and settings make
// the same files, taken from the cache.
const code = ["src", "public", "index.html", "editeur", "vite.config.ts", "package-lock.json", "scripts/build.mjs", "scripts/live-content-plugin.ts", "scripts/editor-page.ts"];
/** The hash of the code's files as they are now (`contenu build` rewrites some: the cell
 * registry, the editor's model), which both code builds' keys are made from. */
const codeFiles = () => treeHash(code.map((file) => path.join(root, file)));
const codeKey = (files, base, ...settings) =>
  sha256(files, [process.env.SITE_URL ?? "", base, process.env.GITHUB_REPOSITORY ?? "", process.env.VITE_GITHUB_API ?? "", process.env.CARNET_URL ?? "", ...settings].join("\n"));
// The site's code does not depend on the site's address, only on its base path: it can be
// made beside `contenu build`, before address.json says the address, even in a first build.
const siteKey = (files, base) => codeKey(files, base);
// The carnet's scripts are pinned to the site's address (or CARNET_URL's) in its page's
// policy (scripts/editor-page.ts), which vite.config.ts reads from address.json: in its key.
const editorKey = async (files, base) => codeKey(files, base, "carnet", (await readAddress(contentOut).catch(() => null))?.siteUrl ?? "");

// Loaded when code is built, not at the top: a build that takes the code from the cache (a
// coach's change) does not load Vite at all (0.13 CPU-s, issue 33).
const vite = async () => (await import("vite")).build;

/** The site's client build (the pages' scripts and the boot script) into `clientDir` and its
 * SSR build into `serverDir`, for the base path `base`. */
async function buildSiteCode(clientDir, serverDir, base) {
  const build = await vite();
  await build({ root, base, logLevel: "warn", build: { outDir: clientDir, emptyOutDir: true } });
  await refuseDevCode(path.join(clientDir, "assets"));
  reached("client");
  // The pages' first script (src/boot.ts) in a pass of its own: a single small file, sharing
  // no chunk with the entry (a shared chunk would be one more request before the first
  // paint). prerender.mjs finds it by its name.
  await build({
    root,
    base,
    logLevel: "warn",
    build: {
      outDir: clientDir,
      emptyOutDir: false,
      copyPublicDir: false,
      manifest: false,
      rollupOptions: { input: { boot: path.join(root, "src", "boot.ts") }, output: { entryFileNames: "assets/boot-[hash].js" } },
    },
  });
  await build({
    root,
    base,
    logLevel: "warn",
    build: { ssr: "src/entry-server.tsx", outDir: serverDir, emptyOutDir: true, copyPublicDir: false, manifest: false },
  });
}

/** The carnet (« Le carnet », editeur/index.html) into `outDir`, for the base path `base`: a
 * build of its own, so Rollup chunks the site exactly as without it and visitors' pages do
 * not change by a byte. */
async function buildEditor(outDir, base) {
  const build = await vite();
  await build({
    root,
    base,
    logLevel: "warn",
    build: {
      outDir,
      emptyOutDir: true,
      copyPublicDir: false,
      manifest: false,
      assetsDir: "editeur/assets",
      // One page for the coaches, loaded once (the YAML library and every form): no warning.
      chunkSizeWarningLimit: 2000,
      rollupOptions: { input: path.join(root, "editeur", "index.html") },
    },
  });
}

/** The carnet for base path `base` and the code's files `files` (from the cache, or built)
 * linked into `stagedDir`. */
async function addEditor(cache, base, files, stagedDir) {
  // When it first starts, not only when it is linked: a test checks it never starts before
  // the content build has said the site's address (« go »), which the finished site cannot show.
  timings["editor-start"] ??= elapsed();
  const key = await editorKey(files, base);
  const made = await cache.codeBuild("editor", key, (folder) => buildEditor(folder, base), async () => (await editorKey(await codeFiles(), base)) === key);
  linkTree(made.folder, stagedDir);
  reached("editor");
}

// BUILD_TIMINGS=1 prints when each stage ended (and when the carnet's build started), in seconds
// from the start (the bench and tests/e2e/test_build_atomic.py read it).
const started = performance.now();
const timings = {};
// and the peak resident memory of this process (its worker threads included) by then, in MB.
const memory = {};
const elapsed = () => Number(((performance.now() - started) / 1000).toFixed(2));
const reached = (stage) => {
  timings[stage] = elapsed();
  memory[stage] = Math.round(process.resourceUsage().maxRSS / 1024);
};

/** The code for base path `base` and the code's files `files` (from the cache, or built) in
 * a new staging folder, and the render threads started on it. */
async function prepare(cache, base, files) {
  const key = siteKey(files, base);
  // Kept in the cache only if none of its files changed while it was built (`contenu build`
  // writes the site's generated code: the cell registry, the editor's model).
  const made = await cache.codeBuild(
    "site",
    key,
    (folder) => buildSiteCode(path.join(folder, "client"), path.join(folder, "ssr"), base),
    async () => siteKey(await codeFiles(), base) === key,
  );
  const stagedDir = await mkdtemp(path.join(parent, `.${name}.tmp-${process.pid}-`));
  // The SSR bundle imports React & co. from site/node_modules: it must live inside site/.
  const ssrDir = await mkdtemp(path.join(root, `.ssr-${process.pid}-`));
  staging.push(stagedDir, ssrDir);
  linkTree(path.join(made.folder, "client"), stagedDir);
  linkTree(path.join(made.folder, "ssr"), ssrDir);
  reached("ssr");
  const renderer = await startPrerender({ outDir: stagedDir, serverEntry: path.join(ssrDir, "entry-server.js"), contentOut, searchDir, cache });
  return { base, key, stagedDir, ssrDir, renderer };
}

await cleanLeftovers();
const searchDir = await mkdtemp(path.join(scratch, `renouer-search-${process.pid}-`));
staging.push(searchDir);
try {
  const cache = await openCache(path.resolve(process.env.BUILD_CACHE || DEFAULT_CACHE));
  const previous = afterContent ? await readAddress(contentOut).catch(() => null) : null;
  let files = await codeFiles();
  let ready = await prepare(cache, afterContent ? predictedBase(process.env.SITE_URL, previous) : (await contentAddress()).basePath, files);
  if (afterContent) {
    await contentBuilt();
    reached("content");
    const { basePath } = await contentAddress();
    // The code was built for a predicted base path, and before `contenu build` wrote the
    // site's generated code: built again if either changed.
    files = await codeFiles();
    if (basePath !== ready.base || siteKey(files, ready.base) !== ready.key) {
      await stopPrerender();
      await Promise.all([ready.stagedDir, ready.ssrDir].map((folder) => rm(folder, { recursive: true, force: true })));
      ready = await prepare(cache, basePath, files);
    }
  }
  const { stagedDir, ssrDir, renderer } = ready;
  const plan = await renderer.plan();
  // Fewer Pagefind runs than cores (a coach's change: one, the recent shard) leave a core to
  // Pagefind while the pages are rendered or linked: indexed from now on. Otherwise after the
  // prerender, not beside it: both use every core (measured: 0.7–1.1 s slower), and the render
  // reads the data the documents are made from.
  const early = plan.runs > 0 && plan.runs < availableParallelism();
  let indexing = null;
  if (early) {
    await renderer.writeDocuments();
    indexing = buildIndex(plan, stagedDir, searchDir, cache);
    indexing.catch(() => {}); // awaited below
  }
  const rendering = renderer.render();
  rendering.catch(() => {}); // awaited below
  // The data files, images, sitemap and feed are linked while the pages are rendered (no
  // name in common: the pages are .html files, the content build has none).
  linkTree(path.join(contentOut, "public"), stagedDir);
  const { pages, rendered, used } = await rendering;
  if (!early) await renderer.writeDocuments();
  reached("prerender");
  // The carnet beside the search index (Pagefind's runs are processes of their own), once the
  // render threads are done: its build no longer delays the first page, nor does it add to
  // the prerender's peak memory.
  const editing = addEditor(cache, ready.base, files, stagedDir);
  editing.catch(() => {}); // awaited below
  const search = await (indexing ?? buildIndex(plan, stagedDir, searchDir, cache));
  await editing;
  reached("search");
  const previousSite = await swapIn(stagedDir);
  await Promise.all([
    ...[ssrDir, searchDir].map((folder) => rm(folder, { recursive: true, force: true })),
    previousSite && removeTree(previousSite),
    cache.prune(used),
  ]);
  reached("swap");
  if (process.env.BUILD_TIMINGS) {
    console.error(`BUILD_TIMINGS ${JSON.stringify(timings)}`);
    console.error(`BUILD_MEMORY ${JSON.stringify(memory)}`);
  }
  const seconds = ((performance.now() - started) / 1000).toFixed(1);
  console.log(
    `Site écrit dans ${outDir} : ${count(pages, "page")} (${count(rendered, "rendue")}, les autres reprises du cache), ` +
      `${count(search.articles, "article")} dans la recherche (${count(search.indexed, "partie indexée", "parties indexées")} sur ${search.shards}) (${seconds} s).`,
  );
} catch (error) {
  await discardStaging();
  console.error(error);
  fail("la construction du site a échoué ; le site précédent est conservé.");
}
