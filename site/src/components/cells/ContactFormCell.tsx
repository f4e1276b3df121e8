import { useId } from "react";
import { Send } from "lucide-react";
import type { CellOf } from "../../types";
import { settings } from "../../site";
import { useContactForm } from "../../behaviours/useContactForm";

export function ContactFormCell({ cell }: { cell: CellOf<"contact-form"> }) {
  const { draft, onChange, onSubmit } = useContactForm({
    to: settings.email,
    coach: settings.coachName,
    subject: cell.subject,
    body: cell.body,
    alert: cell.alert,
  });
  const id = useId();
  const titleId = `${id}-title`;
  const { labels } = cell;
  return (
    <section id={cell.anchor ?? undefined} className="cell cell--contact-form" aria-labelledby={cell.title ? titleId : undefined}>
      <div className="container container--narrow">
        <form className="card contact-form" onSubmit={onSubmit} aria-labelledby={cell.title ? titleId : undefined}>
          {cell.title ? (
            <h2 id={titleId} className="contact-form__title">
              {cell.title}
            </h2>
          ) : null}
          <div className="field">
            <label htmlFor={`${id}-prenom`}>{labels.firstName}</label>
            <input
              id={`${id}-prenom`}
              name="prenom"
              type="text"
              autoComplete="given-name"
              required
              placeholder={labels.firstNamePlaceholder}
              value={draft.prenom}
              onChange={onChange}
            />
          </div>
          <div className="field">
            <label htmlFor={`${id}-email`}>{labels.email}</label>
            <input
              id={`${id}-email`}
              name="email"
              type="email"
              autoComplete="email"
              required
              placeholder={labels.emailPlaceholder}
              value={draft.email}
              onChange={onChange}
            />
          </div>
          <div className="field">
            <label htmlFor={`${id}-message`}>{labels.message}</label>
            <textarea
              id={`${id}-message`}
              name="message"
              required
              rows={6}
              placeholder={labels.messagePlaceholder}
              value={draft.message}
              onChange={onChange}
            />
          </div>
          <button type="submit" className="button button--primary contact-form__submit">
            <Send aria-hidden="true" focusable="false" size={18} />
            {labels.submit}
          </button>
        </form>
      </div>
    </section>
  );
}
