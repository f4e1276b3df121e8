// Work is never lost: every change of a document is kept in IndexedDB as it is typed, with
// the file's text it started from, until it is saved or the changes are cancelled. Kept
// under the coach's scope (idb.ts): whoever signs in next does not see them.
import { UNOWNED, scopedStore } from "./idb.ts";

export interface Draft {
  /** Whose draft (Storage.scope). */
  scope: string;
  /** content/-relative path. */
  path: string;
  /** The document as the coach left it. */
  text: string;
  /** The file's text the changes were made on. */
  base: string;
  /** When it was kept (ISO). */
  at: string;
}

const store = scopedStore<Draft>("carnet", "brouillons");

export async function keepDraft(draft: Draft): Promise<void> {
  await store.put(draft);
}

/** The coach's draft of `path`; one kept before drafts had an owner becomes hers. */
export async function draftOf(scope: string, path: string): Promise<Draft | undefined> {
  const found = await store.get(scope, path);
  if (found || scope === UNOWNED) return found;
  const unowned = await store.get(UNOWNED, path);
  return unowned && { ...unowned, scope };
}

export async function dropDraft(scope: string, path: string): Promise<void> {
  await store.delete(scope, path);
  await store.delete(UNOWNED, path);
}

/** Every draft of the coach (« Se déconnecter » asks about them). */
export function draftsOf(scope: string): Promise<Draft[]> {
  return store.all(scope);
}

export async function dropDrafts(scope: string): Promise<void> {
  await store.clear(scope);
}
