import { fireEvent, screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { settings } from "../site";
import { renderInRouter } from "../test/render";
import { Header } from "./Header";

const texts = settings.interface.header;

/** Was the click left to the browser (a full page load) or handled by the router? */
let defaultPrevented: boolean | null = null;
const recordDefault = (event: MouseEvent) => {
  defaultPrevented = event.defaultPrevented;
  event.preventDefault(); // jsdom cannot load another page
};
beforeEach(() => {
  defaultPrevented = null;
  window.addEventListener("click", recordDefault);
});
afterEach(() => window.removeEventListener("click", recordDefault));

describe("the header", () => {
  it("shows the navigation links of the settings", () => {
    renderInRouter(<Header />);
    const nav = screen.getByRole("navigation", { name: texts.navLabel });
    const labels = within(nav)
      .getAllByRole("link")
      .map((link) => link.textContent);
    expect(labels).toEqual(settings.navigation.header.map((link) => link.label));
  });

  it("opens and closes the mobile menu with its button", async () => {
    const user = userEvent.setup();
    renderInRouter(<Header />);
    const toggle = screen.getByRole("button", { name: texts.menuOpen });
    expect(toggle).toHaveAttribute("aria-expanded", "false");
    const menu = document.getElementById(toggle.getAttribute("aria-controls") ?? "");
    expect(menu).not.toBeNull();

    await user.click(toggle);
    expect(toggle).toHaveAttribute("aria-expanded", "true");
    expect(toggle).toHaveAccessibleName(texts.menuClose);

    await user.click(toggle);
    expect(toggle).toHaveAttribute("aria-expanded", "false");
  });

  it("closes the menu when a link is tapped, and on Escape", async () => {
    const user = userEvent.setup();
    renderInRouter(<Header />);
    const toggle = screen.getByRole("button", { name: texts.menuOpen });

    await user.click(toggle);
    const about = settings.navigation.header[1];
    if (!about) throw new Error("needs a second header link");
    await user.click(screen.getByRole("link", { name: about.label }));
    expect(toggle).toHaveAttribute("aria-expanded", "false");
    expect(screen.getByTestId("location")).toHaveTextContent(about.href);

    await user.click(toggle);
    await user.keyboard("{Escape}");
    expect(toggle).toHaveAttribute("aria-expanded", "false");
    expect(toggle).toHaveFocus();
  });

  it("'Réservez un appel' is a plain link that reloads the page; 'Guide gratuit' stays in the app", () => {
    renderInRouter(<Header />);
    const reload = settings.navigation.headerActions.find((action) => action.reload);
    const instant = settings.navigation.headerActions.find((action) => !action.reload);
    if (!reload || !instant) throw new Error("the settings need both kinds of header buttons");

    const reloadLink = screen.getByRole("link", { name: reload.label });
    expect(reloadLink).toHaveAttribute("href", reload.href);
    fireEvent.click(reloadLink);
    expect(defaultPrevented).toBe(false);

    fireEvent.click(screen.getByRole("link", { name: instant.label }));
    expect(defaultPrevented).toBe(true);
    expect(screen.getByTestId("location")).toHaveTextContent(instant.href);
  });
});
