import { StrictMode } from "react";
import { createRoot, hydrateRoot } from "react-dom/client";
import { BrowserRouter } from "react-router-dom";
import { App } from "./App";
import { loadRouteBundle } from "./bundles";
import { BASE_PATH, stripBase } from "./lib/base-path";
import { matchRoute } from "./site";

async function start(): Promise<void> {
  const container = document.getElementById("root");
  if (!container) return;
  // The prerendered HTML was made with this route's bundle: have it in memory before
  // hydrating so the first client render is identical.
  const route = matchRoute(stripBase(window.location.pathname));
  if (route) await loadRouteBundle(route.key);
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
