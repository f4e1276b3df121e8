import type { CellOf } from "../../types";
import { Html } from "../Html";
import { Section } from "../Section";

export function ValuesCell({ cell }: { cell: CellOf<"values"> }) {
  return (
    <Section kind="values" anchor={cell.anchor} title={cell.title} intro={cell.intro}>
      <ul className="card-grid card-grid--4">
        {cell.entries.map((entry) => (
          <li key={entry.id} className="card value-card">
            <h3 className="card__title">{entry.title}</h3>
            <Html className="card__body" html={entry.description} />
          </li>
        ))}
      </ul>
    </Section>
  );
}
