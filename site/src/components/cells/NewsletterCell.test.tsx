import { act, within } from "@testing-library/react";
import { describe, expect, it, vi } from "vitest";
import { browser } from "../../behaviours/browser";
import { FORM_WAIT_MS, MAILERLITE_SCRIPT, takelUrl } from "../../behaviours/mailerlite";
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

  it("offers the guide by e-mail, in French, when the form has not appeared after a few seconds", async () => {
    const cell = await realCell("/ressource", "newsletter");
    vi.spyOn(globalThis, "fetch").mockResolvedValue(new Response(""));
    vi.useFakeTimers();
    try {
      const { container } = renderInRouter(<NewsletterCell cell={cell} />, "/ressource");
      const { getByRole } = within(container);
      const status = () => container.querySelector(".newsletter__fallback[role=status]")?.textContent;
      expect(status()).toBe("");
      act(() => vi.advanceTimersByTime(FORM_WAIT_MS));
      expect(status()).toContain(cell.fallback);
      const link = getByRole("link", { name: cell.fallbackLink });
      const href = new URL(link.getAttribute("href") ?? "");
      expect(href.protocol).toBe("mailto:");
      expect(decodeURIComponent(href.pathname)).toBe(settings.email);
      expect(href.searchParams.get("subject")).toBe(cell.fallbackSubject);
      expect(container.querySelector(".newsletter--missing")).not.toBeNull();

      // The form arrives after all (a slow network): the fallback goes away.
      const form = document.createElement("form");
      await act(async () => {
        container.querySelector(".ml-embedded")?.appendChild(form);
        await Promise.resolve();
      });
      expect(status()).toBe("");
    } finally {
      vi.useRealTimers();
    }
  });

  it("offers it at once when MailerLite's script fails to load", async () => {
    const cell = await realCell("/ressource", "newsletter");
    vi.spyOn(globalThis, "fetch").mockResolvedValue(new Response(""));
    const { container } = renderInRouter(<NewsletterCell cell={cell} />, "/ressource");
    const { getByRole } = within(container);
    const script = Array.from(document.scripts).find((s) => s.getAttribute("src") === MAILERLITE_SCRIPT);
    act(() => void script?.dispatchEvent(new Event("error")));
    expect(getByRole("link", { name: cell.fallbackLink })).toBeVisible();
  });
});
