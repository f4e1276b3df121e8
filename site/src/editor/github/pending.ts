/** The changes saved in the editor but not yet proposed: kept in IndexedDB as they are saved,
 * so an expired token, a lost connection or a closed tab loses nothing. They are removed
 * only once GitHub has them in a commit. (The token is never stored here.) */

import { objectStore } from "../idb.ts";

export interface PendingFile {
  /** content/-relative path, as the editor's storage names files. */
  path: string;
  text?: string;
  /** An image, base64-encoded. */
  base64?: string;
}

const run = objectStore("carnet-github", "a-proposer");

/** The pending changes, in memory and mirrored to IndexedDB where the browser has it. */
export class PendingChanges {
  private readonly files = new Map<string, PendingFile>();
  private readonly persistent = typeof indexedDB !== "undefined";

  async load(): Promise<void> {
    if (!this.persistent) return;
    const all = await run<PendingFile[]>("readonly", (store) => store.getAll() as IDBRequest<PendingFile[]>);
    for (const file of all) this.files.set(file.path, file);
  }

  get(path: string): PendingFile | undefined {
    return this.files.get(path);
  }

  list(): PendingFile[] {
    return [...this.files.values()];
  }

  get size(): number {
    return this.files.size;
  }

  async put(file: PendingFile): Promise<void> {
    this.files.set(file.path, file);
    if (this.persistent) await run("readwrite", (store) => store.put(file));
  }

  /** Once committed: only the files whose pending version is still the one proposed. */
  async done(proposed: PendingFile[]): Promise<void> {
    for (const file of proposed) {
      const now = this.files.get(file.path);
      if (now && now.text === file.text && now.base64 === file.base64) {
        this.files.delete(file.path);
        if (this.persistent) await run("readwrite", (store) => store.delete(file.path));
      }
    }
  }
}
