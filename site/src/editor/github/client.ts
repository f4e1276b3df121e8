/** The editor's GitHub client: sign in with a fine-grained token, read the content tree and
 * files, propose the session's changes as one commit on a branch of its own with one pull
 * request, and follow the checks. Nothing is ever force-pushed: every commit names the head
 * it expects (`expectedHeadOid`), and a file changed underneath is reported, never overwritten. */

import { type Checks, followChecks } from "./checks.ts";
import { GITHUB_API, GITHUB_REPOSITORY, type Repository, parseRepository } from "./config.ts";
import {
  ConflictError,
  type FileConflict,
  GitHubError,
  NotFoundError,
  NothingToProposeError,
  StaleBranchError,
  TokenMalformedError,
  UnexpectedError,
  WrongRepositoryError,
  NoAccessError,
} from "./errors.ts";
import { fromBase64, gitBlobSha, toBase64 } from "./git-blob.ts";
import { GitHubHttp } from "./http.ts";
import { type ChangeDetail, type SummaryRow, branchName, pullRequestBody, pullRequestTitle } from "./summary.ts";
import { mergedWithoutQuestion } from "../conflict/merge.ts";
import { MESSAGES, PROPOSAL } from "./texts.ts";


const CONTENT_PREFIX = "content/";
const ZERO = "0".repeat(40);
const ATTEMPTS = 3;
/** Blobs read by one GraphQL query, and their total size at most (GitHub answers a query
 * within 10 seconds or not at all); queries run a few at a time. */
const BLOBS_PER_QUERY = 400;
const BYTES_PER_QUERY = 4_000_000;
const PARALLEL_QUERIES = 4;

interface TreeAnswer {
  tree: { path: string; type: string; sha: string; size?: number }[];
  truncated?: boolean;
}

export interface Options {
  repository?: string;
  api?: string;
  fetch?: typeof globalThis.fetch;
  today?: () => Date;
}

export interface SignedIn {
  client: GitHubClient;
  user: { login: string; name: string | null };
  repository: { fullName: string; private: boolean; defaultBranch: string };
}

export interface TreeFile {
  path: string;
  sha: string;
  size: number;
}

export interface Tree {
  /** The commit or branch it was read at. */
  ref: string;
  files: Map<string, TreeFile>;
}

export interface FileChange {
  /** « content/… » */
  path: string;
  bytes?: Uint8Array;
  text?: string;
  /** Remove the file. */
  delete?: boolean;
  /** What the editor knows of it, for the pull request's summary. */
  detail?: ChangeDetail;
}

export interface Proposal {
  /** A few words: the branch's name and the pull request's title. */
  title: string;
  /** Errors `contenu check` would report: the body says the checks will fail. */
  errors?: number;
}

export interface Proposed {
  branch: string;
  commit: string;
  pull: { number: number; url: string };
  /** False when the branch already had everything (no new commit). */
  committed: boolean;
}

interface Session {
  branch: string | null;
  head: string | null;
  pull: { number: number; url: string } | null;
  /** Files of the branch point, to tell an added file from a modified one. */
  branchPoint: Set<string> | null;
  rows: Map<string, SummaryRow>;
}

const COMMIT = `mutation ($input: CreateCommitOnBranchInput!) {
  createCommitOnBranch(input: $input) { commit { oid url } }
}`;

/** Checks the token at once (user, repository, permissions) and returns a client. */
export async function checkToken(token: string, options: Options = {}): Promise<SignedIn> {
  const trimmed = token.trim();
  if (/^gh[pousr]_/.test(trimmed)) throw new TokenMalformedError(trimmed.startsWith("ghp_"));
  if (!/^github_pat_[A-Za-z0-9_]+$/.test(trimmed)) throw new TokenMalformedError();
  const client = new GitHubClient(trimmed, options);
  return client.signIn();
}

