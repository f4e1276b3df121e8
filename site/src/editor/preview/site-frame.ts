// Where the whole-page preview frames a page of the site from, and how it is sandboxed.
//
// A page of the site runs the providers' scripts (MailerLite, Calendly, Meta after consent).
// Framed from the carnet's own origin (the published site, where the carnet shares it), it
// would run inside the carnet's tab with the carnet's privileges: it is framed with a sandbox
// without `allow-same-origin` or `allow-scripts` (an opaque origin; the prerendered page is
// drawn, nothing of it runs). Framed from another origin (the dev server's site port, or the
// site when the carnet has an origin of its own), it cannot reach the carnet whatever it
// runs: it keeps its scripts (the live preview refreshes it) and its own origin.

declare const __CARNET_SITE_URL__: string;

/** Set by the dev server on the carnet's page (scripts/editor-server.ts). */
const SITE_META = "carnet-site";

/** The site's address (ends with "/"): the dev server's site port, the site when the carnet
 * is published on an origin of its own, else this origin's base path. */
export function siteAddress(): string {
  const fromServer = document.querySelector<HTMLMetaElement>(`meta[name="${SITE_META}"]`)?.content;
  const built = typeof __CARNET_SITE_URL__ === "string" ? __CARNET_SITE_URL__ : "";
  return new URL(fromServer || built || import.meta.env.BASE_URL, location.href).href;
}

export function pageAddress(route: string): string {
  return new URL(route.replace(/^\//, ""), siteAddress()).href;
}

/** The frame's sandbox: nothing of a page of this origin runs; a page of another keeps its
 * scripts and its own origin, which is not the carnet's. Never popups or top navigation. */
export function frameSandbox(src: string, origin: string = location.origin): string {
  return new URL(src).origin === origin ? "" : "allow-scripts allow-same-origin";
}
