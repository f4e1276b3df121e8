export { fillTemplate } from "../lib/template";

export interface MailtoMessage {
  to: string;
  subject: string;
  body: string;
}

/** A `mailto:` URL whose every part is percent-encoded: a line break or `&cc=` typed by the
 * visitor stays inside the subject or body and can never add a header or a recipient. */
export function mailtoHref({ to, subject, body }: MailtoMessage): string {
  const at = to.lastIndexOf("@");
  const recipient =
    at > 0 ? `${encodeURIComponent(to.slice(0, at))}@${encodeURIComponent(to.slice(at + 1))}` : encodeURIComponent(to);
  return `mailto:${recipient}?subject=${encodeURIComponent(subject)}&body=${encodeURIComponent(body)}`;
}