export class GitHubClient {
  readonly http: GitHubHttp;
  readonly repo: Repository;
  readonly fullName: string;
  defaultBranch = "main";
  private readonly today: () => Date;
  /** Blob id of each file when the coach opened it: what her changes are based on. */
  private readonly opened = new Map<string, string | null>();
  /** Blob id of each file as the session's last commit wrote it. */
  private readonly committed = new Map<string, string | null>();
  private firstTree: Map<string, TreeFile> | null = null;
  private readonly etags = new Map<string, { etag: string; bytes: Uint8Array; sha: string }>();
  private session: Session = { branch: null, head: null, pull: null, branchPoint: null, rows: new Map() };

  constructor(token: string, options: Options = {}) {
    this.fullName = options.repository ?? GITHUB_REPOSITORY;
    const repo = parseRepository(this.fullName);
    if (!repo) throw new WrongRepositoryError(this.fullName || "?");
    this.repo = repo;
    this.http = new GitHubHttp(token, this.fullName, options.api ?? GITHUB_API, options.fetch);
    this.today = options.today ?? (() => new Date());
  }

  private get base(): string {
    return `/repos/${this.repo.owner}/${this.repo.name}`;
  }

  /** The branch being edited: the proposal's once there is one, else the default branch. */
  get branch(): string {
    return this.session.branch ?? this.defaultBranch;
  }

  get pull(): { number: number; url: string } | null {
    return this.session.pull;
  }

  get head(): string | null {
    return this.session.head;
  }

  // ------------------------------------------------------------------ sign-in

  async signIn(): Promise<SignedIn> {
    const user = await this.http.request<{ login: string; name: string | null }>({
      method: "GET",
      path: "/user",
      permission: ["metadata", "read"],
    });
    this.http.login = user.data.login;
    let repo;
    try {
      repo = await this.http.request<{
        full_name: string;
        private: boolean;
        default_branch: string;
        permissions?: { push?: boolean };
      }>({ method: "GET", path: this.base, permission: ["metadata", "read"] });
    } catch (error) {
      throw error instanceof NotFoundError ? new WrongRepositoryError(this.fullName) : error;
    }
    if (!repo.data.permissions?.push) throw new NoAccessError(user.data.login, this.fullName);
    this.defaultBranch = repo.data.default_branch;
    await this.probePermissions();
    this.http.signedIn = true;
    return {
      client: this,
      user: user.data,
      repository: { fullName: repo.data.full_name, private: repo.data.private, defaultBranch: this.defaultBranch },
    };
  }

  /** Each permission the editor needs, tried without changing anything: the write probes
   * send a request GitHub refuses as invalid (422) once the permission is granted. */
  private async probePermissions(): Promise<void> {
    const invalid = async (run: Promise<unknown>): Promise<void> => {
      try {
        await run;
      } catch (error) {
        if (!(error instanceof UnexpectedError && error.status === 422)) throw error;
      }
    };
    const probes = [
      this.http.request({ method: "GET", path: `${this.base}/git/ref/heads/${this.defaultBranch}`, permission: ["contents", "read"] }),
      invalid(this.http.request({ method: "POST", path: `${this.base}/git/refs`, body: { ref: "refs/heads/", sha: ZERO }, permission: ["contents", "write"] })),
      this.http.request({ method: "GET", path: `${this.base}/pulls?per_page=1`, permission: ["pull_requests", "read"] }),
      invalid(this.http.request({ method: "POST", path: `${this.base}/pulls`, body: {}, permission: ["pull_requests", "write"] })),
    ];
    const settled = await Promise.allSettled(probes);
    const failed = settled.find((s): s is PromiseRejectedResult => s.status === "rejected");
    if (failed) throw failed.reason;
  }

  // ------------------------------------------------------------------ the proposal across reloads

