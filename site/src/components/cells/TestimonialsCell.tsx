import { Quote } from "../icons";
import type { CellOf } from "../../types";
import { Html } from "../Html";
import { Section } from "../Section";
import { Stars } from "../Stars";
import "./TestimonialsCell.css";

export function TestimonialsCell({ cell }: { cell: CellOf<"testimonials"> }) {
  const single = cell.entries.length === 1;
  return (
    <Section kind="testimonials" anchor={cell.anchor} title={cell.title} intro={cell.intro}>
      <ul className={single ? "testimonials testimonials--single" : "card-grid card-grid--3"}>
        {cell.entries.map((entry) => (
          <li key={entry.id} className="card testimonial">
            <figure>
              <Quote aria-hidden="true" focusable="false" className="testimonial__quote" size={32} />
              <Stars rating={entry.rating} />
              <Html as="blockquote" className="testimonial__text" html={entry.content} />
              <figcaption className="testimonial__author">
                <strong>{entry.name}</strong>
                <span>{entry.role}</span>
              </figcaption>
            </figure>
          </li>
        ))}
      </ul>
    </Section>
  );
}
