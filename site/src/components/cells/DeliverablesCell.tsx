import type { CellOf } from "../../types";
import { Html } from "../Html";
import { Icon } from "../Icon";
import { Section } from "../Section";

export function DeliverablesCell({ cell }: { cell: CellOf<"deliverables"> }) {
  return (
    <Section kind="deliverables" anchor={cell.anchor} title={cell.title} intro={cell.intro}>
      <ul className="card-grid card-grid--3">
        {cell.entries.map((entry) => (
          <li key={entry.id} className="card feature-card">
            <span className="icon-badge icon-badge--accent">
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