  /** What to keep (sessionStorage) so that a reload or a new sign-in goes on with the same
   * branch and pull request; null before the first proposal. */
  snapshot(): SavedProposal | null {
    const { branch, head, pull, branchPoint, rows } = this.session;
    if (!branch || !head || !pull) return null;
    return { repository: this.fullName, branch, head, pull, branchPoint: [...(branchPoint ?? [])], rows: [...rows.values()] };
  }

  /** Go on with a kept proposal while its pull request is still open; false otherwise. */
  async resume(saved: SavedProposal): Promise<boolean> {
    if (saved.repository !== this.fullName) return false;
    const answer = await this.http.request<{ state: string }>({
      method: "GET",
      path: `${this.base}/pulls/${saved.pull.number}`,
      permission: ["pull_requests", "read"],
    });
    if (answer.data.state !== "open") return false;
    this.session = {
      branch: saved.branch,
      head: await this.headOf(saved.branch),
      pull: saved.pull,
      branchPoint: new Set(saved.branchPoint),
      rows: new Map(saved.rows.map((row) => [row.path, row])),
    };
    return true;
  }

  /** Go on with an open proposal found on GitHub (« Mes propositions »): the carnet reads
   * its branch, and « Proposer » adds a commit to that same pull request. Its files say
   * which of them it adds, changes or removes (for its summary). */
  async openProposal(opened: OpenedProposal): Promise<void> {
    const head = await this.headOf(opened.branch);
    this.forgetBases();
    const tree = await this.readTree(head);
    const point = new Set(tree.files.keys());
    const rows = new Map<string, SummaryRow>();
    for (const file of opened.files) {
      if (!file.path.startsWith(CONTENT_PREFIX)) continue;
      if (file.status === "added") point.delete(file.path);
      if (file.status === "removed") point.add(file.path);
      const kind = file.status === "added" ? "added" : file.status === "removed" ? "deleted" : "modified";
      rows.set(file.path, { path: file.path, kind });
    }
    this.session = { branch: opened.branch, head, pull: { number: opened.number, url: opened.url }, branchPoint: point, rows };
  }

  /** Back to the default branch: the next proposal is a new one. */
  leaveProposal(): void {
    this.forgetBases();
    this.startOver();
  }

  /** The versions the coach's changes were based on belong to the branch she leaves. */
  private forgetBases(): void {
    this.opened.clear();
    this.committed.clear();
    this.firstTree = null;
  }

  // ------------------------------------------------------------------ reading

  /** The content files of `ref` (a branch or a commit), with each blob's id and size, in
   * one request (Git trees API, recursive). A listing GitHub truncated (over 100,000
   * entries or 7 MB) is read again folder by folder, as its REST reference says. */
  async readTree(ref: string = this.session.head ?? this.branch): Promise<Tree> {
    const files = new Map<string, TreeFile>();
    const root = await this.treeAt(ref, true);
    if (!root.truncated) {
      for (const entry of root.tree) {
        if (entry.type === "blob" && entry.path.startsWith(CONTENT_PREFIX)) {
          files.set(entry.path, { path: entry.path, sha: entry.sha, size: entry.size ?? 0 });
        }
      }
    } else {
      const top = await this.treeAt(ref, false);
      const content = top.tree.find((entry) => entry.type === "tree" && `${entry.path}/` === CONTENT_PREFIX);
      if (content) await this.walkTree(content.sha, CONTENT_PREFIX, files);
    }
    this.firstTree ??= files;
    return { ref, files };
  }

  private async treeAt(ref: string, recursive: boolean): Promise<TreeAnswer> {
    const answer = await this.http.request<TreeAnswer>({
      method: "GET",
      path: `${this.base}/git/trees/${encodeURIComponent(ref)}${recursive ? "?recursive=1" : ""}`,
      permission: ["contents", "read"],
    });
    return answer.data;
  }

