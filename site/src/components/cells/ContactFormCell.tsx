import { useId } from "react";
import { Send } from "../icons";
import type { CellOf } from "../../types";
import { settings } from "../../site";
import { useContactForm, type ContactDraft } from "../../behaviours/useContactForm";
import "./ContactFormCell.css";

interface ContactField {
  name: keyof ContactDraft;
  label: string;
  placeholder: string;
  type: "text" | "email" | "textarea";
  autoComplete?: string;
}

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
  // The three fields of the specification, in its order; each is required.
  const fields: readonly ContactField[] = [
    { name: "prenom", label: labels.firstName, placeholder: labels.firstNamePlaceholder, type: "text", autoComplete: "given-name" },
    { name: "email", label: labels.email, placeholder: labels.emailPlaceholder, type: "email", autoComplete: "email" },
    { name: "message", label: labels.message, placeholder: labels.messagePlaceholder, type: "textarea" },
  ];
  return (
    <section id={cell.anchor ?? undefined} className="cell cell--contact-form" aria-labelledby={cell.title ? titleId : undefined}>
      <div className="container container--narrow">
        <form className="card contact-form" onSubmit={onSubmit} aria-labelledby={cell.title ? titleId : undefined}>
          {cell.title ? (
            <h2 id={titleId} className="contact-form__title">
              {cell.title}
            </h2>
          ) : null}
          {fields.map((field) => {
            const control = {
              id: `${id}-${field.name}`,
              name: field.name,
              required: true,
              placeholder: field.placeholder,
              value: draft[field.name],
              onChange,
            };
            return (
              <div className="field" key={field.name}>
                <label htmlFor={control.id}>{field.label}</label>
                {field.type === "textarea" ? (
                  <textarea {...control} rows={6} />
                ) : (
                  <input {...control} type={field.type} autoComplete={field.autoComplete} />
                )}
              </div>
            );
          })}
          <button type="submit" className="button button--primary contact-form__submit">
            <Send aria-hidden="true" focusable="false" size={18} />
            {labels.submit}
          </button>
        </form>
      </div>
    </section>
  );
}
