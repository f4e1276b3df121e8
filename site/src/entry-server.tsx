import { StrictMode } from "react";
import { renderToString } from "react-dom/server";
import { StaticRouter } from "react-router-dom";
import { App } from "./App";
import { loadRouteBundle, primeRouteBundle } from "./bundles";
import { headHtml } from "./head";
import { BASE_PATH, routerBasename, withBase } from "./lib/base-path";
import { site } from "./site";
import type { RouteEntry } from "./types";

export { site, BASE_PATH };

export interface RenderedRoute {
  route: RouteEntry;
  appHtml: string;
  headHtml: string;
}

/** Renders one route of site.json to HTML, with the head tags the client will adopt. */
export async function renderRoute(route: RouteEntry): Promise<RenderedRoute> {
  const bundle = await loadRouteBundle(route.key);
  primeRouteBundle(bundle);
  // The 404 page is rendered at a path no route has, as GitHub Pages will show it.
  const location = withBase(route.kind === "not-found" ? "/404.html" : route.path);
  const appHtml = renderToString(
    <StrictMode>
      <StaticRouter basename={routerBasename()} location={location}>
        <App />
      </StaticRouter>
    </StrictMode>,
  );
  return { route, appHtml, headHtml: headHtml(bundle.head) };
}
