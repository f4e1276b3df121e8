import type { CellOf } from "../../types";
import { ResponsiveImage } from "../ResponsiveImage";
import { Html } from "../Html";
import { Section } from "../Section";
import "./TeamCell.css";

export function TeamCell({ cell }: { cell: CellOf<"team"> }) {
  return (
    <Section kind="team" anchor={cell.anchor} title={cell.title} intro={cell.intro}>
      <ul className="card-grid card-grid--3">
        {cell.entries.map((entry) => (
          <li key={entry.id} className="card team-card">
            <ResponsiveImage
              className="team-card__photo"
              src={entry.photo.src}
              alt={entry.photo.alt}
              focus={entry.photo.focus}
              sizes="(min-width: 60rem) 20rem, (min-width: 40rem) 45vw, 90vw"
            />
            <h3 className="card__title">{entry.name}</h3>
            <p className="team-card__role">{entry.role}</p>
            <Html className="card__body" html={entry.bio} />
          </li>
        ))}
      </ul>
    </Section>
  );
}
