import type { CellOf } from "../../types";
import { Html } from "../Html";
import { Section } from "../Section";
import "./StepsCell.css";

export function StepsCell({ cell }: { cell: CellOf<"steps"> }) {
  return (
    <Section kind="steps" anchor={cell.anchor} title={cell.title} intro={cell.intro}>
      <ol className="steps">
        {cell.entries.map((entry) => (
          <li key={entry.id} className="card step">
            <span className="step__number" aria-hidden="true">
              {entry.number}
            </span>
            <h3 className="card__title">{entry.title}</h3>
            <Html className="card__body" html={entry.description} />
          </li>
        ))}
      </ol>
    </Section>
  );
}
