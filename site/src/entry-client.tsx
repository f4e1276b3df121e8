import { StrictMode } from "react";
import { createRoot, hydrateRoot } from "react-dom/client";
import { BrowserRouter } from "react-router-dom";
import { App } from "./App";
import { loadRouteBundle, loadSite, primeRouteBundle } from "./bundles";
import { BASE_PATH, stripBase } from "./lib/base-path";
import { NOT_FOUND_KEY, routeKeyOf } from "./site";

async function start(): Promise<void> {
  const container = document.getElementById("root");
  if (!container) return;
  // The prerendered HTML was made from these two files (preloaded by its <head>): have them
  // in memory before hydrating so the first client render is identical.
  // The prerender names the route it rendered (the 404 page is served at any path).
  const key = routeKeyOf(stripBase(window.location.pathname)) ?? NOT_FOUND_KEY;
  const rendered = container.dataset.route ?? key;
  const [, bundle] = await Promise.all([loadSite(), loadRouteBundle(rendered)]);
  if (rendered !== key) primeRouteBundle(bundle, key);
  const site = () => (
    <BrowserRouter basename={BASE_PATH}>
      <App />
    </BrowserRouter>
  );
  if (import.meta.env.DEV) {
    // `npm run dev` (no prerendered HTML): live preview of `contenu dev`. Dead code in a
    // production build, so none of it is bundled.
    const { LivePreview } = await import("./dev/LivePreview");
    createRoot(container).render(
      <StrictMode>
        <LivePreview render={site} />
      </StrictMode>,
    );
    return;
  }
  const app = <StrictMode>{site()}</StrictMode>;
  if (container.firstElementChild) hydrateRoot(container, app);
  else createRoot(container).render(app);
}

void start();
