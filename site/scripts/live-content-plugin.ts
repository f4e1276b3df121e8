// The dev server of `contenu dev`. The preview build (CONTENU_OUT, site/generated/preview)
// is served as the site root, like `npm run build` publishes it: data/, images/, img/…
// After every save `contenu dev` rewrites the files that changed, then live.json (which
// names them); this plugin forwards live.json to the page as a custom HMR event, with the
// new contents of the data files it names (withChangedFiles), and src/dev/LivePreview.tsx
// re-renders in place (no reload, scroll kept). The data files are
// never modules: Vite does not watch or transform them, whatever their number.
import { existsSync, mkdirSync, readFileSync, statSync, watch, type FSWatcher } from "node:fs";
import { readFile } from "node:fs/promises";
import path from "node:path";
import type { Connect, Plugin } from "vite";
import {
  LIVE_CONTENT_EVENT,
  LIVE_DATA_FILE,
  LIVE_FILE_URL,
  LIVE_FILES_MAX_BYTES,
  type LiveContentUpdate,
} from "../src/dev/live-content-event.ts";

/** Content types of the files the preview and the editor's API serve. */
export const TYPES: Record<string, string> = {
  ".json": "application/json; charset=utf-8",
  ".svg": "image/svg+xml",
  ".png": "image/png",
  ".jpg": "image/jpeg",
  ".jpeg": "image/jpeg",
  ".webp": "image/webp",
  ".avif": "image/avif",
  ".gif": "image/gif",
  ".md": "text/markdown; charset=utf-8",
  ".xml": "application/xml; charset=utf-8",
  ".txt": "text/plain; charset=utf-8",
};

/** What the preview answers to an address whose %-escapes do not decode (`/data/%E0%A4%A`). */
export const MALFORMED_URL_TEXT = "Adresse mal formée : vérifiez les caractères après « % ».\n";

/** A request whose path is not valid percent-encoding gets a plain 400: left to go on, the
 * first `decodeURIComponent` throws and Vite answers 500 with a stack trace and the
 * machine's absolute paths. Runs before every other middleware. */
export function refuseMalformedUrl(): Connect.NextHandleFunction {
  return (req, res, next) => {
    try {
      decodeURIComponent(new URL(req.url ?? "/", "http://x").pathname);
    } catch {
      res.statusCode = 400;
      res.setHeader("Content-Type", "text/plain; charset=utf-8");
      res.setHeader("Cache-Control", "no-store");
      res.end(MALFORMED_URL_TEXT);
      return;
    }
    next();
  };
}

/** Serves the files of `folder` at `base` (no directory listing, nothing outside it). */
function serveFolder(folder: string, base: string): Connect.NextHandleFunction {
  return (req, res, next) => {
    const url = new URL(req.url ?? "/", "http://x");
    if (!url.pathname.startsWith(base)) return next();
    const relative = decodeURIComponent(url.pathname.slice(base.length));
    const file = path.resolve(folder, relative);
    if (!relative || !file.startsWith(folder + path.sep) || !existsSync(file)) return next();
    readFile(file).then(
      (data) => {
        res.setHeader("Content-Type", TYPES[path.extname(file)] ?? "application/octet-stream");
        res.setHeader("Cache-Control", "no-store");
        res.end(data);
      },
      () => next(),
    );
  };
}

/** live.json with the data files it names, read from `publicFolder` (as the page would
 * fetch them), while they add up to LIVE_FILES_MAX_BYTES at most: one message, no round
 * trip. A file gone (deleted) or unreadable is left out; the page fetches what is missing. */
export function withChangedFiles(update: LiveContentUpdate, publicFolder: string): LiveContentUpdate {
  const folder = path.resolve(publicFolder);
  const files: Record<string, unknown> = {};
  let bytes = 0;
  for (const name of update.changed.filter((file) => LIVE_DATA_FILE.test(file))) {
    const file = path.resolve(folder, name);
    if (!file.startsWith(folder + path.sep)) continue;
    try {
      bytes += statSync(file).size;
      if (bytes > LIVE_FILES_MAX_BYTES) break;
      files[name] = JSON.parse(readFileSync(file, "utf8"));
    } catch {
      continue; // deleted, or being replaced by the next save: fetched by the page
    }
  }
  return { ...update, files };
}

export function liveContent(contentOut: string, base: () => string): Plugin {
  const liveFile = path.join(contentOut, "live.json");
  let watcher: FSWatcher | undefined;
  return {
    name: "renouer-live-content",
    apply: "serve",
    config: () => ({ server: { watch: { ignored: [path.join(contentOut, "**")] } } }),
    configureServer(server) {
      server.middlewares.use(refuseMalformedUrl());
      server.middlewares.use(serveFolder(path.join(contentOut, "public"), base()));
      server.middlewares.use(LIVE_FILE_URL, (_req, res) => {
        res.setHeader("Content-Type", "application/json; charset=utf-8");
        res.setHeader("Cache-Control", "no-store");
        res.end(existsSync(liveFile) ? readFileSync(liveFile) : '{"serial":0,"changed":[],"diagnostics":[]}');
      });
      let last = "";
      const forward = () => {
        let text: string;
        try {
          text = readFileSync(liveFile, "utf8");
        } catch {
          return; // between two writes: the next event brings it
        }
        if (text === last) return;
        last = text;
        const update = JSON.parse(text) as LiveContentUpdate;
        const data = withChangedFiles(update, path.join(contentOut, "public"));
        server.ws.send({ type: "custom", event: LIVE_CONTENT_EVENT, data });
      };
      // One file, watched directly: fs.watch reports its atomic replacement at once.
      mkdirSync(contentOut, { recursive: true });
      watcher = watch(contentOut, (_event, name) => name === "live.json" && forward());
      server.httpServer?.once("close", () => watcher?.close());
    },
  };
}
