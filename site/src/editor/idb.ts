// One IndexedDB object store of records kept per scope and path: the drafts of the notebook
// (drafts.ts) and the changes waiting for GitHub (github/pending.ts) each have their own.
// The scope says whose work a record is (« local », or the repository and the GitHub login):
// nothing is ever read by path alone, so one coach never starts with another's work.
//
// Version 1 kept records by path alone; they are moved under the scope "" (nobody's), which
// `adopt` hands to the next coach signed in, as work to review before anything is proposed.

export interface Scoped {
  scope: string;
  /** content/-relative path. */
  path: string;
}

/** Records of nobody, kept from before records had an owner. */
export const UNOWNED = "";

const VERSION = 2;

export interface ScopedStore<T extends Scoped> {
  get(scope: string, path: string): Promise<T | undefined>;
  all(scope: string): Promise<T[]>;
  put(record: T): Promise<void>;
  /** Many records in one transaction. */
  putAll(records: readonly T[]): Promise<void>;
  delete(scope: string, path: string): Promise<void>;
  deleteAll(scope: string, paths: readonly string[]): Promise<void>;
  /** Deletes the record only while `still(record)` holds, read and deleted in one
   * transaction: a record another tab changed meanwhile stays. True when deleted. */
  deleteIf(scope: string, path: string, still: (record: T) => boolean): Promise<boolean>;
  clear(scope: string): Promise<void>;
}

const done = <T>(request: IDBRequest<T>) =>
  new Promise<T>((resolve, reject) => {
    request.onsuccess = () => resolve(request.result);
    request.onerror = () => reject(request.error);
  });

function upgrade(request: IDBOpenDBRequest, name: string, oldVersion: number): void {
  const db = request.result;
  const make = () => {
    const store = db.createObjectStore(name, { keyPath: ["scope", "path"] });
    store.createIndex("scope", "scope");
    return store;
  };
  if (oldVersion < 1 || !db.objectStoreNames.contains(name)) {
    make();
    return;
  }
  const old = request.transaction!.objectStore(name);
  const all = old.getAll();
  all.onsuccess = () => {
    db.deleteObjectStore(name);
    const store = make();
    for (const record of all.result as object[]) store.put({ ...record, scope: UNOWNED });
  };
}

export function scopedStore<T extends Scoped>(database: string, name: string): ScopedStore<T> {
  let opened: Promise<IDBDatabase> | null = null;
  const open = () =>
    new Promise<IDBDatabase>((resolve, reject) => {
      const request = indexedDB.open(database, VERSION);
      request.onupgradeneeded = (event) => upgrade(request, name, event.oldVersion);
      request.onsuccess = () => resolve(request.result);
      request.onerror = () => reject(request.error);
    });
  const store = async (mode: IDBTransactionMode) => {
    opened ??= open();
    return (await opened).transaction(name, mode).objectStore(name);
  };
  return {
    async get(scope, path) {
      return done((await store("readonly")).get([scope, path]) as IDBRequest<T | undefined>);
    },
    async all(scope) {
      return done((await store("readonly")).index("scope").getAll(scope) as IDBRequest<T[]>);
    },
    async put(record) {
      await done((await store("readwrite")).put(record));
    },
    async putAll(records) {
      if (!records.length) return;
      const writable = await store("readwrite");
      await Promise.all(records.map((record) => done(writable.put(record))));
    },
    async delete(scope, path) {
      await done((await store("readwrite")).delete([scope, path]));
    },
    async deleteAll(scope, paths) {
      if (!paths.length) return;
      const writable = await store("readwrite");
      await Promise.all(paths.map((path) => done(writable.delete([scope, path]))));
    },
    async deleteIf(scope, path, still) {
      const writable = await store("readwrite");
      const record = await done(writable.get([scope, path]) as IDBRequest<T | undefined>);
      if (!record || !still(record)) return false;
      await done(writable.delete([scope, path]));
      return true;
    },
    async clear(scope) {
      const writable = await store("readwrite");
      const keys = await done(writable.index("scope").getAllKeys(scope));
      await Promise.all(keys.map((key) => done(writable.delete(key))));
    },
  };
}
