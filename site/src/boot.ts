// The prerendered page's only script before its first paint (prerender.mjs puts it where the
// site's entry script was): under 1 KB, so the first screen (text, fonts, the hero
// image) does not share a phone's bandwidth and processor with the site's code.
//
// 1. At once: marks the document when the visitor has not chosen about the Meta Pixel, which
//    shows the prerendered consent banner (ConsentBanner.tsx) with or right after the first
//    paint, long before hydration; a returning visitor never sees it.
// 2. Keeps a tap on the banner's « Accepter » or « Refuser » made before its code has
//    hydrated it (its chunk comes after the header's; seconds later on a slow phone): the
//    choice is stored and marked on the document, which hides the banner at once, and the
//    banner adopts it once hydrated (consent-store.ts), loading the pixel after « Accepter ».
// 3. After the first screen: puts the page's code (the entry, its chunks, the cells' chunks)
//    and data preloads, which the prerender parked in <template id="after-paint">, into the
//    document; the entry then hydrates the page (entry-client.tsx).
import { EARLY_CHOICE_EVENT, isConsentChoice, readConsent, saveConsent } from "./behaviours/consent";

export const AFTER_PAINT_ID = "after-paint";
/** A choice button of the prerendered banner that React does not handle yet (ConsentBanner
 * draws itself `data-pending` until hydrated, each button naming its choice). */
const PENDING_CHOICE = ".consent[data-pending] button[data-choice]";

if (readConsent() === null) document.documentElement.dataset.consent = "ask";

// In the capture phase: before React's own listener, which ignores a click on what it has
// not hydrated. Once React handles the button too, both make the same choice.
document.addEventListener(
  "click",
  (event) => {
    const button = event.target instanceof Element ? event.target.closest(PENDING_CHOICE) : null;
    const choice = button?.getAttribute("data-choice");
    if (!isConsentChoice(choice)) return;
    saveConsent(choice);
    // No longer "ask": the styles hide the pending banner, as they do for a returning visitor;
    // the store reads the choice here too when the browser keeps no storage.
    document.documentElement.dataset.consent = choice;
    document.dispatchEvent(new CustomEvent(EARLY_CHOICE_EVENT, { detail: choice }));
  },
  true,
);

/** A copy of `node` that the document loads: a script made by the parser inside a
 * <template> never runs, a new element does. */
function live(node: Element): Element {
  if (node.localName !== "script") return document.importNode(node, true);
  const script = document.createElement("script");
  for (const { name, value } of Array.from(node.attributes)) script.setAttribute(name, value);
  return script;
}

function loadTheCode(): void {
  const parked = document.getElementById(AFTER_PAINT_ID);
  if (!(parked instanceof HTMLTemplateElement)) return;
  parked.remove();
  document.head.append(...Array.from(parked.content.children, live));
}

/** Once the first screen is complete (the load event: the HTML, its fonts and images; lazy
 * images below the fold excepted) and shown (the browser's first contentful paint, which it
 * reports once the pixels are on screen: a frame callback comes before that). At once in a
 * hidden tab, which paints nothing; three seconds after this script ran at most, whatever
 * happens (an image still loading included). */
function afterTheFirstScreen(run: () => void): void {
  let started = false;
  const start = () => {
    if (started) return;
    started = true;
    run();
  };
  // Counted from now, not from the load event: an image that never finishes loading must
  // not keep the page without its code (search, menu, client-side navigation).
  setTimeout(start, 3000);
  const shown = () => {
    if (document.visibilityState === "hidden") return start();
    if (typeof PerformanceObserver === "undefined" || !PerformanceObserver.supportedEntryTypes.includes("paint")) {
      requestAnimationFrame(() => setTimeout(start, 0));
      return;
    }
    const observer = new PerformanceObserver((entries) => {
      if (!entries.getEntriesByName("first-contentful-paint").length) return;
      observer.disconnect();
      start();
    });
    observer.observe({ type: "paint", buffered: true });
  };
  if (document.readyState === "complete") shown();
  else window.addEventListener("load", shown, { once: true });
}

afterTheFirstScreen(loadTheCode);
