/** What the coach does with a listed proposal: open it (the carnet goes on its branch),
 * leave it (back to the published version), withdraw it (closed, its branch deleted). A
 * proposal is opened only while no change waits to be proposed: those would otherwise join a
 * pull request they were not made for. */
import { useCallback, useState } from "react";
import type { GitHubClient } from "../client.ts";
import type { PendingChanges } from "../pending.ts";
import { type ListedProposal, withdrawProposal } from "./list.ts";
import { PROPOSALS, proposalsText } from "./texts.ts";

export interface ProposalActions {
  busy: boolean;
  notice: string;
  open: (proposal: ListedProposal) => Promise<void>;
  leave: () => Promise<void>;
  remove: (proposal: ListedProposal) => Promise<void>;
}

const messageOf = (error: unknown) => (error instanceof Error ? error.message : String(error));

/** `onSwitched`: the carnet is on another branch (read the files again); `onRemoved`: a
 * proposal is gone (read the list again). */
export function useProposalActions(
  client: GitHubClient | null,
  pending: PendingChanges | null,
  onSwitched: () => void,
  onRemoved: () => void,
): ProposalActions {
  const [busy, setBusy] = useState(false);
  const [notice, setNotice] = useState("");

  const nothingPending = useCallback(async (): Promise<boolean> => {
    await pending?.load().catch(() => undefined);
    if (pending?.size) setNotice(PROPOSALS.pendingFirst);
    return !pending?.size;
  }, [pending]);

  const open = useCallback(
    async (proposal: ListedProposal) => {
      if (!client || busy || proposal.number === client.pull?.number || !(await nothingPending())) return;
      setBusy(true);
      setNotice(PROPOSALS.opening);
      try {
        await client.openProposal(proposal);
        setNotice(proposalsText("opened", { title: proposal.title }));
        onSwitched();
      } catch (error) {
        setNotice(messageOf(error));
      } finally {
        setBusy(false);
      }
    },
    [client, busy, nothingPending, onSwitched],
  );

  const leave = useCallback(async () => {
    if (!client || !(await nothingPending())) return;
    client.leaveProposal();
    setNotice(PROPOSALS.left);
    onSwitched();
  }, [client, nothingPending, onSwitched]);

  const remove = useCallback(
    async (proposal: ListedProposal) => {
      if (!client) return;
      setBusy(true);
      setNotice(PROPOSALS.removing);
      try {
        await withdrawProposal(client, proposal);
        if (proposal.number === client.pull?.number) {
          client.leaveProposal();
          onSwitched();
        }
        setNotice(proposalsText("removed", { title: proposal.title }));
        onRemoved();
      } catch (error) {
        setNotice(messageOf(error));
      } finally {
        setBusy(false);
      }
    },
    [client, onSwitched, onRemoved],
  );

  return { busy, notice, open, leave, remove };
}
