// First, so every component stylesheet comes after the tokens and base styles.
import "./styles/global.css";
import { Suspense } from "react";
import { Route, Routes } from "react-router-dom";
import { site } from "./site";
import { Layout } from "./components/Layout";
import { RouteView } from "./routes/RouteView";

/** Every route comes from site.json: a new page or article needs no code. */
export function App() {
  return (
    <Layout>
      <Suspense fallback={null}>
        <Routes>
          {site.routes.map((route) => (
            <Route
              key={route.key}
              path={route.kind === "not-found" ? "*" : route.path}
              element={<RouteView key={route.key} route={route} />}
            />
          ))}
        </Routes>
      </Suspense>
    </Layout>
  );
}
