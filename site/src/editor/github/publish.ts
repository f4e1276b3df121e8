/** Publishing a proposal from the carnet: « Publier » merges its pull request (squash), guarded
 * by the head the coach saw: GitHub refuses (409) a head that moved, and the carnet reads it
 * again instead of merging blind. A merge the base's protection or her role refuses becomes
 * a reason the coach can act on (« Demander une relecture » asks the maintainers, the reason
 * written in the pull request). After the merge, the Pages deployment of that commit is
 * followed: GitHub's deployments (environment `github-pages`, statuses with the site's
 * address) and the deploy workflow's runs (a build that fails never makes a deployment). */

import type { GitHubClient } from "./client.ts";
import { GitHubError, MissingPermissionError, NoAccessError, UnexpectedError } from "./errors.ts";
import { PUBLISH, publishText } from "./publish-texts.ts";

export type Refusal = "review" | "checks" | "conflict" | "permission";

/** GitHub would not merge: why, in French, with the next step. Nothing was changed. */
export class PublishRefusedError extends GitHubError {
  constructor(
    readonly reason: Refusal,
    detail = "",
  ) {
    super(
      reason === "checks" && detail
        ? publishText("refusedCheck", { check: detail })
        : PUBLISH[({ review: "refusedReview", checks: "refusedChecks", conflict: "refusedConflict", permission: "refusedPermission" } as const)[reason]],
    );
  }
}

/** The proposal changed on GitHub since the coach last saw it: nothing was merged. */
export class HeadMovedError extends GitHubError {
  constructor(readonly head: string) {
    super(PUBLISH.headMoved);
  }
}

const ENVIRONMENT = "github-pages";
const DEPLOY_WORKFLOW = ".github/workflows/deploy.yml";

const repositoryPath = (client: GitHubClient) => `/repos/${client.repo.owner}/${client.repo.name}`;

/** A 405's message as a refusal the coach can act on. */
function refusalOf(message: string): PublishRefusedError {
  const check = /Required status check "([^"]+)"/.exec(message);
  if (check) return new PublishRefusedError("checks", check[1]);
  if (/approving review|review is required|reviews are required/i.test(message)) return new PublishRefusedError("review");
  if (/not authorized|not allowed|permission/i.test(message)) return new PublishRefusedError("permission");
  return new PublishRefusedError("conflict");
}

/** Merge pull request `number` (squash) if its head is still `seen`. */
export async function publishProposal(client: GitHubClient, number: number, seen: string): Promise<{ sha: string }> {
  const base = repositoryPath(client);
  const pull = await client.http.request<{ head: { sha: string }; state: string; merged?: boolean; title: string }>({
    method: "GET",
    path: `${base}/pulls/${number}`,
    permission: ["pull_requests", "read"],
  });
  if (pull.data.head.sha !== seen) throw new HeadMovedError(pull.data.head.sha);
  try {
    const merged = await client.http.request<{ sha: string; merged: boolean }>({
      method: "PUT",
      path: `${base}/pulls/${number}/merge`,
      body: { sha: seen, merge_method: "squash", commit_title: `${pull.data.title} (#${number})` },
      permission: ["contents", "write"],
    });
    return { sha: merged.data.sha };
  } catch (error) {
    if (error instanceof UnexpectedError && error.status === 409) throw new HeadMovedError(seen);
    if (error instanceof UnexpectedError && error.status === 405) throw refusalOf(error.detail);
    if (error instanceof MissingPermissionError || error instanceof NoAccessError) throw new PublishRefusedError("permission");
    throw error;
  }
}

/** Ask the repository's maintainers (everyone with « Maintain » or « Admin » but her) to
 * review pull request `number`, the reason added to its description. Their logins. */
export async function requestReview(client: GitHubClient, number: number, login: string, reason: Refusal): Promise<string[]> {
  const base = repositoryPath(client);
  const people = await client.http.request<{ login: string }[]>({
    method: "GET",
    path: `${base}/collaborators?permission=maintain&per_page=100`,
    permission: ["metadata", "read"],
  });
  const reviewers = people.data.map((p) => p.login).filter((other) => other !== login);
  if (!reviewers.length) throw new GitHubError(PUBLISH.noReviewer);
  await client.http.request({
    method: "POST",
    path: `${base}/pulls/${number}/requested_reviewers`,
    body: { reviewers },
    permission: ["pull_requests", "write"],
  });
  const pull = await client.http.request<{ body: string | null }>({
    method: "GET",
    path: `${base}/pulls/${number}`,
    permission: ["pull_requests", "read"],
  });
  const note = publishText("reviewNote", { reason: new PublishRefusedError(reason).message });
  await client.http.request({
    method: "PATCH",
    path: `${base}/pulls/${number}`,
    body: { body: `${pull.data.body ?? ""}\n\n---\n\n${note}` },
    permission: ["pull_requests", "write"],
  });
  return reviewers;
}

export type Deployment =
  | { state: "pending" }
  | { state: "live"; url: string }
  | { state: "failed"; runUrl: string | null };

interface Status {
  state: string;
  environment_url?: string;
  log_url?: string;
  target_url?: string;
}

/** Where the Pages deployment of commit `sha` is: its latest status, else its workflow run. */
export async function followDeployment(client: GitHubClient, sha: string): Promise<Deployment> {
  const base = repositoryPath(client);
  const deployments = await client.http.request<{ id: number }[]>({
    method: "GET",
    path: `${base}/deployments?sha=${sha}&environment=${ENVIRONMENT}&per_page=1`,
    permission: ["deployments", "read"],
  });
  const deployment = deployments.data[0];
  if (deployment) {
    const statuses = await client.http.request<Status[]>({
      method: "GET",
      path: `${base}/deployments/${deployment.id}/statuses?per_page=1`,
      permission: ["deployments", "read"],
    });
    const latest = statuses.data[0];
    if (latest?.state === "success" && latest.environment_url) return { state: "live", url: latest.environment_url };
    if (latest && ["failure", "error"].includes(latest.state)) return { state: "failed", runUrl: latest.log_url || latest.target_url || null };
  }
  const runs = await client.http.request<{ workflow_runs: { path?: string; status: string; conclusion: string | null; html_url: string }[] }>({
    method: "GET",
    path: `${base}/actions/runs?head_sha=${sha}&per_page=20`,
    permission: ["actions", "read"],
  });
  const run = runs.data.workflow_runs.find((r) => r.path === DEPLOY_WORKFLOW);
  if (run?.status === "completed" && !["success", "neutral", "skipped"].includes(run.conclusion ?? "")) {
    return { state: "failed", runUrl: run.html_url };
  }
  return { state: "pending" };
}

/** The changed page's address on the published site (`site` ends with « / »). */
export function pageAddress(site: string, route: string | null): string {
  const root = site.endsWith("/") ? site : `${site}/`;
  return route ? root + route.replace(/^\//, "") : root;
}
