import { cachedRouteKeys, forgetRouteBundle, loadSite, reloadRouteBundle, replaceRouteBundle } from "../bundles";
import { stripBase } from "../lib/base-path";
import { themeCss } from "../lib/theme";
import { NOT_FOUND_KEY, SITE_DATA, routeKeyOf, setSite, settings } from "../site";
import type { RouteBundle, SiteBundle } from "../types";
import type { LiveContentUpdate } from "./live-content-event";

const ROUTE_FILE = /^data\/routes\/(.+)\.json$/;

/** The key of the route the browser shows. */
export function currentRouteKey(): string {
  return routeKeyOf(stripBase(window.location.pathname)) ?? NOT_FOUND_KEY;
}

/** Takes one rebuild of the preview into memory: a new site.json, and the new data of the
 * routes it rewrote (the current one at once, from the event or fetched again, the others
 * when next visited). Returns true when what the page shows may have changed; the caller
 * re-renders. */
export async function applyUpdate(update: LiveContentUpdate, current: string = currentRouteKey()): Promise<boolean> {
  let changed = false;
  const files = update.files ?? {};
  if (update.changed.includes(SITE_DATA)) {
    const site = files[SITE_DATA] as SiteBundle | undefined;
    if (site) setSite(site);
    else await loadSite({ fresh: true });
    // The brand colours are inlined in index.html; keep them in step.
    const style = document.getElementById("theme-colours");
    if (style) style.textContent = themeCss(settings.theme);
    changed = true;
  }
  const keys = new Set(update.changed.flatMap((file) => ROUTE_FILE.exec(file)?.slice(1, 2) ?? []));
  for (const key of cachedRouteKeys()) {
    if (key !== current && keys.has(key)) forgetRouteBundle(key); // fetched when next visited
  }
  // The current path may show the 404 page: a change to it, or a new file at this path.
  if (keys.has(current) || keys.has(NOT_FOUND_KEY)) {
    const bundle = files[`data/routes/${current}.json`] as RouteBundle | undefined;
    await (bundle ? replaceRouteBundle(bundle, current) : reloadRouteBundle(current));
    changed = true;
  }
  return changed;
}
