import { useEffect } from "react";
import { CircleCheck } from "lucide-react";
import type { CellOf } from "../../types";
import { settings } from "../../site";
import { withBase } from "../../lib/base-path";
import { loadMailerLite, registerSignupSuccess, sendTakel } from "../../behaviours/mailerlite";
import { Section } from "../Section";

export const THANK_YOU_PATH = "/merci";

/** MailerLite's embedded form, with the calls of its embed code: the universal script and
 * `ml('account', …)`, the `takel` GET of the form, and the success callback the form's
 * script calls (named after the webform id). The provider's script fills `.ml-embedded`;
 * until then the loading text shows. Only on pages with this cell. */
export function NewsletterCell({ cell }: { cell: CellOf<"newsletter"> }) {
  const { accountId, formId, formCode, webformId } = settings.providers.mailerlite;

  useEffect(() => {
    const unregister = registerSignupSuccess(webformId, withBase(THANK_YOU_PATH));
    loadMailerLite(accountId);
    sendTakel(accountId, formId);
    return unregister;
  }, [accountId, formId, webformId]);

  return (
    <Section kind="newsletter" anchor={cell.anchor} title={cell.title} intro={cell.text} width="narrow">
      <div className="card newsletter">
        <div className="ml-embedded" data-form={formCode}>
          <p className="newsletter__loading">{cell.loading}</p>
        </div>
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