  /** A folder's files: recursively at once, else one level at a time. */
  private async walkTree(sha: string, prefix: string, files: Map<string, TreeFile>): Promise<void> {
    const whole = await this.treeAt(sha, true);
    const listing = whole.truncated ? await this.treeAt(sha, false) : whole;
    const folders: Promise<void>[] = [];
    for (const entry of listing.tree) {
      const path = prefix + entry.path;
      if (entry.type === "blob") files.set(path, { path, sha: entry.sha, size: entry.size ?? 0 });
      else if (entry.type === "tree" && whole.truncated) folders.push(this.walkTree(entry.sha, `${path}/`, files));
    }
    await Promise.all(folders);
  }

  /** The text of many blobs (by id) in few requests: GraphQL, BLOBS_PER_QUERY at a time and
   * BYTES_PER_QUERY at most; a blob GitHub gives no text for (binary, too large) is null. */
  async readTexts(blobs: readonly { sha: string; size: number }[]): Promise<Map<string, string | null>> {
    const batches: string[][] = [];
    let batch: string[] = [];
    let bytes = 0;
    for (const { sha, size } of blobs) {
      if (!/^[0-9a-f]{40}$/.test(sha)) continue;
      if (batch.length && (batch.length >= BLOBS_PER_QUERY || bytes + size > BYTES_PER_QUERY)) {
        batches.push(batch);
        batch = [];
        bytes = 0;
      }
      batch.push(sha);
      bytes += size;
    }
    if (batch.length) batches.push(batch);
    const texts = new Map<string, string | null>();
    const queue = [...batches];
    const worker = async () => {
      for (let next = queue.shift(); next; next = queue.shift()) {
        for (const [sha, text] of await this.readTextBatch(next)) texts.set(sha, text);
      }
    };
    await Promise.all(Array.from({ length: Math.min(PARALLEL_QUERIES, batches.length) }, worker));
    return texts;
  }

  private async readTextBatch(shas: readonly string[]): Promise<Map<string, string | null>> {
    const fields = shas.map((sha, i) => `b${i}: object(oid: "${sha}") { ... on Blob { text isBinary isTruncated } }`);
    const query = `query ($owner: String!, $name: String!) { repository(owner: $owner, name: $name) { ${fields.join(" ")} } }`;
    type Blob = { text: string | null; isBinary: boolean; isTruncated: boolean } | null;
    const answer = await this.http.graphql<{ repository: Record<string, Blob> | null }>(
      query,
      { owner: this.repo.owner, name: this.repo.name },
      ["contents", "read"],
    );
    const found = answer.data?.repository;
    if (!found) throw new UnexpectedError(200, answer.errors.map((e) => e.message).join("; "));
    const texts = new Map<string, string | null>();
    shas.forEach((sha, i) => {
      const blob = found[`b${i}`];
      texts.set(sha, blob && !blob.isBinary && !blob.isTruncated && typeof blob.text === "string" ? blob.text : null);
    });
    return texts;
  }

  /** A file's bytes at `ref`, fetched once and then revalidated with its ETag (304). */
  async readFile(path: string, ref: string = this.session.head ?? this.branch): Promise<Uint8Array> {
    const { bytes, sha } = await this.fetchFile(path, ref);
    if (!this.opened.has(path)) this.opened.set(path, sha);
    return bytes;
  }

  /** A file's bytes on the branch being edited, to show what a change does: unlike
   * `readFile`, not taken as the version the coach's change is based on. */
  async peekFile(path: string): Promise<Uint8Array> {
    return (await this.fetchFile(path, this.session.head ?? this.branch)).bytes;
  }

  private async fetchFile(path: string, ref: string): Promise<{ bytes: Uint8Array; sha: string }> {
    const key = `${ref}\0${path}`;
    const cached = this.etags.get(key);
    const encoded = path.split("/").map(encodeURIComponent).join("/");
    const answer = await this.http.request<{ content: string; encoding: string; sha: string; size: number }>({
      method: "GET",
      path: `${this.base}/contents/${encoded}?ref=${encodeURIComponent(ref)}`,
      permission: ["contents", "read"],
      etag: cached?.etag,
    });
    if (answer.status === 304 && cached) return cached;
    const { content, encoding, sha } = answer.data;
    // Files over 1 MB come without their content: the blob API has them.
    const bytes = encoding === "base64" ? fromBase64(content) : await this.readBlob(sha);
    if (answer.etag) this.etags.set(key, { etag: answer.etag, bytes, sha });
    return { bytes, sha };
  }

