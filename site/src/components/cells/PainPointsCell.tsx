import type { CellOf } from "../../types";
import { Html } from "../Html";
import { Icon } from "../Icon";
import { Section } from "../Section";

export function PainPointsCell({ cell }: { cell: CellOf<"pain-points"> }) {
  return (
    <Section kind="pain-points" anchor={cell.anchor} title={cell.title} intro={cell.intro}>
      <ul className="card-grid card-grid--4">
        {cell.entries.map((entry) => (
          <li key={entry.id} className="card feature-card">
            <span className="icon-badge">
              <Icon name={entry.icon} />
            </span>
            <h3 className="card__title">{entry.title}</h3>
            <Html className="card__body" html={entry.description} />
          </li>
        ))}
      </ul>
    </Section>
  );
}
