// The local file API of the editor (« Le carnet », /editeur/) on the dev server of
// `contenu dev`: list, read and write the files of content/. content/ is a trust boundary
// and this server runs on the coach's computer, so every request must come from the
// editor's own page (Host is local, Origin is this server, the per-run token the page was
// given), and a write touches only a regular file of content/ at a place the pipeline reads,
// within its size limits, written atomically (temp file + rename). The watcher of
// `contenu dev` sees the new file and rebuilds the preview as after any save.
import { spawn, type ChildProcessWithoutNullStreams } from "node:child_process";
import { randomBytes, timingSafeEqual } from "node:crypto";
import { constants, type Dirent } from "node:fs";
import { lstat, mkdir, open, readdir, realpath, rename, rm } from "node:fs/promises";
import { createInterface } from "node:readline";
import type { IncomingMessage, ServerResponse } from "node:http";
import path from "node:path";
import type { Connect } from "vite";
import model from "../src/editor/generated/content-model.gen.json" with { type: "json" };
import { TYPES } from "./live-content-plugin.ts";
import { REFUSALS, fill } from "../src/editor/server-texts.ts";
import { Refused, UNSAFE, checkPath } from "../src/editor/content-path.ts";
import { bytesVersion } from "../src/editor/text-version.ts";

export { Refused, checkPath };

/** Where the editor finds its token (a <meta> of its page, served on the carnet's own port
 * only: editor-server.ts) and sends it back (a header). */
export const TOKEN_META = "carnet-jeton";
export const TOKEN_HEADER = "x-carnet-jeton";
/** The API, under the editor's own address. */
export const API_PATH = "editeur/api/";

const LOCAL_HOSTS = new Set(["localhost", "127.0.0.1", "[::1]"]);
/** Base64 makes a file a third bigger; JSON adds a little. */
const MAX_REQUEST_BYTES = Math.ceil(model.limits.imageBytes * 1.4) + 65_536;

/** One file to write: Markdown as text, an image as base64. */
export interface FileWrite {
  path: string;
  text?: string;
  base64?: string;
  /** Refuse if the file exists (a new document, like `contenu new`; an uploaded image). */
  create?: boolean;
  /** The version (text-version.ts) of the file the change was made on; null: the file did
   * not exist. Required to replace a file: a file changed since is refused (409). */
  base?: string | null;
}

function megabytes(bytes: number): string {
  return `${Math.round(bytes / 100_000) / 10} Mo`.replace(".", ",");
}

/** Refuses a symbolic link (or anything but a folder) on the way to `rel`, and anything but
 * a regular file at its end. Returns whether the file exists. */
async function checkOnDisk(root: string, rel: string, folder = false): Promise<boolean> {
  const parts = rel.split("/");
  let current = root;
  for (const [index, part] of parts.entries()) {
    current = path.join(current, part);
    const info = await lstat(current).catch(() => null);
    if (!info) return false;
    if (info.isSymbolicLink()) throw new Refused(403, "symlink", { path: rel, part: parts.slice(0, index + 1).join("/") });
    const last = index === parts.length - 1;
    if (last && !folder ? !info.isFile() : !info.isDirectory()) throw new Refused(403, "notFile", { path: rel });
  }
  return true;
}

function bytesOf(file: FileWrite): Buffer {
  if (typeof file.text === "string") return Buffer.from(file.text, "utf8");
  if (typeof file.base64 === "string" && /^[A-Za-z0-9+/]*={0,2}$/.test(file.base64)) return Buffer.from(file.base64, "base64");
  throw new Refused(400, "encoding", { path: file.path });
}

function checkSize(file: FileWrite, kind: "markdown" | "image", data: Buffer): void {
  const limit =
    kind === "markdown" ? model.limits.markdownBytes : file.path.endsWith(".svg") ? model.limits.svgBytes : model.limits.imageBytes;
  if (data.length > limit) throw new Refused(413, "size", { path: file.path, size: megabytes(limit) });
  if (kind === "markdown" && typeof file.text !== "string") throw new Refused(400, "encoding", { path: file.path });
}

/** Writes `data` at `target` through a hidden temp file of the same folder (the pipeline
 * skips hidden files), then one rename: a reader sees the old file or the new one. */
