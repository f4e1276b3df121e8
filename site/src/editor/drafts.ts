// Work is never lost: every change of a document is kept in IndexedDB as it is typed, with
// the file's text it started from, until it is saved or the changes are cancelled.
import { objectStore } from "./idb.ts";

export interface Draft {
  /** content/-relative path. */
  path: string;
  /** The document as the coach left it. */
  text: string;
  /** The file's text the changes were made on. */
  base: string;
  /** When it was kept (ISO). */
  at: string;
}

const run = objectStore("carnet", "brouillons");

export async function keepDraft(draft: Draft): Promise<void> {
  await run("readwrite", (store) => store.put(draft));
}

export async function draftOf(path: string): Promise<Draft | undefined> {
  return run<Draft | undefined>("readonly", (store) => store.get(path) as IDBRequest<Draft | undefined>);
}

export async function dropDraft(path: string): Promise<void> {
  await run("readwrite", (store) => store.delete(path));
}
