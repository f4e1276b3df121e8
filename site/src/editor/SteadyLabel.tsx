// The label of a button that says what it is doing (« Enregistrer », then « Enregistrement… »)
// keeps the width of its longest label: in the sticky bar, a row that wraps at 375 px, a
// narrower or wider button sent the next ones to another line while the coach went for them
// (« Proposer » moved 52 px down for the time of a save, and back).
interface Props {
  /** Every label the button can show. */
  labels: readonly string[];
  /** The one it shows now (its accessible name: the others are hidden). */
  shown: string;
}

export function SteadyLabel({ labels, shown }: Props) {
  return (
    <span className="carnet-steady-label">
      {labels.map((label) => (
        <span key={label} aria-hidden={label === shown ? undefined : true}>
          {label}
        </span>
      ))}
    </span>
  );
}
