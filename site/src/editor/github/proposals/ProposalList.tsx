// « Mes propositions »: the open proposals made from the carnet, by the coach and the others,
// read from GitHub after sign-in (nothing of the tab or device needed). Opening one puts the
// carnet on its branch; « Revenir à la version publiée » leaves it.
import { useId } from "react";
import type { ListedProposal } from "./list.ts";
import { ProposalItem } from "./ProposalItem.tsx";
import { PROPOSALS, proposalsText } from "./texts.ts";
import "./proposals.css";
import type { Proposals } from "./use-proposals.ts";

interface Props {
  proposals: Proposals;
  /** The pull request the carnet is on, if any. */
  current: number | null;
  login: string;
  busy: boolean;
  /** What the last action said (opened, removed, or why not). */
  notice: string;
  onOpen: (proposal: ListedProposal) => void;
  onLeave: () => void;
  onRemove: (proposal: ListedProposal) => void;
}

export function ProposalList({ proposals, current, login, busy, notice, onOpen, onLeave, onRemove }: Props) {
  const id = useId();
  const { list, problem, reload } = proposals;
  return (
    <section className="carnet-proposals" aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`}>{PROPOSALS.region}</h2>
      <p>{PROPOSALS.intro}</p>
      {problem && (
        <p role="alert">{proposalsText("failed", { reason: problem })}</p>
      )}
      {list === null && !problem && <p role="status">{PROPOSALS.loading}</p>}
      {list?.length === 0 && <p>{PROPOSALS.none}</p>}
      {list && list.length > 0 && (
        <ul>
          {list.map((proposal) => (
            <ProposalItem
              key={proposal.number}
              proposal={proposal}
              current={proposal.number === current}
              login={login}
              busy={busy}
              onOpen={() => onOpen(proposal)}
              onRemove={() => onRemove(proposal)}
            />
          ))}
        </ul>
      )}
      <p>
        {/* Their states change on GitHub (checks, merges): read them again on demand. */}
        <button type="button" onClick={reload}>
          {PROPOSALS.reload}
        </button>{" "}
        {current !== null && (
          <button type="button" disabled={busy} onClick={onLeave}>
            {PROPOSALS.leave}
          </button>
        )}
      </p>
      <p role="status">{notice}</p>
    </section>
  );
}
