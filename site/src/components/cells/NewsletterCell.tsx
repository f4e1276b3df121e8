import { useEffect } from "react";
import { CircleCheck } from "lucide-react";
import type { CellOf } from "../../types";
import { settings } from "../../site";
import { withBase } from "../../lib/base-path";
import { loadMailerLite, registerSignupSuccess, trackFormView } from "../../behaviours/mailerlite";
import { Section } from "../Section";

export const THANK_YOU_PATH = "/merci";

/** MailerLite's embedded form. The provider's script fills `.ml-embedded`; until then the
 * loading text shows. Only rendered (and the script only loaded) on pages with this cell. */
export function NewsletterCell({ cell }: { cell: CellOf<"newsletter"> }) {
  const { accountId, formCode } = settings.providers.mailerlite;

  useEffect(() => {
    const unregister = registerSignupSuccess(formCode, withBase(THANK_YOU_PATH));
    loadMailerLite(accountId);
    trackFormView(accountId, formCode);
    return unregister;
  }, [accountId, formCode]);

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
