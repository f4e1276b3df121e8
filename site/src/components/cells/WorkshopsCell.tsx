import type { CellOf } from "../../types";
import { Html } from "../Html";
import { Section } from "../Section";

export function WorkshopsCell({ cell }: { cell: CellOf<"workshops"> }) {
  return (
    <Section kind="workshops" anchor={cell.anchor} title={cell.title} intro={cell.intro}>
      <ul className="card-grid card-grid--3">
        {cell.entries.map((entry) => (
          <li key={entry.id} className="card workshop-card">
            <p className="badge">{entry.status}</p>
            <h3 className="card__title">{entry.title}</h3>
            <Html className="card__body" html={entry.description} />
          </li>
        ))}
      </ul>
    </Section>
  );
}