async function writeAtomically(target: string, data: Buffer): Promise<void> {
  const temp = path.join(path.dirname(target), `.${path.basename(target)}.carnet-${randomBytes(6).toString("hex")}`);
  const handle = await open(temp, constants.O_WRONLY | constants.O_CREAT | constants.O_EXCL | (constants.O_NOFOLLOW ?? 0), 0o644);
  try {
    await handle.writeFile(data);
    await handle.sync();
  } finally {
    await handle.close();
  }
  await rename(temp, target).catch(async (error: unknown) => {
    await rm(temp, { force: true });
    throw error;
  });
}

/** Refuses a write made on another version of the file than the one on disk now. */
async function checkBase(root: string, file: FileWrite, exists: boolean): Promise<void> {
  if (file.create) {
    if (exists) throw new Refused(409, "exists", { path: file.path });
    return;
  }
  if (file.base === undefined) throw new Refused(428, "noBase", { path: file.path });
  if (file.base !== null && typeof file.base !== "string") throw new Refused(400, "body");
  const now = exists ? await bytesVersion(await readContentFile(root, file.path)) : null;
  if (now !== file.base) throw new Refused(409, "changed", { path: file.path });
}

/** One write at a time per content folder: a version checked is still the one replaced. */
const writing = new Map<string, Promise<unknown>>();

/** Checks every file first, then writes them: a refused file writes nothing. */
export function writeFiles(root: string, files: FileWrite[]): Promise<string[]> {
  const run = (writing.get(root) ?? Promise.resolve()).then(() => checkAndWrite(root, files));
  writing.set(root, run.catch(() => undefined));
  return run;
}

async function checkAndWrite(root: string, files: FileWrite[]): Promise<string[]> {
  const checked = [];
  for (const file of files) {
    if (!file || typeof file.path !== "string") throw new Refused(400, "body");
    const kind = checkPath(file.path);
    const data = bytesOf(file);
    checkSize(file, kind, data);
    await checkBase(root, file, await checkOnDisk(root, file.path));
    checked.push({ file, data });
  }
  for (const { file, data } of checked) {
    const target = path.join(root, file.path);
    // Only images may need a new folder (content/images/<folder>/); checked again after.
    await mkdir(path.dirname(target), { recursive: true });
    await checkOnDisk(root, path.posix.dirname(file.path), true);
    await writeAtomically(target, data);
  }
  return checked.map(({ file }) => file.path);
}

function readable(rel: string): boolean {
  try {
    checkPath(rel);
    return true;
  } catch {
    return false;
  }
}

/** Every regular file of content/ the pipeline reads (hidden ones, links and content/README.md
 * left out), sorted. */
export async function listFiles(root: string): Promise<{ path: string; size: number }[]> {
  const found: { path: string; size: number }[] = [];
  const walk = async (folder: string, prefix: string): Promise<void> => {
    const entries: Dirent[] = await readdir(folder, { withFileTypes: true });
    for (const entry of entries) {
      if (entry.name.startsWith(".") || UNSAFE.test(entry.name)) continue;
      const full = path.join(folder, entry.name);
      if (entry.isDirectory()) await walk(full, `${prefix}${entry.name}/`);
      else if (entry.isFile() && readable(`${prefix}${entry.name}`)) found.push({ path: `${prefix}${entry.name}`, size: (await lstat(full)).size });
    }
  };
  await walk(root, "");
  return found.sort((a, b) => (a.path < b.path ? -1 : 1));
}

/** The bytes of one file of content/, opened without following a link. */
export async function readContentFile(root: string, rel: string): Promise<Buffer> {
  checkPath(rel);
  if (!(await checkOnDisk(root, rel))) throw new Refused(404, "missing", { path: rel });
  const handle = await open(path.join(root, rel), constants.O_RDONLY | (constants.O_NOFOLLOW ?? 0));
  try {
    return await handle.readFile();
  } finally {
    await handle.close();
  }
}

function sameToken(given: string | undefined, token: string): boolean {
  const a = Buffer.from(given ?? "");
  const b = Buffer.from(token);
  return a.length === b.length && timingSafeEqual(a, b);
}

/** Host is this machine, Origin (when the browser sends one, always for a write) is this
 * server, Sec-Fetch-Site says same-origin, and the token matches. */
function checkRequest(req: IncomingMessage, token: string, write: boolean): void {
  const host = req.headers.host ?? "";
  const hostname = host.replace(/:\d+$/, "");
  if (!LOCAL_HOSTS.has(hostname)) throw new Refused(403, "host");
  const origin = req.headers.origin;
  if ((write || origin) && origin !== `http://${host}`) throw new Refused(403, "origin");
  const site = req.headers["sec-fetch-site"];
  if (site && site !== "same-origin") throw new Refused(403, "origin");
  const given = req.headers[TOKEN_HEADER];
  if (!sameToken(Array.isArray(given) ? given[0] : given, token)) throw new Refused(403, "token");
}