  private async readBlob(sha: string): Promise<Uint8Array> {
    const answer = await this.http.request<{ content: string }>({
      method: "GET",
      path: `${this.base}/git/blobs/${sha}`,
      permission: ["contents", "read"],
    });
    return fromBase64(answer.data.content);
  }

  /** After a conflict, the coach chose per cell: her next proposal is based on `sha`. */
  markResolved(path: string, sha: string | null): void {
    this.opened.set(path, sha);
    this.committed.delete(path);
  }

  private openedAs(path: string): string | null {
    if (this.opened.has(path)) return this.opened.get(path) ?? null;
    return this.firstTree?.get(path)?.sha ?? null;
  }

  /** The versions of a file the coach's change may be committed over: on the proposal's
   * branch, the one its last commit wrote (else the one she opened); on the default branch
   * (no proposal, or a new one after a merge or a closing), the one she opened or the one
   * her merged proposal wrote there. Any other is someone else's change: a conflict. */
  private basesOf(path: string): (string | null)[] {
    if (this.session.branch && this.committed.has(path)) return [this.committed.get(path) ?? null];
    return this.committed.has(path) ? [this.openedAs(path), this.committed.get(path) ?? null] : [this.openedAs(path)];
  }

  // ------------------------------------------------------------------ checks

  /** The checks of pull request `number` (its head), or of the session's last commit. */
  async checks(number?: number): Promise<Checks> {
    let sha = this.session.head;
    if (number !== undefined || !sha) {
      const pull = number ?? this.session.pull?.number;
      if (pull === undefined) sha = await this.headOf(this.branch);
      else {
        const answer = await this.http.request<{ head: { sha: string } }>({
          method: "GET",
          path: `${this.base}/pulls/${pull}`,
          permission: ["pull_requests", "read"],
        });
        sha = answer.data.head.sha;
      }
    }
    return followChecks(this.http, this.base, sha);
  }

  // ------------------------------------------------------------------ proposing

  /** Every changed file of the session in ONE commit on the proposal's branch (made on the
   * first call, named `contenu/<date>-<title>`), and one pull request; later calls add a
   * commit to the same branch and update the same pull request. */
  async propose(changes: FileChange[], proposal: Proposal): Promise<Proposed> {
    const prepared = await Promise.all(changes.map(prepare));
    await this.checkProposalOpen();
    for (let attempt = 0; attempt < ATTEMPTS; attempt++) {
      const target = this.session.branch ?? this.defaultBranch;
      const head = await this.headOf(target).catch((error: unknown) => {
        if (error instanceof NotFoundError && this.session.branch) return null;
        throw error;
      });
      if (head === null) {
        // The proposal's branch was deleted: the change goes to a new one.
        this.startOver();
        attempt--;
        continue;
      }
      const tree = await this.readTree(head);
      await this.refuseConflicts(prepared, tree.files, head);
      const effective = prepared.filter((c) => (tree.files.get(c.path)?.sha ?? null) !== c.sha);
      // GitHub has it all already (her choices were the colleague's): no empty proposal.
      if (!effective.length && !this.session.branch) throw new NothingToProposeError();
      if (!this.session.branch) {
        this.session.branchPoint = new Set(tree.files.keys());
        this.session.branch = await this.createBranch(proposal.title, head);
      }
      const branch = this.session.branch;
      let commit = head;
      if (effective.length) {
        const made = await this.commit(branch, head, effective, proposal);
        if (made === null) continue; // the branch moved: read again, check again
        commit = made;
      }
      this.session.head = commit;
      for (const change of prepared) this.committed.set(change.path, change.sha);
      this.recordRows(prepared);
      const pull = await this.openPull(branch, proposal);
      return { branch, commit, pull, committed: commit !== head };
    }
    throw new StaleBranchError();
  }

