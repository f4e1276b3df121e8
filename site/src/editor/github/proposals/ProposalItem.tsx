// One open proposal of « Mes propositions »: a link named by its title that opens it in the
// carnet, who made it and when, what it changes, its state, and « Retirer la proposition »
// (asked first: the pull request is closed and its branch deleted on GitHub).
import { useState } from "react";
import { describe } from "../summary.ts";
import type { ListedProposal } from "./list.ts";
import { PROPOSALS, frenchDate, proposalsText } from "./texts.ts";

interface Props {
  proposal: ListedProposal;
  /** Open in the carnet now. */
  current: boolean;
  /** The coach's login: her own proposals are not named by her. */
  login: string;
  busy: boolean;
  onOpen: () => void;
  onRemove: () => void;
}

export function ProposalItem({ proposal, current, login, busy, onOpen, onRemove }: Props) {
  const [asking, setAsking] = useState(false);
  const values = { title: proposal.title, author: proposal.author, number: proposal.number };
  const question = proposal.login.toLowerCase() === login.toLowerCase() ? "removeQuestion" : "removeQuestionOther";
  return (
    <li className="carnet-proposals__item" aria-current={current ? "true" : undefined}>
      <p>
        <a
          href={`#proposition=${proposal.number}`}
          onClick={(event) => {
            event.preventDefault();
            if (!busy) onOpen();
          }}
        >
          {proposal.title}
        </a>{" "}
        ({proposalsText("number", values)}){current && <strong> · {PROPOSALS.current}</strong>}
      </p>
      <p>
        {proposalsText("byOn", { author: proposal.author, date: frenchDate(proposal.createdAt) })} ·{" "}
        {proposalsText("state", { state: PROPOSALS[proposal.state] })}
      </p>
      {proposal.files.length > 0 && (
        <>
          <p>{PROPOSALS.files}</p>
          <ul>
            {proposal.files.map((file) => (
              <li key={file.path}>{describe(file.path).label}</li>
            ))}
          </ul>
        </>
      )}
      <p>
        <a href={proposal.url} target="_blank" rel="noreferrer">
          {PROPOSALS.onGitHub}
        </a>{" "}
        <button type="button" disabled={busy} onClick={() => setAsking(true)}>
          {PROPOSALS.remove}
        </button>
      </p>
      {asking && (
        <div role="group" aria-label={PROPOSALS.remove}>
          <p>{proposalsText(question, values)}</p>
          <button
            type="button"
            disabled={busy}
            onClick={() => {
              setAsking(false);
              onRemove();
            }}
          >
            {PROPOSALS.removeConfirm}
          </button>{" "}
          <button type="button" onClick={() => setAsking(false)}>
            {PROPOSALS.removeCancel}
          </button>
        </div>
      )}
    </li>
  );
}
