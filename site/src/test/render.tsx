import { render } from "@testing-library/react";
import { MemoryRouter, useLocation } from "react-router-dom";
import { App } from "../App";
import { loadRouteBundle } from "../bundles";
import { matchRoute } from "../site";
import type { Cell, CellOf, CellType, RouteBundle } from "../types";

/** Shows the router's current path, so tests can see client-side navigations. */
export function LocationProbe() {
  const location = useLocation();
  return <output data-testid="location">{location.pathname + location.hash}</output>;
}

/** The whole site at `path`, as the browser would show it after hydration. */
export async function renderSite(path: string) {
  const route = matchRoute(path);
  if (!route) throw new Error(`no route for ${path}`);
  const bundle = await loadRouteBundle(route.key);
  const view = render(
    <MemoryRouter initialEntries={[path]}>
      <App />
      <LocationProbe />
    </MemoryRouter>,
  );
  return { ...view, bundle };
}

/** The real bundle of a route, as built by `contenu build`. */
export async function realBundle(path: string): Promise<RouteBundle> {
  const route = matchRoute(path);
  if (!route) throw new Error(`no route for ${path}`);
  return loadRouteBundle(route.key);
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