  /** A proposal merged or closed since: the next commit starts a new branch and pull
   * request from the default branch, never a commit no open pull request shows. */
  private async checkProposalOpen(): Promise<void> {
    const pull = this.session.pull;
    if (!pull) return;
    const answer = await this.http.request<{ state: string; merged?: boolean }>({
      method: "GET",
      path: `${this.base}/pulls/${pull.number}`,
      permission: ["pull_requests", "read"],
    });
    if (answer.data.state !== "open" || answer.data.merged) this.startOver();
  }

  private startOver(): void {
    this.session = { branch: null, head: null, pull: null, branchPoint: null, rows: new Map() };
  }

  private async headOf(branch: string): Promise<string> {
    const answer = await this.http.request<{ object: { sha: string } }>({
      method: "GET",
      path: `${this.base}/git/ref/heads/${branch.split("/").map(encodeURIComponent).join("/")}`,
      permission: ["contents", "read"],
    });
    return answer.data.object.sha;
  }

  /** Files the coach changed that also changed on GitHub since she opened them: merged with
   * GitHub's version when their changes do not meet (the change is then that merge), else
   * refused with what the coach needs to choose. */
  private async refuseConflicts(changes: Prepared[], now: Map<string, TreeFile>, head: string): Promise<void> {
    const conflicts: FileConflict[] = [];
    for (const change of changes) {
      const current = now.get(change.path)?.sha ?? null;
      const bases = this.basesOf(change.path);
      if (bases.includes(current) || current === change.sha) continue;
      // The merge's base: the version her change was last made on.
      const opened = bases[bases.length - 1] ?? null;
      const theirs = current === null ? null : await this.readBlob(current);
      const base = opened === null ? null : await this.readBlob(opened);
      const merged = mergedWithoutQuestion(change.path, base, change.bytes, theirs);
      if (merged) {
        change.bytes = merged;
        change.sha = await gitBlobSha(merged);
        continue;
      }
      const by = await this.lastChange(change.path, head);
      conflicts.push({ path: change.path, base, ours: change.bytes, theirs, theirsSha: current, ...by });
    }
    if (conflicts.length) throw new ConflictError(conflicts);
  }

  /** Who last changed `path` at `ref`, and when (the commits API, filtered by path). */
  private async lastChange(path: string, ref: string): Promise<{ author: string | null; date: string | null }> {
    type Commit = { author: { login: string } | null; commit: { author: { name: string; date: string } | null } };
    try {
      const answer = await this.http.request<Commit[]>({
        method: "GET",
        path: `${this.base}/commits?sha=${encodeURIComponent(ref)}&path=${encodeURIComponent(path)}&per_page=1`,
        permission: ["contents", "read"],
      });
      const last = answer.data[0];
      return { author: last?.commit.author?.name || last?.author?.login || null, date: last?.commit.author?.date ?? null };
    } catch {
      return { author: null, date: null }; // the conflict is shown all the same, unnamed
    }
  }

  private async createBranch(title: string, head: string): Promise<string> {
    const name = branchName(title, this.today());
    for (let n = 1; n <= 9; n++) {
      const candidate = n === 1 ? name : `${name}-${n}`;
      try {
        await this.http.request({
          method: "POST",
          path: `${this.base}/git/refs`,
          body: { ref: `refs/heads/${candidate}`, sha: head },
          permission: ["contents", "write"],
        });
        return candidate;
      } catch (error) {
        if (!(error instanceof UnexpectedError && error.status === 422)) throw error;
        // Made by an attempt that failed before its commit: still at this head, take it up.
        if ((await this.headOf(candidate).catch(() => null)) === head) return candidate;
      }
    }
    throw new UnexpectedError(422, "no free branch name");
  }

