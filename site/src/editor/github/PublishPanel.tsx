// « Publier » once the proposal's checks are green: the merge (guarded by the head the coach
// saw), then « Publication en cours… » until the Pages deployment of that commit is « En
// ligne » with a link to the changed page, or a French message with the run's link. A merge
// GitHub refuses says why and what to do, with « Demander une relecture ».
import { useEffect, useState } from "react";
import { routeOf } from "../workspace.ts";
import type { Checks } from "./checks.ts";
import type { GitHubClient } from "./client.ts";
import { GitHubError } from "./errors.ts";
import {
  type Deployment,
  HeadMovedError,
  PublishRefusedError,
  type Refusal,
  followDeployment,
  pageAddress,
  publishProposal,
  requestReview,
} from "./publish.ts";
import { PUBLISH, publishText } from "./publish-texts.ts";

/** How often the deployment is read again while it runs. */
const DEPLOY_EVERY_MS = 3000;

type Phase =
  | { kind: "idle" }
  | { kind: "merging" }
  | { kind: "refused"; message: string; reason: Refusal | null }
  | { kind: "asking"; reason: Refusal }
  | { kind: "asked"; people: string[] }
  | { kind: "deploying"; sha: string; route: string | null }
  | { kind: "live"; url: string }
  | { kind: "failed"; runUrl: string | null };

interface Props {
  client: GitHubClient;
  login: string;
  checks: Checks | null;
  /** The proposal's head as the coach last saw it (her last commit). */
  head: string | null;
}

/** The first page the proposal changes, for the link to it once online. */
function changedRoute(client: GitHubClient): string | null {
  const rows = client.snapshot()?.rows ?? [];
  for (const row of rows) {
    const route = routeOf(row.path.replace(/^content\//, ""));
    if (route) return route;
  }
  return null;
}

export function PublishPanel({ client, login, checks, head }: Props) {
  const pull = client.pull;
  const [seen, setSeen] = useState(head);
  const [phase, setPhase] = useState<Phase>({ kind: "idle" });
  if (head !== seen && phase.kind === "idle" && head) setSeen(head);

  const deploying = phase.kind === "deploying" ? phase : null;
  useEffect(() => {
    if (!deploying) return;
    let stopped = false;
    let timer = 0;
    const follow = async () => {
      let found: Deployment = { state: "pending" };
      try {
        found = await followDeployment(client, deploying.sha);
      } catch {
        // Read again at the next turn: the merge is done, nothing is lost.
      }
      if (stopped) return;
      if (found.state === "live") setPhase({ kind: "live", url: pageAddress(found.url, deploying.route) });
      else if (found.state === "failed") setPhase({ kind: "failed", runUrl: found.runUrl });
      else timer = window.setTimeout(() => void follow(), DEPLOY_EVERY_MS);
    };
    timer = window.setTimeout(() => void follow(), 0);
    return () => {
      stopped = true;
      window.clearTimeout(timer);
    };
  }, [client, deploying]);

  if (!pull) return null;

  const publish = async () => {
    if (!seen) return;
    setPhase({ kind: "merging" });
    const route = changedRoute(client);
    try {
      const { sha } = await publishProposal(client, pull.number, seen);
      setPhase({ kind: "deploying", sha, route });
    } catch (error) {
      if (error instanceof HeadMovedError) setSeen(error.head);
      const reason = error instanceof PublishRefusedError ? error.reason : null;
      setPhase({ kind: "refused", message: error instanceof GitHubError ? error.message : String(error), reason });
    }
  };

  const ask = async (reason: Refusal) => {
    setPhase({ kind: "asking", reason });
    try {
      setPhase({ kind: "asked", people: await requestReview(client, pull.number, login, reason) });
    } catch (error) {
      setPhase({ kind: "refused", message: error instanceof GitHubError ? error.message : String(error), reason: null });
    }
  };

  switch (phase.kind) {
    case "merging":
    case "deploying":
      return <p role="status">{phase.kind === "merging" ? PUBLISH.merging : PUBLISH.publishing}</p>;
    case "live":
      return (
        <div className="carnet-publish">
          <p role="status">{PUBLISH.live}</p>
          <p>
            <a href={phase.url} target="_blank" rel="noreferrer">
              {PUBLISH.viewLive}
            </a>
          </p>
        </div>
      );
    case "failed":
      return (
        <div className="carnet-publish" role="alert">
          <p>{PUBLISH.failed}</p>
          {phase.runUrl && (
            <p>
              <a href={phase.runUrl} target="_blank" rel="noreferrer">
                {PUBLISH.failedRun}
              </a>
            </p>
          )}
        </div>
      );
    case "asked":
      return <p role="status">{publishText("reviewRequested", { people: phase.people.join(", ") })}</p>;
    default:
      break;
  }
  const refused = phase.kind === "refused" ? phase : null;
  const green = checks?.state === "success";
  return (
    <div className="carnet-publish">
      {green && <p>{PUBLISH.publishHelp}</p>}
      {green && (
        <button type="button" className="carnet-primary" onClick={() => void publish()}>
          {PUBLISH.publish}
        </button>
      )}
      {refused && (
        <div role="alert">
          <p>{refused.message}</p>
          <p>{PUBLISH.kept}</p>
        </div>
      )}
      {(refused?.reason || phase.kind === "asking") && (
        <button
          type="button"
          disabled={phase.kind === "asking"}
          onClick={() => void ask(refused?.reason ?? (phase.kind === "asking" ? phase.reason : "review"))}
        >
          {PUBLISH.requestReview}
        </button>
      )}
    </div>
  );
}