async function readBody(req: IncomingMessage): Promise<unknown> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of req as AsyncIterable<Buffer>) {
    size += chunk.length;
    if (size > MAX_REQUEST_BYTES) throw new Refused(413, "tooBig");
    chunks.push(chunk);
  }
  try {
    return JSON.parse(Buffer.concat(chunks).toString("utf8"));
  } catch {
    throw new Refused(400, "body");
  }
}

function send(res: ServerResponse, status: number, body: unknown, type = "application/json; charset=utf-8"): void {
  res.statusCode = status;
  res.setHeader("Content-Type", type);
  res.setHeader("Cache-Control", "no-store");
  res.setHeader("X-Content-Type-Options", "nosniff");
  // A file of content/ (an SVG…) is data here, never a document with scripts.
  res.setHeader("Content-Security-Policy", "default-src 'none'; style-src 'unsafe-inline'; sandbox");
  res.end(Buffer.isBuffer(body) ? body : JSON.stringify(body));
}

/** The pipeline's own prose rendering (`python -m contenu.render.serve`), one process kept
 * while the dev server runs; null when the server was not started by `contenu dev`. */
export class ProseRenderer {
  private child: ChildProcessWithoutNullStreams | null = null;
  private waiting = new Map<number, (html: string) => void>();
  private next = 0;

  constructor(private readonly python: string) {}

  private start(): ChildProcessWithoutNullStreams {
    const child = spawn(this.python, ["-m", "contenu.render.serve"], { stdio: "pipe" });
    createInterface({ input: child.stdout }).on("line", (line) => {
      const { id, html } = JSON.parse(line) as { id: number; html: string };
      this.waiting.get(id)?.(html);
      this.waiting.delete(id);
    });
    child.on("exit", () => {
      this.child = null;
      for (const resolve of this.waiting.values()) resolve("");
      this.waiting.clear();
    });
    return child;
  }

  render(markdown: string): Promise<string> {
    this.child ??= this.start();
    const id = this.next++;
    return new Promise((resolve) => {
      this.waiting.set(id, resolve);
      this.child?.stdin.write(JSON.stringify({ id, markdown }) + "\n");
    });
  }

  stop(): void {
    this.child?.kill();
  }
}

/** The API's request handler, for a content folder and a token. */
export function editorApi(
  contentDir: string,
  token: string,
  base: () => string,
  renderer: ProseRenderer | null = null,
): Connect.NextHandleFunction {
  return (req, res, next) => {
    const url = new URL(req.url ?? "/", "http://x");
    const prefix = `${base()}${API_PATH}`;
    if (!url.pathname.startsWith(prefix)) return next();
    const action = url.pathname.slice(prefix.length);
    const handle = async (): Promise<void> => {
      const write = req.method !== "GET" && req.method !== "HEAD";
      checkRequest(req, token, write);
      const root = await realpath(contentDir);
      if (action === "fichiers" && !write) return send(res, 200, { files: await listFiles(root) });
      if (action === "fichier" && !write) {
        const rel = url.searchParams.get("chemin") ?? "";
        const data = await readContentFile(root, rel);
        return send(res, 200, data, TYPES[path.extname(rel).toLowerCase()] ?? "application/octet-stream");
      }
      if (action === "apercu" && req.method === "POST" && renderer) {
        const body = (await readBody(req)) as { markdown?: unknown };
        if (typeof body?.markdown !== "string" || body.markdown.length > model.limits.markdownBytes) throw new Refused(400, "body");
        return send(res, 200, { html: await renderer.render(body.markdown) });
      }
      if (action === "ecrire" && req.method === "POST") {
        const body = (await readBody(req)) as { files?: unknown };
        if (!Array.isArray(body?.files)) throw new Refused(400, "body");
        return send(res, 200, { written: await writeFiles(root, body.files as FileWrite[]) });
      }
      throw new Refused(405, "method");
    };
    handle().catch((error: unknown) => {
      if (error instanceof Refused) send(res, error.status, { message: error.message, reason: error.reason });
      else send(res, 500, { message: fill(REFUSALS.internal, { error: String(error) }) });
    });
  };
}
