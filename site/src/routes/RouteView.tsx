import { useEffect } from "react";
import { useLocation } from "react-router-dom";
import { useRouteBundle } from "../bundles";
import { enterRoutePixel } from "../behaviours/pixel";
import { Head } from "../components/Head";
import { RouteImages } from "../components/ResponsiveImage";
import { NOT_FOUND_KEY, routeKeyOf } from "../site";
import { ArticleRoute } from "./article/ArticleRoute";
import { NotFoundRoute } from "./not-found/NotFoundRoute";
import { PageRoute } from "./page/PageRoute";

const KINDS = { page: PageRoute, article: ArticleRoute, "not-found": NotFoundRoute } as const;

/** The route at the current location: its data file (fetched once), head tags, pixel event
 * and cells. Any path works: one without a data file shows the 404 page. */
export function RouteView() {
  const { pathname } = useLocation();
  const bundle = useRouteBundle(routeKeyOf(pathname) ?? NOT_FOUND_KEY, pathname);
  useEffect(() => enterRoutePixel(bundle.pixel), [bundle]);
  const Kind = KINDS[bundle.kind];
  return (
    <RouteImages value={bundle.images}>
      <Head head={bundle.head} notFound={bundle.kind === "not-found"} />
      <Kind bundle={bundle} />
    </RouteImages>
  );
}
