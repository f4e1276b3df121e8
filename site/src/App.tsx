// First, so every component stylesheet comes after the tokens and base styles.
import "./styles/global.css";
import { Suspense } from "react";
import { Layout } from "./components/Layout";
import { RouteView } from "./routes/RouteView";

/** One view for every path: its data file says what it shows, so a new page or article needs
 * no code and the site's code does not grow with the content. RouteView reads the location
 * itself (no <Routes>: matching one catch-all route cost the prerender a sixth of a page's
 * render, for nothing). */
export function App() {
  return (
    <Layout>
      <Suspense fallback={null}>
        <RouteView />
      </Suspense>
    </Layout>
  );
}
