/** The editor's storage (../storage.ts) on GitHub: files are read from the branch being
 * edited, and a save keeps the file among the changes to propose (pending.ts) until
 * « Proposer mes modifications » commits them all at once. */

import { type ContentFile, type FileToWrite, type Storage, StorageError } from "../storage.ts";
import type { GitHubClient } from "./client.ts";
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

export interface GitHubStorage extends Storage {
  /** The files of the last listing (content/-relative), for the rules across files. */
  known(): ContentFile[];
}

export function githubStorage(client: GitHubClient, pending: PendingChanges, onChange: () => void): GitHubStorage {
  let known = new Set<string>();
  let listed: ContentFile[] = [];
  return {
    known: () => listed,
    async listFiles(): Promise<ContentFile[]> {
      const tree = await client.readTree();
      const files = new Map<string, ContentFile>();
      for (const file of tree.files.values()) files.set(file.path.slice(CONTENT.length), { path: file.path.slice(CONTENT.length), size: file.size });
      for (const file of pending.list()) files.set(file.path, { path: file.path, size: bytesOf(file).length });
      known = new Set(files.keys());
      listed = [...files.values()].sort((a, b) => a.path.localeCompare(b.path));
      return listed;
    },
    async readFile(path: string): Promise<string> {
      const waiting = pending.get(path);
      if (waiting) return new TextDecoder().decode(bytesOf(waiting));
      return new TextDecoder().decode(await client.readFile(CONTENT + path));
    },
    async readImage(path: string): Promise<Blob> {
      const waiting = pending.get(path);
      const bytes = waiting ? bytesOf(waiting) : await client.readFile(CONTENT + path);
      const type = IMAGE_TYPES[path.split(".").pop()?.toLowerCase() ?? ""] ?? "application/octet-stream";
      return new Blob([bytes as BlobPart], { type });
    },
    async writeFiles(files: FileToWrite[]): Promise<void> {
      for (const file of files) {
        if (file.create && known.has(file.path)) throw new StorageError(MESSAGES.exists(file.path));
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
