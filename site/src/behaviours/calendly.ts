import { addScript, removeScript } from "./scripts";

export const CALENDLY_SCRIPT = "https://assets.calendly.com/assets/external/widget.js";
export const CALENDLY_ORIGIN = "https://calendly.com";

export interface CalendlyColours {
  background: string;
  text: string;
  primary: string;
}

const hex = (colour: string): string => colour.replace(/^#/, "");

/** The event URL with Calendly's embed options: GDPR banner hidden (our consent policy
 * covers it) and the brand colours of the site settings. */
export function calendlyWidgetUrl(url: string, colours: CalendlyColours): string {
  const options = new URLSearchParams({
    hide_gdpr_banner: "1",
    background_color: hex(colours.background),
    text_color: hex(colours.text),
    primary_color: hex(colours.primary),
  });
  return `${url}${url.includes("?") ? "&" : "?"}${options.toString()}`;
}

/** True only for Calendly's own "event scheduled" notification: any other origin could be
 * a page trying to fake a booking. */
export function isEventScheduled(event: MessageEvent): boolean {
  const data: unknown = event.data;
  return (
    event.origin === CALENDLY_ORIGIN &&
    typeof data === "object" &&
    data !== null &&
    (data as { event?: unknown }).event === "calendly.event_scheduled"
  );
}

/** Loads the widget script and listens for bookings; undoes both when the page is left. */
export function startCalendly(onScheduled: () => void): () => void {
  addScript(CALENDLY_SCRIPT);
  const onMessage = (event: MessageEvent) => {
    if (isEventScheduled(event)) onScheduled();
  };
  window.addEventListener("message", onMessage);
  return () => {
    window.removeEventListener("message", onMessage);
    removeScript(CALENDLY_SCRIPT);
  };
}
