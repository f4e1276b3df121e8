import { StrictMode } from "react";
import { renderToString } from "react-dom/server";
import { StaticRouter } from "react-router-dom";
import { App } from "./App";
import { primeRouteBundle } from "./bundles";
import { headHtml } from "./head";
import { policyOf, policyText } from "./csp";
import { BASE_PATH, withBase } from "./lib/base-path";
import { themeStyleTag } from "./lib/theme";
import { cellSourceFile, preloadCells } from "./components/cell-registry";
import { CONSENT_BANNER_SOURCE, loadConsentBanner } from "./components/consent-banner-loader";
import { setSite, site } from "./site";
import type { RouteBundle, SiteBundle } from "./types";

export { BASE_PATH };

export interface RenderedRoute {
  appHtml: string;
  headHtml: string;
  /** Source files (build-manifest keys) of the lazy chunks this page needs at once. */
  chunks: string[];
  /** The page's Content-Security-Policy: only what it needs (csp.ts). */
  csp: string;
}

/** Makes `site` the site every render reads; returns the tags every page's <head> shares. */
export function adoptSite(data: SiteBundle): string {
  setSite(data);
  return themeStyleTag(data.settings.theme);
}

/** Renders one route to HTML from its data file, with the head tags the client will adopt. */
export async function renderRoute(bundle: RouteBundle): Promise<RenderedRoute> {
  await preloadCells(bundle.cells);
  const banner = site.settings.providers.metaPixel.id ? [CONSENT_BANNER_SOURCE] : [];
  if (banner.length) await loadConsentBanner();
  primeRouteBundle(bundle);
  // The 404 page is rendered at a path no route has, as GitHub Pages will show it.
  const location = withBase(bundle.kind === "not-found" ? "/404.html" : bundle.path);
  if (bundle.kind === "not-found") primeRouteBundle(bundle, "404");
  const appHtml = renderToString(
    <StrictMode>
      <StaticRouter basename={BASE_PATH} location={location}>
        <App />
      </StaticRouter>
    </StrictMode>,
  );
  const chunks = [...new Set([...bundle.cells.map((cell) => cellSourceFile(cell.type)), ...banner])].filter(
    (file): file is string => file !== null,
  );
  const business = bundle.kind === "not-found" ? null : site.jsonLd;
  const csp = policyText(policyOf(bundle, site.settings));
  return { appHtml, headHtml: headHtml(bundle.head, business), chunks, csp };
}
