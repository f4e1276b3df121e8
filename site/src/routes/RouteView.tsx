import { useEffect } from "react";
import type { RouteEntry } from "../types";
import { useRouteBundle } from "../bundles";
import { enterRoutePixel } from "../behaviours/pixel";
import { Head } from "../components/Head";
import { ArticleRoute } from "./article/ArticleRoute";
import { NotFoundRoute } from "./not-found/NotFoundRoute";
import { PageRoute } from "./page/PageRoute";

const KINDS = { page: PageRoute, article: ArticleRoute, "not-found": NotFoundRoute } as const;

/** One route of site.json: its bundle (lazy chunk), head tags, pixel event and cells. */
export function RouteView({ route }: { route: RouteEntry }) {
  const bundle = useRouteBundle(route.key);
  useEffect(() => enterRoutePixel(bundle.pixel), [bundle]);
  const Kind = KINDS[route.kind];
  return (
    <>
      <Head head={bundle.head} />
      <Kind bundle={bundle} />
    </>
  );
}
