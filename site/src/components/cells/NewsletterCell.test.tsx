import { describe, expect, it, vi } from "vitest";
import { browser } from "../../behaviours/browser";
import { MAILERLITE_SCRIPT, takelUrl } from "../../behaviours/mailerlite";
import { settings } from "../../site";
import { realCell, renderInRouter } from "../../test/render";
import { NewsletterCell } from "./NewsletterCell";

describe("the guide sign-up form", () => {
  it("makes the calls of MailerLite's embed code: universal script, account, form, takel GET", async () => {
    const cell = await realCell("/ressource", "newsletter");
    const fetchSpy = vi.spyOn(globalThis, "fetch").mockResolvedValue(new Response(""));
    const { accountId, formId, formCode } = settings.providers.mailerlite;
    const { container } = renderInRouter(<NewsletterCell cell={cell} />, "/ressource");

    expect(container.querySelector(`.ml-embedded[data-form="${formCode}"]`)).not.toBeNull();
    expect(Array.from(document.scripts).some((s) => s.getAttribute("src") === MAILERLITE_SCRIPT)).toBe(true);
    expect(window.ml?.q).toContainEqual(["account", accountId]);
    expect(fetchSpy).toHaveBeenCalledTimes(1);
    expect(fetchSpy).toHaveBeenCalledWith(`https://assets.mailerlite.com/jsonp/${accountId}/forms/${formId}/takel`);
    expect(takelUrl(accountId, formId)).not.toContain(formCode);
    if (cell.anchor) expect(container.querySelector(`#${cell.anchor}`)).not.toBeNull();
  });

  it("sends the visitor to /merci when the form calls ml_webform_success_{webformId}, and forgets it on leaving", async () => {
    const cell = await realCell("/ressource", "newsletter");
    vi.spyOn(globalThis, "fetch").mockResolvedValue(new Response(""));
    const assignTop = vi.spyOn(browser, "assignTop").mockImplementation(() => undefined);
    const { formCode, webformId } = settings.providers.mailerlite;
    const view = renderInRouter(<NewsletterCell cell={cell} />, "/ressource");

    expect(window[`ml_webform_success_${formCode}`]).toBeUndefined();
    window[`ml_webform_success_${webformId}`]?.();
    expect(assignTop).toHaveBeenCalledWith("/merci");

    view.unmount();
    expect(window[`ml_webform_success_${webformId}`]).toBeUndefined();
  });
});
