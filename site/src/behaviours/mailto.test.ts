import { describe, expect, it } from "vitest";
import { fillTemplate, mailtoHref } from "./mailto";
import { contactMailto } from "./useContactForm";
import { realCell } from "../test/render";
import { settings } from "../site";

/** The headers a mail client would read from a mailto: URL (RFC 6068). */
function headersOf(href: string): Map<string, string> {
  const query = href.slice(href.indexOf("?") + 1);
  return new Map(
    query.split("&").map((pair) => {
      const [name = "", value = ""] = pair.split("=");
      return [decodeURIComponent(name).toLowerCase(), decodeURIComponent(value)];
    }),
  );
}

describe("fillTemplate", () => {
  it("replaces every known name once, never a value's own braces", () => {
    expect(fillTemplate("{a} et {b} {c}", { a: "{b}", b: "deux" })).toBe("{b} et deux {c}");
  });
});

describe("mailtoHref", () => {
  it("keeps the recipient and encodes subject and body", () => {
    const href = mailtoHref({ to: "contact@renouer-coaching.fr", subject: "Bonjour & merci", body: "a\nb" });
    expect(href).toBe("mailto:contact@renouer-coaching.fr?subject=Bonjour%20%26%20merci&body=a%0Ab");
  });
});

describe("the contact message", () => {
  it("cannot gain a header or a recipient from what the visitor types", async () => {
    const cell = await realCell("/contact", "contact-form");
    const templates = { to: settings.email, coach: settings.coachName, subject: cell.subject, body: cell.body, alert: cell.alert };
    const prenom = "Zoé\r\nBcc: pirate@example.com&cc=pirate@example.com";
    const href = contactMailto({ prenom, email: "zoe@example.fr", message: "Bonjour ?\nÀ bientôt & merci" }, templates);

    expect(href.startsWith(`mailto:${settings.email}?`)).toBe(true);
    const headers = headersOf(href);
    expect([...headers.keys()]).toEqual(["subject", "body"]);
    expect(headers.get("subject")).toBe(fillTemplate(cell.subject, { prenom }));
    expect(headers.get("body")).toContain("À bientôt & merci");
    expect(headers.get("body")).toContain(settings.coachName);
    expect(href).not.toMatch(/[\r\n]/);
  });
});
