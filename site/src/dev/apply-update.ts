import { primeRouteBundle } from "../bundles";
import { preloadCells } from "../components/cell-registry";
import { themeCss } from "../lib/theme";
import { site } from "../site";
import type { DiagnosticItem, RouteBundle, SiteBundle } from "../types";
import type { LiveContentUpdate } from "./live-content-event";

export type AppliedUpdate =
  | { kind: "content" }
  | { kind: "diagnostics"; diagnostics: DiagnosticItem[] }
  | { kind: "ignored" };

const ROUTE_FILE = /^routes\/(.+)\.json$/;

/** Swaps the site bundle's contents in place: every module holds the same `site` (and
 * `settings`) object, so the next render reads the new values. */
export function replaceSite(next: SiteBundle): void {
  const { settings: nextSettings, ...rest } = next;
  const current = site.settings as unknown as Record<string, unknown>;
  for (const key of Object.keys(current)) delete current[key];
  Object.assign(current, nextSettings);
  Object.assign(site, rest);
  // The brand colours are inlined in index.html; keep them in step.
  const style = document.getElementById("theme-colours");
  if (style) style.textContent = themeCss(nextSettings.theme);
}

/** Takes one rewritten bundle into memory; the caller re-renders. */
export async function applyUpdate(update: LiveContentUpdate): Promise<AppliedUpdate> {
  if (update.file === "diagnostics.json") {
    return { kind: "diagnostics", diagnostics: update.data as DiagnosticItem[] };
  }
  if (update.file === "site.json") {
    replaceSite(update.data as SiteBundle);
    return { kind: "content" };
  }
  if (ROUTE_FILE.test(update.file)) {
    const bundle = update.data as RouteBundle;
    await preloadCells(bundle.cells); // a new cell type may need its component first
    primeRouteBundle(bundle);
    return { kind: "content" };
  }
  return { kind: "ignored" };
}
