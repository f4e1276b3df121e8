import { describe, expect, it, vi } from "vitest";
import { browser } from "../../behaviours/browser";
import { MAILERLITE_SCRIPT, trackViewUrl } from "../../behaviours/mailerlite";
import { settings } from "../../site";
import { realCell, renderInRouter } from "../../test/render";
import { NewsletterCell } from "./NewsletterCell";

describe("the guide sign-up form", () => {
  it("loads MailerLite for our account, records the form view and embeds the form", async () => {
    const cell = await realCell("/ressource", "newsletter");
    const fetchSpy = vi.spyOn(globalThis, "fetch").mockResolvedValue(new Response(""));
    const { accountId, formCode } = settings.providers.mailerlite;
    const { container } = renderInRouter(<NewsletterCell cell={cell} />, "/ressource");

    expect(container.querySelector(`.ml-embedded[data-form="${formCode}"]`)).not.toBeNull();
    expect(Array.from(document.scripts).some((s) => s.getAttribute("src") === MAILERLITE_SCRIPT)).toBe(true);
    expect(window.ml?.q).toContainEqual(["account", accountId]);
    expect(fetchSpy).toHaveBeenCalledWith(trackViewUrl(accountId, formCode));
    expect(trackViewUrl(accountId, formCode)).toBe(
      `https://assets.mailerlite.com/jsonp/${accountId}/forms/${formCode}/track-view`,
    );
    if (cell.anchor) expect(container.querySelector(`#${cell.anchor}`)).not.toBeNull();
  });

  it("sends the visitor to /merci after a successful sign-up, and forgets the callback on leaving", async () => {
    const cell = await realCell("/ressource", "newsletter");
    vi.spyOn(globalThis, "fetch").mockResolvedValue(new Response(""));
    const assignTop = vi.spyOn(browser, "assignTop").mockImplementation(() => undefined);
    const { formCode } = settings.providers.mailerlite;
    const view = renderInRouter(<NewsletterCell cell={cell} />, "/ressource");

    window[`ml_webform_success_${formCode}`]?.();
    expect(assignTop).toHaveBeenCalledWith("/merci");

    view.unmount();
    expect(window[`ml_webform_success_${formCode}`]).toBeUndefined();
  });
});
