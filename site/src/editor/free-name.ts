// A new file never replaces one: an uploaded image takes its name, or the first free one of
// « name-2.ext », « name-3.ext »… (a name another tab or person took meanwhile is refused by
// the backend as existing, and the next is tried).
import { type FileToWrite, type Storage, StorageExists } from "./storage.ts";

const TRIES = 100;

/** Writes `file` under a free name close to its own; returns the path written. */
export async function writeUnderFreeName(
  storage: Storage,
  file: Omit<FileToWrite, "create" | "base">,
  taken: Iterable<string>,
): Promise<string> {
  const dot = file.path.lastIndexOf(".");
  const slash = file.path.lastIndexOf("/");
  const [stem, suffix] = dot > slash ? [file.path.slice(0, dot), file.path.slice(dot)] : [file.path, ""];
  const used = new Set(taken);
  let refusal: unknown = null;
  for (let n = 1; n <= TRIES; n++) {
    const path = n === 1 ? file.path : `${stem}-${n}${suffix}`;
    if (used.has(path)) continue;
    try {
      await storage.writeFiles([{ ...file, path, create: true }]);
      return path;
    } catch (error) {
      if (!(error instanceof StorageExists)) throw error;
      used.add(path);
      refusal = error;
    }
  }
  throw refusal ?? new StorageExists(file.path);
}
