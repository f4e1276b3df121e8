// What the editor knows of content/ as a whole: its files, the site's routes made from them
// (internal-link picker, dead-link rule) and its images.
import { collectionOf, placeOf } from "./core/index.ts";
import { FOLDERS } from "./core/model.ts";
import type { ContentFile } from "./storage.ts";

export interface Workspace {
  files: readonly ContentFile[];
  routes: readonly string[];
  images: readonly string[];
  /** Every article's category, by path (the list's summaries), for the limit on categories. */
  categories: ReadonlyMap<string, string>;
}

/** The site path of a file of content/, or null when it is not a page of its own. */
export function routeOf(path: string): string | null {
  const { role, id } = collectionOf(path);
  if (role === "page") return placeOf(path) === "not-found" ? null : id === "index" ? "/" : `/${id}`;
  if (role === "article") return `/blog/${id}`;
  return null;
}

/** The key of a route's data file (data/routes/<key>.json): "/" → "index". */
export function routeKey(route: string): string {
  return route.replace(/^\/+|\/+$/g, "") || "index";
}

export function workspaceOf(files: readonly ContentFile[], summaries?: ReadonlyMap<string, { category?: string }>): Workspace {
  const paths = files.map((file) => file.path);
  const categories = new Map<string, string>();
  for (const [path, summary] of summaries ?? []) if (summary.category !== undefined) categories.set(path, summary.category);
  return {
    files,
    routes: paths.flatMap((path) => routeOf(path) ?? []).sort(),
    images: paths.filter((path) => path.startsWith(`${FOLDERS.images}/`)),
    categories,
  };
}

/** The categories the articles but `path` use, sorted: what a category is chosen from. */
export function otherCategories(workspace: Workspace, path: string): string[] {
  const own = path.replace(/^content\//, "");
  const names = new Set<string>();
  for (const [other, name] of workspace.categories) if (other !== own) names.add(name);
  return [...names].sort((a, b) => a.localeCompare(b, "fr"));
}
