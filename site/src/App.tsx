// First, so every component stylesheet comes after the tokens and base styles.
import "./styles/global.css";
import { Suspense } from "react";
import { Route, Routes } from "react-router-dom";
import { Layout } from "./components/Layout";
import { RouteView } from "./routes/RouteView";

/** One route for every path: its data file says what it shows, so a new page or article
 * needs no code and the site's code does not grow with the content. */
export function App() {
  return (
    <Layout>
      <Suspense fallback={null}>
        <Routes>
          <Route path="*" element={<RouteView />} />
        </Routes>
      </Suspense>
    </Layout>
  );
}
