import { render } from "@testing-library/react";
import { MemoryRouter, useLocation } from "react-router-dom";
import { App } from "../App";
import { loadRouteBundle } from "../bundles";
import { NOT_FOUND_KEY, routeKeyOf } from "../site";
import type { Cell, CellOf, CellType, RouteBundle } from "../types";

/** Shows the router's current path, so tests can see client-side navigations. */
export function LocationProbe() {
  const location = useLocation();
  return <output data-testid="location">{location.pathname + location.hash}</output>;
}

/** The real bundle of a route, as built by `contenu build` (the 404 page's for a path
 * without one). */
export async function realBundle(path: string): Promise<RouteBundle> {
  return loadRouteBundle(routeKeyOf(path) ?? NOT_FOUND_KEY);
}

/** The whole site at `path`, as the browser would show it after hydration. */
export async function renderSite(path: string) {
  const bundle = await realBundle(path);
  const view = render(
    <MemoryRouter initialEntries={[path]}>
      <App />
      <LocationProbe />
    </MemoryRouter>,
  );
  return { ...view, bundle };
}

/** The first cell of a type in a real bundle. */
export async function realCell<T extends CellType>(path: string, type: T): Promise<CellOf<T>> {
  const bundle = await realBundle(path);
  const cell = bundle.cells.find((c: Cell): c is CellOf<T> => c.type === type);
  if (!cell) throw new Error(`no ${type} cell on ${path}`);
  return cell;
}

export function renderInRouter(ui: React.ReactNode, path = "/") {
  return render(
    <MemoryRouter initialEntries={[path]}>
      {ui}
      <LocationProbe />
    </MemoryRouter>,
  );
}
