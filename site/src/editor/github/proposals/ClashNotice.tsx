// At the top of a document another open proposal also changes: who proposes what (n° 12),
// with a link that opens that proposal in the carnet, before two proposals compete.
import type { ListedProposal } from "./list.ts";
import { proposalsText } from "./texts.ts";

interface Props {
  clashes: readonly ListedProposal[];
  login: string;
  onOpen: (proposal: ListedProposal) => void;
}

export function ClashNotice({ clashes, login, onOpen }: Props) {
  if (!clashes.length) return null;
  return (
    <div className="carnet-clash" role="note">
      {clashes.map((proposal) => {
        const values = { author: proposal.author, number: proposal.number };
        const mine = proposal.login.toLowerCase() === login.toLowerCase();
        return (
          <p key={proposal.number}>
            {proposalsText(mine ? "clashMine" : "clash", values)}{" "}
            <a
              href={`#proposition=${proposal.number}`}
              onClick={(event) => {
                event.preventDefault();
                onOpen(proposal);
              }}
            >
              {proposalsText("clashOpen", values)}
            </a>
          </p>
        );
      })}
    </div>
  );
}
