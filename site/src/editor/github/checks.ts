/** The verdict of a proposal's checks: en cours, réussi or échec, and each annotation the
 * checks left (the « Contenu » check writes one per content error: file, line, field, message)
 * for the editor to show at its cell. */

import { MissingPermissionError, NoAccessError } from "./errors.ts";
import type { GitHubHttp } from "./http.ts";
import { CHECK_STATES, MESSAGES } from "./texts.ts";

export type CheckState = keyof typeof CHECK_STATES;

export interface Annotation {
  check: string;
  path: string;
  line: number;
  /** The field's French label (« Carte mise en avant › Bouton 1 › Lien »), as `contenu check` titles it. */
  title: string;
  message: string;
  level: "notice" | "warning" | "failure";
}

export interface Checks {
  state: CheckState;
  /** « en cours », « réussi », « échec ». */
  label: string;
  runs: { name: string; state: CheckState; url: string }[];
  annotations: Annotation[];
  /** Set when GitHub does not show the checks to this token (a private repository). */
  hidden: string | null;
}

interface Run {
  id: number;
  name: string;
  status: string;
  conclusion: string | null;
  html_url: string;
  output?: { annotations_count?: number };
}

const PASSING = new Set(["success", "neutral", "skipped"]);

function stateOf(run: Run): CheckState {
  if (run.status !== "completed") return "pending";
  return PASSING.has(run.conclusion ?? "") ? "success" : "failure";
}

/** The checks of the commit `sha` (a proposal's head). No run yet counts as « en cours »:
 * GitHub starts them a few seconds after the push. */
export async function followChecks(http: GitHubHttp, repositoryPath: string, sha: string): Promise<Checks> {
  let runs: Run[];
  try {
    const answer = await http.request<{ check_runs: Run[] }>({
      method: "GET",
      path: `${repositoryPath}/commits/${sha}/check-runs?per_page=100`,
      permission: ["checks", "read"],
    });
    runs = answer.data.check_runs;
  } catch (error) {
    if (error instanceof MissingPermissionError || error instanceof NoAccessError) {
      return { state: "pending", label: CHECK_STATES.pending, runs: [], annotations: [], hidden: MESSAGES.checksHidden };
    }
    throw error;
  }
  const states = runs.map(stateOf);
  const state: CheckState =
    states.length === 0 || states.includes("pending") ? "pending" : states.includes("failure") ? "failure" : "success";
  const annotations: Annotation[] = [];
  for (const run of runs) {
    if (!run.output?.annotations_count) continue;
    const answer = await http.request<
      { path: string; start_line: number; title: string | null; message: string; annotation_level: Annotation["level"] }[]
    >({ method: "GET", path: `${repositoryPath}/check-runs/${run.id}/annotations?per_page=100`, permission: ["checks", "read"] });
    for (const a of answer.data) {
      annotations.push({ check: run.name, path: a.path, line: a.start_line, title: a.title ?? "", message: a.message, level: a.annotation_level });
    }
  }
  return {
    state,
    label: CHECK_STATES[state],
    runs: runs.map((r, i) => ({ name: r.name, state: states[i]!, url: r.html_url })),
    annotations,
    hidden: null,
  };
}

