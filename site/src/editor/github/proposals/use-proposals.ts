/** The open proposals, read from GitHub after sign-in and again whenever `version` changes
 * (a proposal made, opened or withdrawn). */
import { useCallback, useEffect, useState } from "react";
import type { GitHubClient } from "../client.ts";
import { type ListedProposal, listProposals } from "./list.ts";

export interface Proposals {
  /** null until the first reading ends. */
  list: ListedProposal[] | null;
  /** Why the last reading failed, in French (the client's errors are French). */
  problem: string;
  reload: () => void;
}

export function useProposals(client: GitHubClient | null, version: number): Proposals {
  const [list, setList] = useState<ListedProposal[] | null>(null);
  const [problem, setProblem] = useState("");
  const [reads, setReads] = useState(0);
  const reload = useCallback(() => setReads((n) => n + 1), []);
  useEffect(() => {
    if (!client) return;
    let live = true;
    listProposals(client).then(
      (found) => {
        if (!live) return;
        setList(found);
        setProblem("");
      },
      (error: unknown) => live && setProblem(error instanceof Error ? error.message : String(error)),
    );
    return () => {
      live = false;
    };
  }, [client, version, reads]);
  return { list, problem, reload };
}
