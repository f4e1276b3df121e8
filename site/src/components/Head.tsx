import { lazy, Suspense } from "react";
import { useHydrated } from "../lib/hydrated";
import type { RouteHead } from "../types";

// Helmet only matters once the visitor navigates: the prerendered file already carries the
// first page's head tags (head.ts). Loading it after hydration keeps it off the first-load
// JavaScript; when it mounts it replaces the prerendered tags with the same ones.
const HelmetHead = lazy(() => import("./HelmetHead"));

export function Head({ head, notFound = false }: { head: RouteHead; notFound?: boolean }) {
  const hydrated = useHydrated();
  if (!hydrated) return null;
  return (
    <Suspense fallback={null}>
      <HelmetHead head={head} notFound={notFound} />
    </Suspense>
  );
}
