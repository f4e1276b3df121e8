/** The editor's storage (../storage.ts) on GitHub: files are read from the branch being
 * edited, and a save keeps the file among the changes to propose (pending.ts) until
 * « Proposer mes modifications » commits them all at once. Only the paths the local API
 * accepts are read or kept (content-path.ts), and a save made on a version of a pending file
 * another tab has replaced since is refused (StorageChanged): the notebook shows both. */

import { pathProblem } from "../content-path.ts";
import {
  type ContentFile,
  type FileToWrite,
  type Storage,
  StorageChanged,
  StorageError,
  StorageExists,
} from "../storage.ts";
import type { GitHubClient, TreeFile } from "./client.ts";
import { fromBase64 } from "./git-blob.ts";
import type { PendingChanges, PendingFile } from "./pending.ts";
import { MESSAGES } from "./texts.ts";

const CONTENT = "content/";
const IMAGE_TYPES: Record<string, string> = {
  jpg: "image/jpeg", jpeg: "image/jpeg", png: "image/png", webp: "image/webp",
  avif: "image/avif", gif: "image/gif", svg: "image/svg+xml",
};

function bytesOf(file: PendingFile): Uint8Array {
  return file.base64 !== undefined ? fromBase64(file.base64) : new TextEncoder().encode(file.text ?? "");
}

const textOf = (file: PendingFile) => new TextDecoder().decode(bytesOf(file));

function checked(path: string): string {
  const problem = pathProblem(path);
  if (problem !== null) throw new StorageError(problem);
  return path;
}

export interface GitHubStorage extends Storage {
  scope: string;
  /** The files of the last listing (content/-relative), for the rules across files. */
  known(): ContentFile[];
}

export function githubStorage(client: GitHubClient, pending: PendingChanges, onChange: () => void): GitHubStorage {
  let known = new Set<string>();
  let listed: ContentFile[] = [];
  let blobs = new Map<string, TreeFile>();
  return {
    scope: pending.scope,
    known: () => listed,
    async listFiles(): Promise<ContentFile[]> {
      const tree = await client.readTree();
      const files = new Map<string, ContentFile>();
      blobs = new Map();
      for (const file of tree.files.values()) {
        const path = file.path.slice(CONTENT.length);
        if (pathProblem(path) !== null) continue; // not a file the site reads (content/README.md…)
        files.set(path, { path, size: file.size });
        blobs.set(path, file);
      }
      for (const file of pending.list()) files.set(file.path, { path: file.path, size: bytesOf(file).length });
      known = new Set(files.keys());
      listed = [...files.values()].sort((a, b) => a.path.localeCompare(b.path));
      return listed;
    },
    versionOf(path: string): string | undefined {
      return pending.get(path) ? undefined : blobs.get(path)?.sha;
    },
    async readTexts(paths: readonly string[]): Promise<Map<string, string | null>> {
      const wanted = paths.flatMap((path) => (blobs.has(path) && !pending.get(path) ? [blobs.get(path)!] : []));
      const texts = await client.readTexts(wanted);
      return new Map(paths.map((path) => {
        const waiting = pending.get(path);
        if (waiting) return [path, textOf(waiting)];
        const sha = blobs.get(path)?.sha;
        return [path, sha ? (texts.get(sha) ?? null) : null];
      }));
    },
    async readFile(path: string): Promise<string> {
      const waiting = await pending.fresh(checked(path));
      if (waiting) return textOf(waiting);
      return new TextDecoder().decode(await client.readFile(CONTENT + path));
    },
    async readImage(path: string): Promise<Blob> {
      const waiting = pending.get(checked(path));
      const bytes = waiting ? bytesOf(waiting) : await client.readFile(CONTENT + path);
      const type = IMAGE_TYPES[path.split(".").pop()?.toLowerCase() ?? ""] ?? "application/octet-stream";
      return new Blob([bytes as BlobPart], { type });
    },
    async writeFiles(files: FileToWrite[]): Promise<void> {
      for (const file of files) {
        checked(file.path);
        if (file.create && known.has(file.path)) throw new StorageExists(MESSAGES.exists(file.path));
        // Another tab of the coach may have saved this file since it was opened here.
        const now = typeof file.base === "string" ? await pending.fresh(file.path) : undefined;
        if (now && textOf(now) !== file.base) throw new StorageChanged(MESSAGES.changedElsewhere(file.path), file.path);
      }
      for (const file of files) {
        await pending.put(file.base64 !== undefined ? { path: file.path, base64: file.base64 } : { path: file.path, text: file.text ?? "" });
        known.add(file.path);
      }
      onChange();
    },
  };
}

/** The pending files as the client's changes (« content/… » paths, bytes). */
export function asChanges(files: PendingFile[]) {
  return files.map((file) => ({ path: CONTENT + file.path, bytes: bytesOf(file) }));
}
