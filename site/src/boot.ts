// The prerendered page's only script before its first paint (prerender.mjs puts it where the
// site's entry script was): a few hundred bytes, so the first screen (text, fonts, the hero
// image) does not share a phone's bandwidth and processor with the site's code.
//
// 1. At once: marks the document when the visitor has not chosen about the Meta Pixel, which
//    shows the prerendered consent banner (ConsentBanner.tsx) with or right after the first
//    paint, long before hydration; a returning visitor never sees it.
// 2. After the first screen: puts the page's code (the entry, its chunks, the cells' chunks)
//    and data preloads, which the prerender parked in <template id="after-paint">, into the
//    document; the entry then hydrates the page (entry-client.tsx).
import { readConsent } from "./behaviours/consent";

export const AFTER_PAINT_ID = "after-paint";

if (readConsent() === null) document.documentElement.dataset.consent = "ask";

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
 * images below the fold excepted) and painted; at once in a hidden tab, which paints nothing. */
function afterTheFirstScreen(run: () => void): void {
  const painted = () => (document.visibilityState === "hidden" ? run() : requestAnimationFrame(() => setTimeout(run, 0)));
  if (document.readyState === "complete") painted();
  else window.addEventListener("load", painted, { once: true });
}

afterTheFirstScreen(loadTheCode);
