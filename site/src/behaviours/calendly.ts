import { CALENDLY_ORIGIN, CALENDLY_SCRIPT } from "./providers";
import { addScript, removeScript } from "./scripts";

export { CALENDLY_ORIGIN, CALENDLY_SCRIPT };

export interface CalendlyColours {
  background: string;
  text: string;
  primary: string;
}

export interface CalendlyDisplay {
  hideEventTypeDetails: boolean;
  hideLandingPageDetails: boolean;
}

const hex = (colour: string): string => colour.replace(/^#/, "");

/** The event URL with the embed parameters Calendly documents: its GDPR banner hidden (our
 * consent policy covers it), the display options of the settings (only when on, as Calendly's
 * embed code writes them), and the brand colours of the theme. */
export function calendlyWidgetUrl(url: string, colours: CalendlyColours, display?: CalendlyDisplay): string {
  const options = new URLSearchParams();
  if (display?.hideEventTypeDetails) options.set("hide_event_type_details", "1");
  if (display?.hideLandingPageDetails) options.set("hide_landing_page_details", "1");
  options.set("hide_gdpr_banner", "1");
  options.set("background_color", hex(colours.background));
  options.set("text_color", hex(colours.text));
  options.set("primary_color", hex(colours.primary));
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
