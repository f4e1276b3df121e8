import { act, cleanup, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { enterRoutePixel } from "./behaviours/pixel";
import { consentStore } from "./behaviours/consent-store";
import { headData } from "./head";
import { settings, site } from "./site";
import { builtRoutes } from "./test/content";
import { realBundle, renderSite } from "./test/render";

beforeEach(() => {
  consentStore.reset();
  window.scrollTo = vi.fn() as typeof window.scrollTo;
  Element.prototype.scrollIntoView = vi.fn();
});

afterEach(() => {
  cleanup(); // unmount first: React removes the head tags it owns
  delete window.fbq;
  delete window._fbq;
  enterRoutePixel(null);
  document.head.querySelectorAll("title, meta, link").forEach((tag) => tag.remove());
  document.querySelectorAll("script").forEach((s) => s.remove());
});

/** The text a visitor reads as the title of each section, in page order. */
function sectionTitles(): string[] {
  return within(screen.getByRole("main"))
    .getAllByRole("heading", { level: 1 })
    .concat(within(screen.getByRole("main")).queryAllByRole("heading", { level: 2 }))
    .sort((a, b) => (a.compareDocumentPosition(b) & Node.DOCUMENT_POSITION_FOLLOWING ? -1 : 1))
    .map((heading) => heading.textContent ?? "");
}

describe("every route of the build", () => {
  it("has a data file and renders its title heading", async () => {
    for (const route of builtRoutes().filter((r) => r.kind !== "not-found").slice(0, 4)) {
      const view = await renderSite(route.path);
      expect(await screen.findByRole("heading", { level: 1 })).toBeVisible();
      view.unmount();
    }
  });
});

describe("a page", () => {
  it("shows its cells in the order the coach wrote them", async () => {
    const { bundle } = await renderSite("/");
    const expected = bundle.cells.flatMap((cell) => {
      if (cell.type === "prose") return Array.from(cell.html.matchAll(/<h2[^>]*>(.*?)<\/h2>/g), (m) => m[1] ?? "");
      if ("title" in cell && typeof cell.title === "string" && cell.type !== "list") return [cell.title];
      if (cell.type === "list" && cell.title) return [cell.title];
      return [];
    });
    await screen.findByRole("heading", { level: 1 });
    expect(sectionTitles()).toEqual(expected);
  });

  it("sets its title and head tags from its bundle", async () => {
    const { bundle } = await renderSite("/blog");
    await waitFor(() => expect(document.title).toBe(bundle.head.title));
    const data = headData(bundle.head, site.jsonLd);
    expect(document.querySelector('meta[name="description"]')).toHaveAttribute("content", bundle.head.description);
    expect(document.querySelector('meta[name="robots"]')).toHaveAttribute("content", "noindex, nofollow");
    expect(document.querySelector('link[rel="canonical"]')).toHaveAttribute("href", bundle.head.canonical);
    expect(document.querySelector('meta[property="og:image"]')).toHaveAttribute("content", bundle.head.ogImage);
    expect(document.head.querySelectorAll("meta")).toHaveLength(data.meta.length);
  });
});

describe("the 404 page", () => {
  it("says so, links home and logs the bad path", async () => {
    const error = vi.spyOn(console, "error").mockImplementation(() => undefined);
    const notFound = await realBundle("/nulle-part");
    const cell = notFound.cells.find((c) => c.type === "not-found");
    if (cell?.type !== "not-found") throw new Error("the 404 page needs its not-found cell");
    await renderSite("/nulle-part");

    expect(await screen.findByRole("heading", { level: 1, name: cell.title })).toBeVisible();
    expect(screen.getByText(cell.code)).toBeVisible();
    expect(screen.getByRole("link", { name: cell.linkLabel })).toHaveAttribute("href", "/");
    expect(error).toHaveBeenCalledWith(cell.logMessage, "/nulle-part");
  });
});

describe("Meta Pixel events on entering a route", () => {
  it("sends the page's event when fbq exists", async () => {
    const fbq = vi.fn();
    window.fbq = fbq;
    const bundle = await realBundle("/ressource");
    if (!bundle.pixel) throw new Error("/ressource should send a pixel event");
    await renderSite("/ressource");
    await screen.findByRole("heading", { level: 1 });
    expect(fbq).toHaveBeenCalledWith("track", bundle.pixel.event, bundle.pixel.params);
  });

  it("sends nothing on a page without an event", async () => {
    const fbq = vi.fn();
    window.fbq = fbq;
    await renderSite("/contact");
    await screen.findByRole("heading", { level: 1 });
    expect(fbq).not.toHaveBeenCalledWith("track", expect.anything(), expect.anything());
  });
});

describe("the cookie banner", () => {
  const texts = settings.interface.consent;
  const pixelScript = () => document.querySelector('script[src*="connect.facebook.net"]');

  it("loads nothing before a choice, and the pixel only after 'Accepter'", async () => {
    const user = userEvent.setup();
    await renderSite("/");
    const banner = await screen.findByRole("dialog", { name: texts.title });
    expect(pixelScript()).toBeNull();
    expect(window.fbq).toBeUndefined();

    await user.click(within(banner).getByRole("button", { name: texts.accept }));
    expect(screen.queryByRole("dialog")).toBeNull();
    expect(typeof window.fbq).toBe("function");
    expect(pixelScript()).not.toBeNull();
  });

  it("offers 'Refuser' exactly like 'Accepter', and refusing loads nothing", async () => {
    const user = userEvent.setup();
    await renderSite("/");
    const banner = await screen.findByRole("dialog", { name: texts.title });
    const refuse = within(banner).getByRole("button", { name: texts.refuse });
    const accept = within(banner).getByRole("button", { name: texts.accept });
    expect(refuse.className).toBe(accept.className);

    await user.click(refuse);
    expect(screen.queryByRole("dialog")).toBeNull();
    expect(window.fbq).toBeUndefined();
    expect(pixelScript()).toBeNull();
  });

  it("can be reopened from the footer to change the choice", async () => {
    const user = userEvent.setup();
    await renderSite("/");
    await user.click(await screen.findByRole("button", { name: texts.refuse }));
    await user.click(screen.getByRole("button", { name: texts.manage }));
    expect(await screen.findByRole("dialog", { name: texts.title })).toHaveFocus();
  });

  it("is not shown again while a choice is valid", async () => {
    window.localStorage.setItem("renouer.consent.meta-pixel", JSON.stringify({ choice: "refused", date: new Date().toISOString() }));
    await renderSite("/");
    await screen.findByRole("heading", { level: 1 });
    expect(screen.queryByRole("dialog")).toBeNull();
  });
});

describe("navigation", () => {
  it("shows the new page from its top at once on every route change", async () => {
    const user = userEvent.setup();
    await renderSite("/");
    await screen.findByRole("heading", { level: 1 });
    const footer = screen.getByRole("contentinfo");
    const link = settings.navigation.footer.find((l) => l.href === "/contact");
    if (!link) throw new Error("footer needs /contact");
    await user.click(within(footer).getByRole("link", { name: link.label }));
    await waitFor(() => expect(screen.getByTestId("location")).toHaveTextContent("/contact"));
    await waitFor(() => expect(window.scrollTo).toHaveBeenCalledWith({ top: 0, left: 0, behavior: "instant" }));
  });

  it("smoothly scrolls buttons that point at an anchor, unless motion is reduced", async () => {
    const user = userEvent.setup();
    await renderSite("/ressource");
    await screen.findByRole("heading", { level: 1 });
    const anchorLinks = screen.getAllByRole("link").filter((a) => a.getAttribute("href")?.startsWith("#") && a.className.includes("button"));
    expect(anchorLinks.length).toBeGreaterThanOrEqual(2);
    await user.click(anchorLinks[0] as HTMLElement);
    expect(Element.prototype.scrollIntoView).toHaveBeenLastCalledWith({ behavior: "smooth", block: "start" });

    window.matchMedia = vi.fn().mockReturnValue({ matches: true }) as unknown as typeof window.matchMedia;
    await user.click(anchorLinks[1] as HTMLElement);
    expect(Element.prototype.scrollIntoView).toHaveBeenLastCalledWith({ behavior: "instant", block: "start" });
  });

  it("routes a link inside prose text without reloading the page", async () => {
    const user = userEvent.setup();
    await renderSite("/mentions-legales");
    await screen.findByRole("heading", { level: 1 });
    const internal = Array.from(document.querySelectorAll<HTMLAnchorElement>(".prose a")).find((a) =>
      a.getAttribute("href")?.startsWith("/"),
    );
    if (!internal) throw new Error("the legal notice links to the privacy policy in its text");
    const target = internal.getAttribute("href") ?? "";
    let defaultPrevented = false;
    const record = (event: MouseEvent) => {
      defaultPrevented = event.defaultPrevented;
      event.preventDefault();
    };
    window.addEventListener("click", record);
    await act(async () => {
      await user.click(internal);
    });
    window.removeEventListener("click", record);
    expect(defaultPrevented).toBe(true);
    await waitFor(() => expect(screen.getByTestId("location")).toHaveTextContent(target));
  });
});

describe("testimonials", () => {
  it("show a 5-star rating that screen readers can read", async () => {
    await renderSite("/");
    const label = settings.interface.ratingLabel.replace("{rating}", "5").replace("{max}", "5");
    expect((await screen.findAllByRole("img", { name: label })).length).toBeGreaterThanOrEqual(3);
  });
});
