import { StrictMode } from "react";
import { createRoot, hydrateRoot } from "react-dom/client";
import { BrowserRouter } from "react-router-dom";
import { App } from "./App";
import { loadRouteBundle } from "./bundles";
import { routerBasename, stripBase } from "./lib/base-path";
import { matchRoute } from "./site";

async function start(): Promise<void> {
  const container = document.getElementById("root");
  if (!container) return;
  // The prerendered HTML was made with this route's bundle: have it in memory before
  // hydrating so the first client render is identical.
  const route = matchRoute(stripBase(window.location.pathname));
  if (route) await loadRouteBundle(route.key);
  const app = (
    <StrictMode>
      <BrowserRouter basename={routerBasename()}>
        <App />
      </BrowserRouter>
    </StrictMode>
  );
  if (container.firstElementChild) hydrateRoot(container, app);
  else createRoot(container).render(app); // `npm run dev`: no prerendered HTML
}

void start();
