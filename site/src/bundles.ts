import { use } from "react";
import type { RouteBundle } from "./types";

// One lazy chunk per route: a page only downloads its own content.
const loaders = import.meta.glob<RouteBundle>("./bundles/routes/**/*.json", { import: "default" });

const pending = new Map<string, Promise<RouteBundle>>();
const loaded = new Map<string, RouteBundle>();

const fileOf = (key: string): string => `./bundles/routes/${key}.json`;

export function hasRouteBundle(key: string): boolean {
  return fileOf(key) in loaders;
}

export function loadRouteBundle(key: string): Promise<RouteBundle> {
  const done = loaded.get(key);
  if (done) return Promise.resolve(done);
  let promise = pending.get(key);
  if (!promise) {
    const loader = loaders[fileOf(key)];
    if (!loader) return Promise.reject(new Error(`No bundle for route "${key}"`));
    promise = loader().then((bundle) => {
      loaded.set(key, bundle);
      return bundle;
    });
    pending.set(key, promise);
  }
  return promise;
}

/** Makes a bundle available synchronously (server render, tests, before hydration). */
export function primeRouteBundle(bundle: RouteBundle): void {
  loaded.set(bundle.key, bundle);
}

/** The bundle of a route: synchronous when already loaded (so hydration never suspends),
 * otherwise suspends until its chunk arrives. */
export function useRouteBundle(key: string): RouteBundle {
  return loaded.get(key) ?? use(loadRouteBundle(key));
}
