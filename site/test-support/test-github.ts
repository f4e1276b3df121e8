/** For Vitest only: a `fetch` that answers the GitHub calls of the client from a small
 * in-memory repository (branches → commits → files), and records every request. The
 * browser tests use the full fake server instead (tests/e2e/fake_github). */

import { gitBlobSha, toBase64 } from "../src/editor/github/git-blob.ts";

export const API = "https://api.test";
export const REPOSITORY = "renouer/site";
export const TOKEN = "github_pat_11AAAAAAA0_test";

export interface Sent {
  method: string;
  url: string;
  headers: Record<string, string>;
  body: unknown;
}

type Files = Map<string, Uint8Array>;
type Reply = { status: number; body?: unknown; headers?: Record<string, string> };
type Override = (sent: Sent) => Reply | undefined;

const encode = (text: string) => new TextEncoder().encode(text);

export class TestGitHub {
  readonly sent: Sent[] = [];
  readonly commits = new Map<string, { files: Files; parent: string | null }>();
  readonly branches = new Map<string, string>();
  readonly pulls: { number: number; head: string; title: string; body: string }[] = [];
  /** Answers that replace the normal one while they return something. */
  readonly overrides: Override[] = [];
  checkRuns: { id: number; name: string; status: string; conclusion: string | null; annotations: unknown[] }[] = [];
  user = { login: "coach", name: "Claire Delmas" };
  push = true;
  private serial = 0;

  constructor(files: Record<string, string>) {
    const map: Files = new Map(Object.entries(files).map(([p, t]) => [p, encode(t)]));
    this.branches.set("main", this.addCommit(map, null));
  }

  addCommit(files: Files, parent: string | null): string {
    const sha = (++this.serial).toString(16).padStart(40, "c");
    this.commits.set(sha, { files, parent });
    return sha;
  }

  /** A commit made elsewhere on `branch` (a colleague's change). */
  pushTo(branch: string, changes: Record<string, string>): string {
    const head = this.branches.get(branch)!;
    const files = new Map(this.commits.get(head)!.files);
    for (const [p, t] of Object.entries(changes)) files.set(p, encode(t));
    const sha = this.addCommit(files, head);
    this.branches.set(branch, sha);
    return sha;
  }

  filesOf(branch: string): Map<string, string> {
    const files = this.commits.get(this.branches.get(branch)!)!.files;
    return new Map([...files].map(([p, b]) => [p, new TextDecoder().decode(b)]));
  }

  fetch = async (input: RequestInfo | URL, init: RequestInit = {}): Promise<Response> => {
    const url = String(input);
    const headers = Object.fromEntries(Object.entries((init.headers ?? {}) as Record<string, string>));
    const sent: Sent = { method: init.method ?? "GET", url, headers, body: init.body ? JSON.parse(String(init.body)) : undefined };
    this.sent.push(sent);
    for (const override of this.overrides) {
      const reply = override(sent);
      if (reply) return respond(reply);
    }
    if (!url.startsWith(API)) throw new TypeError("Failed to fetch");
    if (headers.Authorization !== `Bearer ${TOKEN}`) return respond({ status: 401, body: { message: "Bad credentials" } });
    return respond(await this.answer(sent, new URL(url)));
  };

