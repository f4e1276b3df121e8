import { screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it, vi } from "vitest";
import { browser } from "../../behaviours/browser";
import { settings } from "../../site";
import { realCell, renderInRouter } from "../../test/render";
import { ContactFormCell } from "./ContactFormCell";

describe("the contact form", () => {
  it("has the labels, placeholders and native checks of the content", async () => {
    const cell = await realCell("/contact", "contact-form");
    renderInRouter(<ContactFormCell cell={cell} />);
    const prenom = screen.getByLabelText(cell.labels.firstName);
    const email = screen.getByLabelText(cell.labels.email);
    const message = screen.getByLabelText(cell.labels.message);
    expect(prenom).toBeRequired();
    expect(prenom).toHaveAttribute("placeholder", cell.labels.firstNamePlaceholder);
    expect(email).toBeRequired();
    expect(email).toHaveAttribute("type", "email");
    expect(email).toHaveAttribute("placeholder", cell.labels.emailPlaceholder);
    expect(message).toBeRequired();
    expect(message).toHaveAttribute("placeholder", cell.labels.messagePlaceholder);
  });

  it("opens the mail client with the encoded message, says so naming the coach, then empties the fields", async () => {
    const cell = await realCell("/contact", "contact-form");
    const user = userEvent.setup();
    const assign = vi.spyOn(browser, "assign").mockImplementation(() => undefined);
    const alert = vi.spyOn(browser, "alert").mockImplementation(() => undefined);
    const fetchSpy = vi.spyOn(globalThis, "fetch");
    renderInRouter(<ContactFormCell cell={cell} />);

    await user.type(screen.getByLabelText(cell.labels.firstName), "Léa&cc=x@y.z");
    await user.type(screen.getByLabelText(cell.labels.email), "lea@example.fr");
    await user.type(screen.getByLabelText(cell.labels.message), "Bonjour,{Enter}mon ado ne me parle plus.");
    await user.click(screen.getByRole("button", { name: cell.labels.submit }));

    expect(assign).toHaveBeenCalledTimes(1);
    const href = assign.mock.calls[0]?.[0] ?? "";
    expect(href.startsWith(`mailto:${settings.email}?subject=`)).toBe(true);
    expect(href).toContain(encodeURIComponent("Léa&cc=x@y.z"));
    expect(href).toContain(encodeURIComponent("Bonjour,\nmon ado ne me parle plus."));
    expect(href).not.toContain("&cc=");
    expect(alert).toHaveBeenCalledWith(cell.alert.replace("{coach}", settings.coachName));
    expect(fetchSpy).not.toHaveBeenCalled();

    expect(screen.getByLabelText(cell.labels.firstName)).toHaveValue("");
    expect(screen.getByLabelText(cell.labels.email)).toHaveValue("");
    expect(screen.getByLabelText(cell.labels.message)).toHaveValue("");
  });
});
