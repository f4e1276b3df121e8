import { use } from "react";
import type { RouteBundle } from "./types";
import { preloadCells } from "./components/cell-registry";
import { fulfilled, tracked, type Tracked } from "./lib/tracked";

// One lazy chunk per route: a page only downloads its own content.
const loaders = import.meta.glob<RouteBundle>("./bundles/routes/**/*.json", { import: "default" });

const bundles = new Map<string, Tracked<RouteBundle>>();

const fileOf = (key: string): string => `./bundles/routes/${key}.json`;

export function hasRouteBundle(key: string): boolean {
  return fileOf(key) in loaders;
}

/** The bundle of a route, with the components of its cells loaded too. */
export function loadRouteBundle(key: string): Tracked<RouteBundle> {
  let promise = bundles.get(key);
  if (!promise) {
    const loader = loaders[fileOf(key)];
    promise = tracked(
      loader
        ? loader().then(async (bundle) => {
            await preloadCells(bundle.cells);
            return bundle;
          })
        : Promise.reject(new Error(`No bundle for route "${key}"`)),
    );
    bundles.set(key, promise);
  }
  return promise;
}

/** Makes a bundle available synchronously (tests). */
export function primeRouteBundle(bundle: RouteBundle): void {
  bundles.set(bundle.key, fulfilled(bundle));
}

/** The bundle of a route: synchronous once loaded (so hydration never suspends, the client
 * loads it before hydrating), otherwise suspends until its chunk arrives. */
export function useRouteBundle(key: string): RouteBundle {
  return use(loadRouteBundle(key));
}
