// The preview build's data (`contenu dev` writes it after every save): data/site.json and
// the route's data/routes/<key>.json, as the site fetches them.
import { useEffect, useState } from "react";
import { LIVE_CONTENT_EVENT } from "../../dev/live-content-event.ts";
import { routeDataUrl, setSite, SITE_DATA } from "../../site.ts";
import { preloadCells } from "../../components/cell-registry.ts";
import { themeCss } from "../../lib/theme.ts";
import type { RouteBundle, SiteBundle } from "../../types.ts";

async function fetchJson<T>(url: string): Promise<T | null> {
  const response = await fetch(`${url}?v=${Date.now()}`, { cache: "no-store" });
  return response.ok ? ((await response.json()) as T) : null;
}

/** The brand colours as CSS variables of the page (no <style>: the policy has no inline CSS). */
function applyTheme(site: SiteBundle): void {
  const declarations = /\{(.*)\}/.exec(themeCss(site.settings.theme))?.[1] ?? "";
  for (const declaration of declarations.split(";").filter(Boolean)) {
    const [name, value] = declaration.split(":") as [string, string];
    document.documentElement.style.setProperty(name, value);
  }
}

export async function loadPreviewSite(): Promise<SiteBundle | null> {
  const site = await fetchJson<SiteBundle>(`${import.meta.env.BASE_URL}${SITE_DATA}`).catch(() => null);
  if (site) {
    setSite(site);
    applyTheme(site);
  }
  return site;
}

/** Calls `listener` after every rebuild of the preview (dev server only). */
export function onContentRebuilt(listener: () => void): () => void {
  const hot = import.meta.hot;
  if (!hot) return () => undefined;
  hot.on(LIVE_CONTENT_EVENT, listener);
  return () => hot.off(LIVE_CONTENT_EVENT, listener);
}

/** The built data of a route, fetched again after every rebuild; `serial` counts them. */
export function useRouteBundle(key: string | null): { bundle: RouteBundle | null; serial: number } {
  const [state, setState] = useState<{ bundle: RouteBundle | null; serial: number }>({ bundle: null, serial: 0 });
  useEffect(() => {
    if (!key) return;
    let live = true;
    const load = async () => {
      await loadPreviewSite();
      const bundle = await fetchJson<RouteBundle>(routeDataUrl(key)).catch(() => null);
      if (bundle) await preloadCells(bundle.cells).catch(() => undefined);
      if (live) setState((previous) => ({ bundle, serial: previous.serial + 1 }));
    };
    void load();
    const stop = onContentRebuilt(() => void load());
    return () => {
      live = false;
      stop();
    };
  }, [key]);
  return state;
}

/** The first built cell of each type among the routes `keys` (published pages): what a cell
 * the document's own route has not built yet (a page never published, a cell just added) is
 * drawn over — a collection's entries, the blog's cards — as the site would draw it. */
export async function builtCellsOf(keys: readonly string[]): Promise<Map<string, RouteBundle["cells"][number]>> {
  const bundles = await Promise.all(keys.map((key) => fetchJson<RouteBundle>(routeDataUrl(key)).catch(() => null)));
  const found = new Map<string, RouteBundle["cells"][number]>();
  for (const bundle of bundles) for (const cell of bundle?.cells ?? []) if (!found.has(cell.type)) found.set(cell.type, cell);
  await preloadCells([...found.values()]).catch(() => undefined);
  return found;
}
