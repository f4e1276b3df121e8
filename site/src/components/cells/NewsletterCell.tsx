import { useEffect, useRef, useState } from "react";
import { CircleCheck, Mail } from "../icons";
import type { CellOf } from "../../types";
import { settings } from "../../site";
import { withBase } from "../../lib/base-path";
import { loadMailerLite, registerSignupSuccess, sendTakel, watchForm } from "../../behaviours/mailerlite";
import { mailtoHref } from "../../behaviours/mailto";
import { Section } from "../Section";
import "./NewsletterCell.css";

export const THANK_YOU_PATH = "/merci";

/** MailerLite's embedded form, with the calls of its embed code: the universal script and
 * `ml('account', …)`, the `takel` GET of the form, and the success callback the form's
 * script calls (named after the webform id). The provider's script fills `.ml-embedded`;
 * until then the loading text shows. When the form has not appeared after a few seconds, or
 * the script fails (blocked, offline), a French fallback with a mail link to the contact
 * address takes the loading text's place, like the Calendly page's link. Only on pages with
 * this cell. */
export function NewsletterCell({ cell }: { cell: CellOf<"newsletter"> }) {
  const { accountId, formId, formCode, webformId } = settings.providers.mailerlite;
  const slot = useRef<HTMLDivElement>(null);
  const [missing, setMissing] = useState(false);

  useEffect(() => {
    const unregister = registerSignupSuccess(webformId, withBase(THANK_YOU_PATH));
    const script = loadMailerLite(accountId);
    sendTakel(accountId, formId);
    const unwatch = slot.current ? watchForm(slot.current, script, setMissing) : () => undefined;
    return () => {
      unwatch();
      unregister();
    };
  }, [accountId, formId, webformId]);

  const mail = mailtoHref({ to: settings.email, subject: cell.fallbackSubject, body: "" });
  return (
    <Section kind="newsletter" anchor={cell.anchor} title={cell.title} intro={cell.text} width="narrow">
      <div className={missing ? "card newsletter newsletter--missing" : "card newsletter"}>
        {/* MailerLite writes inside this slot: React never changes its children. */}
        <div ref={slot} className="ml-embedded" data-form={formCode}>
          <p className="newsletter__loading">{cell.loading}</p>
        </div>
        <p className="newsletter__fallback" role="status">
          {missing ? (
            <>
              {cell.fallback}{" "}
              <a href={mail}>
                <Mail aria-hidden="true" focusable="false" size={18} />
                {cell.fallbackLink}
              </a>
            </>
          ) : null}
        </p>
        {cell.reassurance.length ? (
          <ul className="reassurance">
            {cell.reassurance.map((line) => (
              <li key={line}>
                <CircleCheck aria-hidden="true" focusable="false" size={18} />
                {line}
              </li>
            ))}
          </ul>
        ) : null}
      </div>
    </Section>
  );
}