  private async answer(sent: Sent, url: URL): Promise<Reply> {
    const path = decodeURIComponent(url.pathname);
    const repo = `/repos/${REPOSITORY}`;
    const route = (method: string, pattern: RegExp) => (sent.method === method ? pattern.exec(path) : null);
    let m: RegExpExecArray | null;
    if (route("GET", /^\/user$/)) return { status: 200, body: this.user };
    if (route("GET", new RegExp(`^${repo}$`))) {
      return { status: 200, body: { full_name: REPOSITORY, private: false, default_branch: "main", permissions: { push: this.push } } };
    }
    if ((m = route("GET", new RegExp(`^${repo}/git/ref/heads/(.+)$`)))) {
      const sha = this.branches.get(m[1]!);
      return sha ? { status: 200, body: { object: { sha } } } : { status: 404, body: { message: "Not Found" } };
    }
    if (route("POST", new RegExp(`^${repo}/git/refs$`))) {
      const { ref, sha } = sent.body as { ref: string; sha: string };
      const name = ref.replace("refs/heads/", "");
      if (!name || !this.commits.has(sha) || this.branches.has(name)) return { status: 422, body: { message: "Reference already exists" } };
      this.branches.set(name, sha);
      return { status: 201, body: { ref, object: { sha } } };
    }
    if ((m = route("GET", new RegExp(`^${repo}/git/trees/(.+)$`)))) {
      const commit = this.commits.get(this.branches.get(m[1]!) ?? m[1]!);
      if (!commit) return { status: 404, body: { message: "Not Found" } };
      const tree = await Promise.all(
        [...commit.files].map(async ([p, b]) => ({ path: p, type: "blob", sha: await gitBlobSha(b), size: b.length })),
      );
      return { status: 200, body: { tree, truncated: false } };
    }
    if ((m = route("GET", new RegExp(`^${repo}/contents/(.+)$`)))) {
      const ref = url.searchParams.get("ref") ?? "main";
      const bytes = this.commits.get(this.branches.get(ref) ?? ref)?.files.get(m[1]!);
      if (!bytes) return { status: 404, body: { message: "Not Found" } };
      const sha = await gitBlobSha(bytes);
      const etag = `W/"${sha}"`;
      if (sent.headers["If-None-Match"] === etag) return { status: 304, headers: { ETag: etag } };
      return { status: 200, headers: { ETag: etag }, body: { content: toBase64(bytes), encoding: "base64", sha, size: bytes.length } };
    }
    if ((m = route("GET", new RegExp(`^${repo}/git/blobs/(.+)$`)))) {
      for (const commit of this.commits.values()) {
        for (const bytes of commit.files.values()) {
          if ((await gitBlobSha(bytes)) === m[1]) return { status: 200, body: { content: toBase64(bytes), encoding: "base64" } };
        }
      }
      return { status: 404, body: { message: "Not Found" } };
    }
    if (route("POST", /^\/graphql$/)) return this.graphql(sent.body as { variables: { input: CommitInput } });
    if (route("GET", new RegExp(`^${repo}/pulls$`))) {
      const head = url.searchParams.get("head");
      const found = this.pulls.filter((p) => head === null || `renouer:${p.head}` === head);
      return { status: 200, body: found.map((p) => ({ number: p.number, html_url: `https://github.com/${REPOSITORY}/pull/${p.number}` })) };
    }
    if (route("POST", new RegExp(`^${repo}/pulls$`))) {
      const body = sent.body as { title?: string; head?: string; body?: string };
      if (!body.title || !body.head) return { status: 422, body: { message: "Validation Failed" } };
      const pull = { number: this.pulls.length + 1, head: body.head, title: body.title, body: body.body ?? "" };
      this.pulls.push(pull);
      return { status: 201, body: { number: pull.number, html_url: `https://github.com/${REPOSITORY}/pull/${pull.number}` } };
    }
    if ((m = route("PATCH", new RegExp(`^${repo}/pulls/(\\d+)$`)))) {
      const pull = this.pulls[Number(m[1]) - 1]!;
      pull.body = (sent.body as { body: string }).body;
      return { status: 200, body: { number: pull.number } };
    }
    if ((m = route("GET", new RegExp(`^${repo}/pulls/(\\d+)$`)))) {
      const pull = this.pulls[Number(m[1]) - 1]!;
      return { status: 200, body: { number: pull.number, state: "open", head: { sha: this.branches.get(pull.head) } } };
    }
    if (route("GET", new RegExp(`^${repo}/commits/[^/]+/check-runs$`))) {
      const runs = this.checkRuns.map((r) => ({ ...r, html_url: `https://github.com/runs/${r.id}`, output: { annotations_count: r.annotations.length } }));
      return { status: 200, body: { total_count: runs.length, check_runs: runs } };
    }
    if ((m = route("GET", new RegExp(`^${repo}/check-runs/(\\d+)/annotations$`)))) {
      return { status: 200, body: this.checkRuns.find((r) => r.id === Number(m![1]))?.annotations ?? [] };
    }
    return { status: 404, body: { message: "Not Found" } };
  }

  private graphql({ variables: { input } }: { variables: { input: CommitInput } }): Reply {
    const branch = input.branch.branchName;
    const head = this.branches.get(branch);
    if (head !== input.expectedHeadOid) {
      const message = `Expected branch to point to "${input.expectedHeadOid}" but it did not. Pull and try again.`;
      return { status: 200, body: { data: { createCommitOnBranch: null }, errors: [{ type: "STALE_DATA", path: ["createCommitOnBranch"], message }] } };
    }
    const files = new Map(this.commits.get(head)!.files);
    for (const a of input.fileChanges.additions) files.set(a.path, Uint8Array.from(atob(a.contents), (c) => c.charCodeAt(0)));
    for (const d of input.fileChanges.deletions) files.delete(d.path);
    const oid = this.addCommit(files, head);
    this.branches.set(branch, oid);
    return { status: 200, body: { data: { createCommitOnBranch: { commit: { oid } } } } };
  }
}

interface CommitInput {
  branch: { branchName: string };
  expectedHeadOid: string;
  fileChanges: { additions: { path: string; contents: string }[]; deletions: { path: string }[] };
}

function respond({ status, body, headers = {} }: Reply): Response {
  const text = body === undefined ? null : JSON.stringify(body);
  return new Response(status === 304 ? null : text, { status, headers: { "Content-Type": "application/json", ...headers } });
}
