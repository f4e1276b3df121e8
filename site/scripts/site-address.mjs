// The public address the site is built for. `contenu build` resolves it once (SITE_URL, else
// the settings' siteUrl: tools/contenu/pipeline/emit.py, resolve_site_url) and writes it to
// address.json in its build folder; the site's build reads it there and never resolves
// SITE_URL itself (tests/pipeline/test_site_address.py gives every spelling to each reader).
import { readFile } from "node:fs/promises";
import path from "node:path";

/** The content build's SiteAddress (models/bundle.py): { siteUrl, basePath, requested }. */
export async function readAddress(contentOut) {
  return JSON.parse(await readFile(path.join(contentOut, "address.json"), "utf8"));
}

/** Why the site cannot be built with SITE_URL `requested` from content built for `address`,
 * or null. The bundles carry absolute URLs (canonical, og:image) made from the address the
 * content was built for: building the site for another would publish wrong links. */
export function addressProblem(address, requested) {
  const wanted = requested?.trim();
  if (!wanted || wanted === address.requested || wanted === address.siteUrl) return null;
  return (
    `SITE_URL vaut ${wanted} mais les contenus ont été compilés pour ${address.siteUrl}.\n` +
    `Relancez « SITE_URL=${wanted} contenu build » avant « npm run build ».`
  );
}

/** The base path to build the site's code for while `contenu build` has not said yet
 * (build.mjs --after-content): a prediction, never published. The code is built again if
 * address.json then says otherwise; the test holds it to the resolution, so that this
 * happens only when SITE_URL is invalid (and the content build fails anyway). */
export function predictedBase(requested, previous) {
  const wanted = requested?.trim();
  if (!wanted) return previous?.basePath ?? "/";
  try {
    const { pathname } = new URL(wanted);
    return pathname.endsWith("/") ? pathname : `${pathname}/`;
  } catch {
    return "/";
  }
}
