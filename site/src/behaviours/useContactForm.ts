import { useState, type ChangeEvent, type FormEvent } from "react";
import { fillTemplate } from "../lib/template";
import { browser } from "./browser";
import { mailtoHref } from "./mailto";

export interface ContactDraft {
  prenom: string;
  email: string;
  message: string;
}

export interface ContactTemplates {
  to: string;
  coach: string;
  subject: string;
  body: string;
  alert: string;
}

const EMPTY: ContactDraft = { prenom: "", email: "", message: "" };

/** The mailto: link of a message: templates filled, every part percent-encoded. */
export function contactMailto(draft: ContactDraft, templates: ContactTemplates): string {
  const values = { ...draft, coach: templates.coach };
  return mailtoHref({
    to: templates.to,
    subject: fillTemplate(templates.subject, values),
    body: fillTemplate(templates.body, values),
  });
}

/** The contact form sends nothing itself: it opens the visitor's mail client with the
 * message, says so, and empties the fields. */
export function useContactForm(templates: ContactTemplates) {
  const [draft, setDraft] = useState<ContactDraft>(EMPTY);

  const onChange = (event: ChangeEvent<HTMLInputElement | HTMLTextAreaElement>) => {
    const { name, value } = event.currentTarget;
    setDraft((current) => ({ ...current, [name]: value }));
  };

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    browser.assign(contactMailto(draft, templates));
    browser.alert(fillTemplate(templates.alert, { coach: templates.coach }));
    setDraft(EMPTY);
  };

  return { draft, onChange, onSubmit };
}
