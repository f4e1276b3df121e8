import { StrictMode } from "react";
import { renderToString } from "react-dom/server";
import { StaticRouter } from "react-router-dom";
import { App } from "./App";
import { loadRouteBundle } from "./bundles";
import { headHtml } from "./head";
import { BASE_PATH, withBase } from "./lib/base-path";
import { cellSourceFile } from "./components/cell-registry";
import { site } from "./site";
import type { RouteEntry } from "./types";

export { site, BASE_PATH };

export interface RenderedRoute {
  route: RouteEntry;
  appHtml: string;
  headHtml: string;
  /** Source files (build-manifest keys) of the lazy chunks this page needs at once. */
  chunks: string[];
}

/** Renders one route of site.json to HTML, with the head tags the client will adopt. */
export async function renderRoute(route: RouteEntry): Promise<RenderedRoute> {
  const bundle = await loadRouteBundle(route.key); // with its cells' components
  // The 404 page is rendered at a path no route has, as GitHub Pages will show it.
  const location = withBase(route.kind === "not-found" ? "/404.html" : route.path);
  const appHtml = renderToString(
    <StrictMode>
      <StaticRouter basename={BASE_PATH} location={location}>
        <App />
      </StaticRouter>
    </StrictMode>,
  );
  const cellFiles = bundle.cells.map((cell) => cellSourceFile(cell.type)).filter((file): file is string => file !== null);
  const chunks = [...new Set([`src/bundles/routes/${route.key}.json`, ...cellFiles])];
  return { route, appHtml, headHtml: headHtml(bundle.head), chunks };
}
