// The content build the unit tests run against (`contenu build`, as `nox -s site` runs it):
// the tests never keep their own copy of the site's texts. The site's only "server" is a
// folder of static files, so fetch() is answered from that folder (the network boundary).
import { readFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import type { RouteSummary, SiteBundle } from "../types";

const contentOut = path.resolve(
  process.env.CONTENU_OUT ?? path.join(path.dirname(fileURLToPath(import.meta.url)), "..", "..", "generated", "build"),
);
export const PUBLIC_DIR = path.join(contentOut, "public");

const readJson = <T,>(file: string): T => JSON.parse(readFileSync(file, "utf8")) as T;

export const builtSite = (): SiteBundle => readJson<SiteBundle>(path.join(PUBLIC_DIR, "data", "site.json"));
export const builtRoutes = (): RouteSummary[] => readJson<RouteSummary[]>(path.join(contentOut, "routes.json"));

/** fetch() for root-relative URLs, served from the build's public folder. */
export async function staticFetch(input: RequestInfo | URL): Promise<Response> {
  const url = new URL(String(input instanceof Request ? input.url : input), "http://site.test");
  const file = path.join(PUBLIC_DIR, decodeURIComponent(url.pathname));
  if (!file.startsWith(PUBLIC_DIR + path.sep)) return new Response(null, { status: 404 });
  try {
    return new Response(readFileSync(file), { status: 200, headers: { "Content-Type": "application/json" } });
  } catch {
    return new Response(null, { status: 404 });
  }
}
