import { useId } from "react";
import { CalendarDays, Clock, Mail, Video } from "../icons";
import type { CellOf } from "../../types";
import { settings } from "../../site";
import "./ContactInfoCell.css";

export function ContactInfoCell({ cell }: { cell: CellOf<"contact-info"> }) {
  const titleId = useId();
  const { offer } = settings;
  const rows = [
    { icon: Mail, label: cell.emailLabel, value: <a href={`mailto:${settings.email}`}>{settings.email}</a> },
    { icon: CalendarDays, label: cell.availabilityLabel, value: offer.availability },
    { icon: Clock, label: cell.responseLabel, value: offer.responseTime },
    { icon: Video, label: cell.formatLabel, value: `${offer.format} · ${offer.area}` },
  ];
  return (
    <section id={cell.anchor ?? undefined} className="cell cell--contact-info" aria-labelledby={titleId}>
      <div className="container container--narrow">
        <div className="card contact-info">
          <h2 id={titleId} className="contact-info__title">
            {cell.title}
          </h2>
          <dl className="contact-info__list">
            {rows.map(({ icon: RowIcon, label, value }) => (
              <div key={label} className="contact-info__row">
                <dt>
                  <span className="icon-badge icon-badge--small contact-info__icon">
                    <RowIcon aria-hidden="true" focusable="false" size={20} />
                  </span>
                  {label}
                </dt>
                <dd>{value}</dd>
              </div>
            ))}
          </dl>
        </div>
      </div>
    </section>
  );
}
