import type { ComponentType } from "react";
import { tracked, type Tracked } from "../lib/tracked";

/** The banner's module, as the build manifest names it: the prerender lists it among the
 * page's chunks, loaded with the page's other code after the first paint. */
export const CONSENT_BANNER_SOURCE = "src/components/ConsentBanner.tsx";

let banner: Tracked<ComponentType> | null = null;

/** The banner's component, loaded once (its own chunk: pages without a pixel id never load
 * it). The prerender awaits it before rendering, so the banner is part of the page's HTML;
 * `use()` reads it synchronously once loaded, and suspends until then while hydrating (the
 * prerendered banner stays in place meanwhile). */
export function loadConsentBanner(): Tracked<ComponentType> {
  banner ??= tracked(import("./ConsentBanner").then((module) => module.default));
  return banner;
}
