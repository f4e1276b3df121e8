import siteJson from "./bundles/site.json";
import type { RouteEntry, SiteBundle } from "./types";

/** Everything that is the same on every page: settings, legal notice, the route list. */
export const site = siteJson as unknown as SiteBundle;
export const settings = site.settings;

export function notFoundRoute(routes: readonly RouteEntry[] = site.routes): RouteEntry | undefined {
  return routes.find((route) => route.kind === "not-found");
}

const trimSlash = (path: string): string => (path.length > 1 ? path.replace(/\/+$/, "") : path);

/** The route a site path shows: exact match (a trailing slash is tolerated), else the 404. */
export function matchRoute(path: string, routes: readonly RouteEntry[] = site.routes): RouteEntry | undefined {
  const wanted = trimSlash(path);
  return routes.find((route) => route.kind !== "not-found" && route.path === wanted) ?? notFoundRoute(routes);
}
