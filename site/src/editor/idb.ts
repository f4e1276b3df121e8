// One IndexedDB object store (keyed by "path"), opened once: the drafts of the notebook
// (drafts.ts) and the changes waiting for GitHub (github/pending.ts) each have their own.

export type StoreRun = <T>(mode: IDBTransactionMode, action: (store: IDBObjectStore) => IDBRequest<T>) => Promise<T>;

export function objectStore(name: string, store: string): StoreRun {
  let database: Promise<IDBDatabase> | null = null;
  const open = () =>
    new Promise<IDBDatabase>((resolve, reject) => {
      const request = indexedDB.open(name, 1);
      request.onupgradeneeded = () => request.result.createObjectStore(store, { keyPath: "path" });
      request.onsuccess = () => resolve(request.result);
      request.onerror = () => reject(request.error);
    });
  return async (mode, action) => {
    database ??= open();
    const db = await database;
    return new Promise((resolve, reject) => {
      const request = action(db.transaction(store, mode).objectStore(store));
      request.onsuccess = () => resolve(request.result);
      request.onerror = () => reject(request.error);
    });
  };
}