  /** One commit; null when `expectedHeadOid` was stale (GitHub wrote nothing). */
  private async commit(branch: string, head: string, changes: Prepared[], proposal: Proposal): Promise<string | null> {
    const input = {
      branch: { repositoryNameWithOwner: this.fullName, branchName: branch },
      expectedHeadOid: head,
      message: { headline: pullRequestTitle(proposal.title), body: PROPOSAL.committedFrom },
      fileChanges: {
        additions: changes.filter((c) => c.bytes).map((c) => ({ path: c.path, contents: toBase64(c.bytes!) })),
        deletions: changes.filter((c) => !c.bytes).map((c) => ({ path: c.path })),
      },
    };
    const answer = await this.http.graphql<{ createCommitOnBranch: { commit: { oid: string } } | null }>(COMMIT, { input });
    if (answer.errors.some((e) => e.type === "STALE_DATA")) return null;
    const oid = answer.data?.createCommitOnBranch?.commit.oid;
    if (!oid) throw new UnexpectedError(200, answer.errors.map((e) => e.message).join("; "));
    return oid;
  }

  private recordRows(changes: Prepared[]): void {
    const point = this.session.branchPoint;
    for (const change of changes) {
      const existed = point?.has(change.path) ?? false;
      if (!existed && !change.bytes) {
        this.session.rows.delete(change.path); // added then removed: no change
        continue;
      }
      const kind = !change.bytes ? "deleted" : existed ? "modified" : "added";
      this.session.rows.set(change.path, { path: change.path, kind, detail: change.detail });
    }
  }

  private async openPull(branch: string, proposal: Proposal): Promise<{ number: number; url: string }> {
    const body = pullRequestBody([...this.session.rows.values()], proposal.errors ?? 0);
    type Pull = { number: number; html_url: string };
    const known = this.session.pull;
    if (known) {
      await this.http.request({ method: "PATCH", path: `${this.base}/pulls/${known.number}`, body: { body }, permission: ["pull_requests", "write"] });
      return known;
    }
    const head = `${this.repo.owner}:${branch}`;
    const listed = await this.http.request<Pull[]>({
      method: "GET",
      path: `${this.base}/pulls?state=open&head=${encodeURIComponent(head)}`,
      permission: ["pull_requests", "read"],
    });
    let pull = listed.data[0];
    if (!pull) {
      const made = await this.http.request<Pull>({
        method: "POST",
        path: `${this.base}/pulls`,
        body: { title: pullRequestTitle(proposal.title), head: branch, base: this.defaultBranch, body, maintainer_can_modify: true },
        permission: ["pull_requests", "write"],
      });
      pull = made.data;
    }
    this.session.pull = { number: pull.number, url: pull.html_url };
    return this.session.pull;
  }
}

/** An open proposal as « Mes propositions » lists it. */
export interface OpenedProposal {
  number: number;
  url: string;
  branch: string;
  files: { path: string; status: "added" | "modified" | "removed" }[];
}

export interface SavedProposal {
  repository: string;
  branch: string;
  head: string;
  pull: { number: number; url: string };
  branchPoint: string[];
  rows: SummaryRow[];
}

interface Prepared {
  path: string;
  bytes: Uint8Array | null;
  sha: string | null;
  detail?: ChangeDetail;
}

async function prepare(change: FileChange): Promise<Prepared> {
  if (!change.path.startsWith(CONTENT_PREFIX) || change.path.split("/").some((p) => p === ".." || p === "")) {
    throw new GitHubError(MESSAGES.pathRefused(change.path));
  }
  if (change.delete) return { path: change.path, bytes: null, sha: null, detail: change.detail };
  const bytes = change.bytes ?? new TextEncoder().encode(change.text ?? "");
  return { path: change.path, bytes, sha: await gitBlobSha(bytes), detail: change.detail };
}

