import { use } from "react";
import type { RouteBundle, SiteBundle } from "./types";
import { preloadCells } from "./components/cell-registry";
import { fulfilled, tracked, type Tracked } from "./lib/tracked";
import { BASE_PATH, withBase } from "./lib/base-path";
import { canShowHere } from "./csp";
import { NOT_FOUND_KEY, SITE_DATA, routeDataUrl, setSite, settings } from "./site";

// Route data is data, not code: each route's JSON file is fetched when the visitor opens it
// (the prerendered page preloads its own), so no page pays for the others.
const bundles = new Map<string, Tracked<RouteBundle>>();

/** The JSON at `url`, or null when the server has no such file (404). */
async function fetchJson<T>(url: string): Promise<T | null> {
  const response = await fetch(url);
  if (response.status === 404) return null;
  if (!response.ok) throw new Error(`${url}: HTTP ${response.status}`);
  return (await response.json()) as T;
}

/** Fetches data/site.json and makes it the current site (before the first render; again,
 * bypassing caches, when the live preview says it changed). */
export async function loadSite({ fresh = false } = {}): Promise<SiteBundle> {
  const data = await fetchJson<SiteBundle>(`${BASE_PATH}${SITE_DATA}${fresh ? `?v=${Date.now()}` : ""}`);
  if (!data) throw new Error(`${SITE_DATA} is missing`);
  setSite(data);
  return data;
}

async function fetchRoute(key: string, fresh: boolean): Promise<RouteBundle> {
  const url = routeDataUrl(key) + (fresh ? `?v=${Date.now()}` : "");
  const bundle = (await fetchJson<RouteBundle>(url)) ?? (key === NOT_FOUND_KEY ? null : await fetchRoute(NOT_FOUND_KEY, fresh));
  if (!bundle) throw new Error(`${routeDataUrl(NOT_FOUND_KEY)} is missing`);
  await preloadCells(bundle.cells);
  return bundle;
}

const loadPage = (path: string): Promise<RouteBundle> => {
  window.location.assign(withBase(path));
  return new Promise<RouteBundle>(() => undefined); // the page is being replaced
};

/** The bundle of a route with the components of its cells loaded; the 404 page's bundle
 * when the route does not exist. The browser loads the page itself instead when the data
 * cannot be fetched (offline, server error), or when the route needs a third party the
 * loaded page's Content-Security-Policy does not allow (it comes with its own policy). */
export function loadRouteBundle(key: string, path?: string): Tracked<RouteBundle> {
  let promise = bundles.get(key);
  if (!promise) {
    const navigating = path !== undefined && typeof window !== "undefined";
    const loading = fetchRoute(key, false).then(
      (bundle) => {
        if (!navigating || canShowHere(bundle, settings)) return bundle;
        bundles.delete(key);
        return loadPage(path);
      },
      (error: unknown) => {
        bundles.delete(key);
        if (navigating) return loadPage(path);
        throw error;
      },
    );
    promise = tracked(loading);
    bundles.set(key, promise);
  }
  return promise;
}

/** Takes a route's new data as the live preview's event brought it (no fetch). */
export async function replaceRouteBundle(bundle: RouteBundle, key: string): Promise<void> {
  await preloadCells(bundle.cells);
  primeRouteBundle(bundle, key);
}

/** Fetches a route again, bypassing caches (the live preview, after an edit). */
export async function reloadRouteBundle(key: string): Promise<RouteBundle> {
  const bundle = await fetchRoute(key, true);
  primeRouteBundle(bundle, key);
  return bundle;
}

/** Drops what is cached of a route (the live preview, when its file changed). */
export function forgetRouteBundle(key: string): void {
  bundles.delete(key);
}

export function cachedRouteKeys(): string[] {
  return [...bundles.keys()];
}

/** Makes a bundle available synchronously (prerender, tests, live preview). */
export function primeRouteBundle(bundle: RouteBundle, key: string = bundle.key): void {
  bundles.set(key, fulfilled(bundle));
}

/** The bundle of a route: synchronous once loaded (the client loads it before hydrating, so
 * hydration never suspends), otherwise suspends until its file arrives. */
export function useRouteBundle(key: string, path: string): RouteBundle {
  return use(loadRouteBundle(key, path));
}
