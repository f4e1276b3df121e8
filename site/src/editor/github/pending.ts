/** The changes saved in the editor but not yet proposed: kept in IndexedDB as they are saved,
 * so an expired token, a lost connection or a closed tab loses nothing. They are kept under
 * the coach's scope (the repository and her GitHub login, never the token), and removed only
 * once GitHub has them in a commit, and only while they still hold what was committed: a
 * change another tab saved meanwhile stays. Tabs of the same coach tell each other of every
 * change (BroadcastChannel), and one proposal at a time runs (Web Locks). */

import { pathProblem } from "../content-path.ts";
import { UNOWNED, scopedStore } from "../idb.ts";
import { REFUSALS, fill } from "../server-texts.ts";

export interface PendingFile {
  /** content/-relative path, as the editor's storage names files. */
  path: string;
  text?: string;
  /** An image, base64-encoded. */
  base64?: string;
}

interface PendingRecord extends PendingFile {
  scope: string;
}

/** A record refused when the changes are read: its path and the French reason. */
export interface Dropped {
  path: string;
  reason: string;
}

const store = scopedStore<PendingRecord>("carnet-github", "a-proposer");
const CHANNEL = "carnet-a-proposer";
const BASE64 = /^[A-Za-z0-9+/]*={0,2}$/;

/** The scope of a coach's work: the repository and her login (GitHub logins ignore case). */
export function scopeOf(repository: string, login: string): string {
  return `github:${repository.toLowerCase()}:${login.toLowerCase()}`;
}

const same = (a: PendingFile, b: PendingFile) => a.text === b.text && a.base64 === b.base64;

/** A record as this code writes it: a path and one string body. Anything else came from
 * elsewhere (another version, a script of the site's origin) and is refused. */
function shapeProblem(record: PendingRecord): string | null {
  const path = String(record.path);
  if (typeof record.path !== "string") return fill(REFUSALS.encoding, { path });
  const problem = pathProblem(path);
  if (problem !== null) return problem;
  const text = typeof record.text === "string";
  const image = typeof record.base64 === "string" && BASE64.test(record.base64);
  return text === image ? fill(REFUSALS.encoding, { path }) : null;
}

/** The pending changes, in memory and mirrored to IndexedDB where the browser has it. */
export class PendingChanges {
  private readonly files = new Map<string, PendingFile>();
  private readonly persistent = typeof indexedDB !== "undefined";
  private readonly listeners = new Set<() => void>();
  private channel: BroadcastChannel | null = null;
  /** Records refused at the last reading (a path outside content/…), now erased. */
  dropped: Dropped[] = [];

  constructor(readonly scope: string) {}

  /** Reads the coach's changes again (another tab may have saved or proposed). */
  async load(): Promise<void> {
    if (!this.persistent) return;
    const records = await store.all(this.scope);
    // Kept before changes had an owner: hers now, to review in the list before proposing.
    for (const record of await store.all(UNOWNED)) {
      if (!records.some((r) => r.path === record.path)) {
        const adopted = { ...record, scope: this.scope };
        await store.put(adopted);
        records.push(adopted);
      }
      await store.delete(UNOWNED, record.path);
    }
    this.files.clear();
    const dropped: Dropped[] = [];
    for (const record of records) {
      const problem = shapeProblem(record);
      if (problem !== null) {
        dropped.push({ path: String(record.path), reason: problem });
        await store.delete(this.scope, record.path);
      } else {
        this.files.set(record.path, record.base64 !== undefined ? { path: record.path, base64: record.base64 } : { path: record.path, text: record.text });
      }
    }
    if (dropped.length) this.dropped = [...this.dropped, ...dropped];
  }

  get(path: string): PendingFile | undefined {
    return this.files.get(path);
  }

  /** The record as IndexedDB holds it now (another tab may have saved it since). */
  async fresh(path: string): Promise<PendingFile | undefined> {
    return this.persistent ? store.get(this.scope, path) : this.files.get(path);
  }

  list(): PendingFile[] {
    return [...this.files.values()];
  }

  get size(): number {
    return this.files.size;
  }

  async put(file: PendingFile): Promise<void> {
    this.files.set(file.path, file);
    if (this.persistent) await store.put({ ...file, scope: this.scope });
    this.tell();
  }

  /** « Retirer »: the file goes back to GitHub's version. */
  async remove(path: string): Promise<void> {
    this.files.delete(path);
    if (this.persistent) await store.delete(this.scope, path);
    this.tell();
  }

  /** Once committed: each record is deleted only if it still holds what was proposed. */
  async done(proposed: PendingFile[]): Promise<void> {
    for (const file of proposed) {
      if (this.persistent) await store.deleteIf(this.scope, file.path, (record) => same(record, file));
      else if (this.files.get(file.path) && same(this.files.get(file.path)!, file)) this.files.delete(file.path);
    }
    await this.load();
    this.tell();
  }

  /** « Effacer et se déconnecter ». */
  async clear(): Promise<void> {
    this.files.clear();
    if (this.persistent) await store.clear(this.scope);
    this.tell();
  }

  /** Runs `task` while no other tab of the coach proposes (Web Locks, where the browser has
   * them; the record check of `done` holds without). */
  exclusive<T>(task: () => Promise<T>): Promise<T> {
    const locks = typeof navigator !== "undefined" ? navigator.locks : undefined;
    return locks ? locks.request(`carnet-proposer:${this.scope}`, task) : task();
  }

  /** Called after another tab changed the coach's pending files (read again first). */
  subscribe(listener: () => void): () => void {
    this.listeners.add(listener);
    if (!this.channel && typeof BroadcastChannel !== "undefined") {
      this.channel = new BroadcastChannel(CHANNEL);
      this.channel.onmessage = (event: MessageEvent<{ scope?: string }>) => {
        if (event.data?.scope !== this.scope) return;
        void this.load().then(() => this.listeners.forEach((l) => l()));
      };
    }
    return () => {
      this.listeners.delete(listener);
      if (!this.listeners.size) {
        this.channel?.close();
        this.channel = null;
      }
    };
  }

  private tell(): void {
    this.channel?.postMessage({ scope: this.scope });
  }
}
