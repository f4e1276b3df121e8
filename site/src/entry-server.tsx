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
import { frame, frameKey } from "./components/frame";
import { MAIN_ID } from "./components/Layout";
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
  const appHtml = framedApp(location, frameKey(bundle.kind === "not-found" ? "/404.html" : bundle.path));
  const chunks = [...new Set([...bundle.cells.map((cell) => cellSourceFile(cell.type)), ...banner])].filter(
    (file): file is string => file !== null,
  );
  const business = bundle.kind === "not-found" ? null : site.jsonLd;
  const csp = policyText(policyOf(bundle, site.settings));
  return { appHtml, headHtml: headHtml(bundle.head, business), chunks, csp };
}

function renderApp(location: string): string {
  return renderToString(
    <StrictMode>
      <StaticRouter basename={BASE_PATH} location={location}>
        <App />
      </StaticRouter>
    </StrictMode>,
  );
}

interface Frame {
  /** The app's HTML before <main> (less the preloads React puts first) and after </main>. */
  before: string;
  after: string;
  /** Pages that reused it so far. */
  reused: number;
}

/** The frame of each key rendered so far, in this thread (components/frame.ts). */
const frames = new Map<string, Frame>();
const MAIN_OPEN = `<main id="${MAIN_ID}" tabindex="-1">`;
const MAIN_CLOSE = "</main>";
// The first page that reuses a frame, and every CHECK_EVERY-th after it, is also rendered
// whole and compared: a frame that shows more of its page than frameKey says fails the build
// instead of publishing another page's frame.
const CHECK_EVERY = 64;

/** The app's HTML at `location`: rendered whole for the first page of frame key `key`, then
 * only its <main>, put into that page's frame (what React renders is the same, byte for byte:
 * the preloads it finds go first, the frame holds none). */
function framedApp(location: string, key: string): string {
  const known = frames.get(key);
  if (!known) {
    const whole = renderApp(location);
    frames.set(key, frameOf(whole));
    return whole;
  }
  frame.drawn = false;
  let main: string;
  try {
    main = renderApp(location);
  } finally {
    frame.drawn = true;
  }
  const at = main.indexOf(MAIN_OPEN);
  if (at < 0) throw new Error(`prerender: no ${MAIN_OPEN} in the render of ${location}`);
  const html = main.slice(0, at) + known.before + main.slice(at) + known.after;
  known.reused += 1;
  if ((known.reused - 1) % CHECK_EVERY === 0 && renderApp(location) !== html) {
    throw new Error(`prerender: the frame of ${location} differs from the one reused for its key "${key}" (components/frame.ts)`);
  }
  return html;
}

function frameOf(html: string): Frame {
  const leading = /^(?:<link [^>]*\/>)*/.exec(html)?.[0].length ?? 0;
  const start = html.indexOf(MAIN_OPEN);
  const end = html.lastIndexOf(MAIN_CLOSE);
  if (start < leading || end < start) throw new Error(`prerender: the layout has lost its ${MAIN_OPEN}`);
  return { before: html.slice(leading, start), after: html.slice(end + MAIN_CLOSE.length), reused: 0 };
}
