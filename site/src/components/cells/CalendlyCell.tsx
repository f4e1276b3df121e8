import { useEffect } from "react";
import { useNavigate } from "react-router-dom";
import { ExternalLink } from "../icons";
import type { CellOf } from "../../types";
import { settings } from "../../site";
import { calendlyWidgetUrl, startCalendly } from "../../behaviours/calendly";
import { Section } from "../Section";
import "./CalendlyCell.css";

export const CONFIRMATION_PATH = "/appel-confirmation";

/** Calendly's inline widget in the brand colours; its script lives only while this page is
 * shown, and a booking confirmed by Calendly leads to the confirmation page. */
export function CalendlyCell({ cell }: { cell: CellOf<"calendly"> }) {
  const navigate = useNavigate();
  const { url, minWidth, height, hideEventTypeDetails, hideLandingPageDetails } = settings.providers.calendly;
  const theme = settings.theme;
  const widgetUrl = calendlyWidgetUrl(
    url,
    { background: theme.background, text: theme.text, primary: theme.primary },
    { hideEventTypeDetails, hideLandingPageDetails },
  );

  useEffect(() => startCalendly(() => navigate(CONFIRMATION_PATH)), [navigate]);

  return (
    <Section kind="calendly" anchor={cell.anchor} title={cell.title}>
      <div className="calendly-frame">
        <div className="calendly-inline-widget" data-url={widgetUrl} style={{ minWidth: `${minWidth}px`, height: `${height}px` }}>
          <p className="calendly-frame__loading">{cell.loading}</p>
        </div>
      </div>
      <p className="calendly-frame__fallback">
        <a href={widgetUrl} target="_blank" rel="noopener noreferrer">
          {cell.fallbackLink}
          <ExternalLink aria-hidden="true" focusable="false" size={16} />
        </a>
      </p>
    </Section>
  );
}
