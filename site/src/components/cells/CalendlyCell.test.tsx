import { act, screen } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { CALENDLY_SCRIPT } from "../../behaviours/calendly";
import { settings } from "../../site";
import { realCell, renderInRouter } from "../../test/render";
import { CalendlyCell } from "./CalendlyCell";

const calendlyScripts = () => Array.from(document.scripts).filter((s) => s.getAttribute("src") === CALENDLY_SCRIPT);
const hex = (colour: string) => colour.slice(1);

describe("the booking widget", () => {
  it("embeds the event in the brand colours at 320 px × 900 px", async () => {
    const cell = await realCell("/appel", "calendly");
    const { container } = renderInRouter(<CalendlyCell cell={cell} />, "/appel");
    const widget = container.querySelector<HTMLElement>(".calendly-inline-widget");
    const url = new URL(widget?.dataset.url ?? "");
    const { theme, providers } = settings;
    expect(`${url.origin}${url.pathname}`).toBe(providers.calendly.url.replace(/\/$/, ""));
    expect(url.searchParams.get("hide_gdpr_banner")).toBe("1");
    expect(url.searchParams.get("background_color")).toBe(hex(theme.background));
    expect(url.searchParams.get("text_color")).toBe(hex(theme.text));
    expect(url.searchParams.get("primary_color")).toBe(hex(theme.primary));
    expect(widget?.style.minWidth).toBe(`${providers.calendly.minWidth}px`);
    expect(widget?.style.height).toBe(`${providers.calendly.height}px`);
  });

  it("adds Calendly's script on entering and removes it on leaving", async () => {
    const cell = await realCell("/appel", "calendly");
    const view = renderInRouter(<CalendlyCell cell={cell} />, "/appel");
    expect(calendlyScripts()).toHaveLength(1);
    view.unmount();
    expect(calendlyScripts()).toHaveLength(0);
  });

  it("goes to the confirmation page when Calendly, and only Calendly, reports a booking", async () => {
    const cell = await realCell("/appel", "calendly");
    renderInRouter(<CalendlyCell cell={cell} />, "/appel");
    const booked = { event: "calendly.event_scheduled", payload: {} };

    act(() => window.dispatchEvent(new MessageEvent("message", { origin: "https://attacker.example", data: booked })));
    expect(screen.getByTestId("location")).toHaveTextContent("/appel");

    act(() => window.dispatchEvent(new MessageEvent("message", { origin: "https://calendly.com", data: booked })));
    expect(screen.getByTestId("location")).toHaveTextContent("/appel-confirmation");
  });
});
