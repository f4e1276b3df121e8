import { useEffect, useId, useLayoutEffect, useRef } from "react";
import { Cookie } from "./icons";
import { consentStore, useConsentState } from "../behaviours/consent-store";
import { loadPixel } from "../behaviours/pixel";
import { useHydrated } from "../lib/hydrated";
import { settings } from "../site";
import { SmartLink } from "./SmartLink";
import "./ConsentBanner.css";

const PRIVACY_PATH = "/politique-confidentialite";

/** CNIL-style choice for the Meta Pixel: nothing loads before "Accepter"; "Refuser" is the
 * same size, colour and level, side by side. Compact enough to leave the first screen to the
 * page (a fifth of a phone's height at most: the text scrolls inside, the choices never do).
 * The choices come first in the document, so they are the first stops of the keyboard (the
 * layout renders the banner before the skip link); the styles show them under the text.
 * Without a pixel id it renders nothing.
 *
 * The choice lives in the visitor's browser, so the prerendered page (and the render that
 * hydrates it) cannot know it: there the banner is drawn `data-pending`, which the styles hide
 * unless the page's first script (boot.ts) found no choice and marked the document
 * (`<html data-consent="ask">`). A first visit sees it with the page; a returning visitor
 * never sees it flash; once hydrated, the choice in the store decides. A choice tapped before
 * that is kept by boot.ts (each button's `data-choice` names it) and adopted by the store. */
export default function ConsentBanner() {
  const pixelId = settings.providers.metaPixel.id;
  const { choice, bannerOpen, reopened } = useConsentState();
  const known = useHydrated();
  const titleId = useId();
  const textId = useId();
  const region = useRef<HTMLElement>(null);

  useEffect(() => {
    if (pixelId && choice === "accepted") loadPixel(pixelId);
  }, [pixelId, choice]);

  useEffect(() => {
    if (bannerOpen && reopened) region.current?.focus();
  }, [bannerOpen, reopened]);

  // The banner is not modal: leave room under the page so it never covers the footer.
  useLayoutEffect(() => {
    const banner = region.current;
    if (!banner) return;
    const reserve = () => {
      document.body.style.paddingBottom = `${banner.offsetHeight + 24}px`;
    };
    reserve();
    const observer = typeof ResizeObserver === "function" ? new ResizeObserver(reserve) : null;
    observer?.observe(banner);
    return () => {
      observer?.disconnect();
      document.body.style.paddingBottom = "";
    };
  }, [bannerOpen, pixelId, known]);

  if (!pixelId || (known && !bannerOpen)) return null;
  const texts = settings.interface.consent;
  return (
    <section
      ref={region}
      className="consent"
      role="dialog"
      aria-modal="false"
      aria-labelledby={titleId}
      aria-describedby={textId}
      tabIndex={-1}
      data-pending={known ? undefined : ""}
    >
      <div className="consent__choices">
        <button type="button" className="button button--choice" data-choice="refused" onClick={() => consentStore.choose("refused")}>
          {texts.refuse}
        </button>
        <button type="button" className="button button--choice" data-choice="accepted" onClick={() => consentStore.choose("accepted")}>
          {texts.accept}
        </button>
      </div>
      <div className="consent__body">
        <h2 id={titleId} className="consent__title">
          <Cookie aria-hidden="true" focusable="false" size={20} />
          {texts.title}
        </h2>
        <p id={textId} className="consent__text">
          {texts.text} <SmartLink href={PRIVACY_PATH}>{texts.policyLink}</SmartLink>
        </p>
      </div>
    </section>
  );
}
