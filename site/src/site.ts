import { BASE_PATH } from "./lib/base-path";
import type { SiteBundle } from "./types";

/** Everything that is the same on every page (settings, legal notice, business JSON-LD):
 * `data/site.json`, fetched with the first page (its size never depends on how many pages or
 * articles there are). Set once before the first render (`setSite`); the live preview sets
 * it again after an edit. Modules read these bindings at render time, never at import. */
export let site: SiteBundle = undefined as unknown as SiteBundle;
export let settings: SiteBundle["settings"] = undefined as unknown as SiteBundle["settings"];

export function setSite(next: SiteBundle): void {
  site = next;
  settings = next.settings;
}

/** Where a build publishes its data (contenu build writes `public/data/`). */
export const DATA_PATH = "data/";
export const SITE_DATA = `${DATA_PATH}site.json`;

/** Site paths whose last segment has a dot are files (feed.xml, a PDF), not routes. */
const ROUTE_PATH = /^\/(?:[a-z0-9-]+(?:\/[a-z0-9-]+)*)?\/?$/;

/** The route key of a site path: `/` → `index`, `/blog/x/` → `blog/x`; null when the path
 * cannot be a route (the 404 page shows). Mirrors `route_key` in tools/contenu/pipeline/emit.py. */
export function routeKeyOf(path: string): string | null {
  if (!ROUTE_PATH.test(path)) return null;
  return path.replace(/^\/+|\/+$/g, "") || "index";
}

/** URL of a route's data file, under the base path. */
export function routeDataUrl(key: string, base: string = BASE_PATH): string {
  return `${base}${DATA_PATH}routes/${key}.json`;
}

export const NOT_FOUND_KEY = "404";
