/** « Mes propositions » read from GitHub alone: nothing of the tab or the device is needed, so
 * a new browser signed in with the same token finds every proposal. A proposal is an open pull
 * request of the repository whose branch the carnet made (BRANCH_PREFIX, in this repository,
 * not a fork's): docs/decisions.md « The carnet's proposals ».
 *
 * Requests: one listing, then for each proposal (MAX_LISTED at most) its pull request (for
 * `mergeable`, which only « Get a pull request » gives), its files and its checks, plus one
 * per author for her name. A coaching team has a handful open at once. */

import { type CheckState, followChecks } from "../checks.ts";
import type { GitHubClient } from "../client.ts";
import { UnexpectedError } from "../errors.ts";
import { BRANCH_PREFIX } from "../summary.ts";

/** The most proposals listed (the newest first). */
export const MAX_LISTED = 30;

export type ProposalState = "checking" | "toFix" | "ready" | "conflict";

export interface ChangedFile {
  /** « content/… » */
  path: string;
  status: "added" | "modified" | "removed";
}

export interface ListedProposal {
  number: number;
  title: string;
  url: string;
  branch: string;
  head: string;
  login: string;
  /** Her name on GitHub, else her login. */
  author: string;
  createdAt: string;
  files: ChangedFile[];
  state: ProposalState;
}

interface PullSummary {
  number: number;
  title: string;
  html_url: string;
  user: { login: string } | null;
  created_at: string;
  head: { ref: string; sha: string; repo: { full_name: string } | null };
}

interface PullDetail {
  state: string;
  mergeable: boolean | null;
  mergeable_state?: string;
}

interface DiffEntry {
  filename: string;
  status: string;
}

const repositoryPath = (client: GitHubClient) => `/repos/${client.repo.owner}/${client.repo.name}`;

/** What the coach reads of a proposal's state. GitHub computes `mergeable` in the
 * background (null meanwhile): unknown is not a conflict. `checks` null: GitHub does not
 * show them to this token (a private repository), and `mergeable_state` « clean » (every
 * check and status passed, nothing blocks) is all there is to go by. */
export function proposalState(mergeable: boolean | null, mergeableState: string | undefined, checks: CheckState | null): ProposalState {
  if (mergeable === false || mergeableState === "dirty") return "conflict";
  if (checks === null) return mergeableState === "clean" ? "ready" : "checking";
  if (checks === "failure") return "toFix";
  if (checks === "success") return "ready";
  return "checking";
}

/** Whether a listed pull request is one the carnet made in this repository. */
export function isCarnetPull(pull: PullSummary, fullName: string): boolean {
  const from = pull.head.repo?.full_name;
  return pull.head.ref.startsWith(BRANCH_PREFIX) && !!from && from.toLowerCase() === fullName.toLowerCase();
}

function changed(entry: DiffEntry): ChangedFile {
  const status = entry.status === "added" || entry.status === "removed" ? entry.status : "modified";
  return { path: entry.filename, status };
}

/** The open proposals made from the carnet, newest first. */
export async function listProposals(client: GitHubClient): Promise<ListedProposal[]> {
  const base = repositoryPath(client);
  const listed = await client.http.request<PullSummary[]>({
    method: "GET",
    path: `${base}/pulls?state=open&sort=created&direction=desc&per_page=100`,
    permission: ["pull_requests", "read"],
  });
  const ours = listed.data.filter((pull) => isCarnetPull(pull, client.fullName)).slice(0, MAX_LISTED);
  const names = new Map<string, Promise<string>>();
  const nameOf = (login: string): Promise<string> => {
    if (!names.has(login)) {
      const read = client.http
        .request<{ name: string | null }>({ method: "GET", path: `/users/${encodeURIComponent(login)}`, permission: ["metadata", "read"] })
        .then((answer) => answer.data.name?.trim() || login, () => login);
      names.set(login, read);
    }
    return names.get(login)!;
  };
  return Promise.all(
    ours.map(async (pull): Promise<ListedProposal> => {
      const login = pull.user?.login ?? "";
      const [detail, files, checks, author] = await Promise.all([
        client.http.request<PullDetail>({ method: "GET", path: `${base}/pulls/${pull.number}`, permission: ["pull_requests", "read"] }),
        client.http.request<DiffEntry[]>({
          method: "GET",
          path: `${base}/pulls/${pull.number}/files?per_page=100`,
          permission: ["pull_requests", "read"],
        }),
        followChecks(client.http, base, pull.head.sha),
        login ? nameOf(login) : Promise.resolve(""),
      ]);
      return {
        number: pull.number,
        title: pull.title,
        url: pull.html_url,
        branch: pull.head.ref,
        head: pull.head.sha,
        login,
        author,
        createdAt: pull.created_at,
        files: files.data.map(changed),
        state: proposalState(detail.data.mergeable, detail.data.mergeable_state, checks.hidden ? null : checks.state),
      };
    }),
  );
}

/** « Retirer la proposition »: the pull request closed, then its branch deleted (already
 * gone is fine: GitHub may delete merged or closed branches itself). */
export async function withdrawProposal(client: GitHubClient, proposal: Pick<ListedProposal, "number" | "branch">): Promise<void> {
  const base = repositoryPath(client);
  await client.http.request({
    method: "PATCH",
    path: `${base}/pulls/${proposal.number}`,
    body: { state: "closed" },
    permission: ["pull_requests", "write"],
  });
  try {
    await client.http.request({
      method: "DELETE",
      path: `${base}/git/refs/heads/${proposal.branch.split("/").map(encodeURIComponent).join("/")}`,
      permission: ["contents", "write"],
    });
  } catch (error) {
    if (!(error instanceof UnexpectedError && error.status === 422)) throw error;
  }
}

/** The proposals other than `current` that change « content/`path` ». */
export function clashesWith(proposals: readonly ListedProposal[], path: string, current: number | null): ListedProposal[] {
  const full = `content/${path}`;
  return proposals.filter((p) => p.number !== current && p.files.some((file) => file.path === full));
}
