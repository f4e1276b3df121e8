import { PROVIDER_SOURCES } from "./behaviours/providers";
import type { RouteBundle, SiteSettings } from "./types";

/** directive → sources, for one page. */
export type Policy = Record<string, readonly string[]>;

// What every page needs: its own files, inline styles (the brand colours in <head>, sizes
// set by components), images as data: URLs (the browsers' own form controls), nothing else.
const BASE: Policy = {
  "default-src": ["'self'"],
  "script-src": ["'self'"],
  "style-src": ["'self'", "'unsafe-inline'"],
  "img-src": ["'self'", "data:"],
  "font-src": ["'self'"],
  "connect-src": ["'self'"],
  "frame-src": ["'none'"],
  "worker-src": ["'self'"],
  "object-src": ["'none'"],
  "base-uri": ["'self'"],
  "form-action": ["'self'"],
};

/** Extra sources by need: each provider's (from its embed code), and WebAssembly for the
 * article search (Pagefind). */
const NEEDS: Record<string, Partial<Policy>> = {
  ...PROVIDER_SOURCES,
  search: { "script-src": ["'wasm-unsafe-eval'"] },
};

/** What a page needs beyond the base: the providers of its cells, the Meta Pixel everywhere
 * once an id is set (it loads after consent, on any page), the search engine. */
export function needsOf(bundle: RouteBundle, settings: SiteSettings): string[] {
  const types = new Set(bundle.cells.map((cell) => cell.type));
  const needs: string[] = [];
  if (types.has("newsletter")) needs.push("mailerlite");
  if (types.has("calendly")) needs.push("calendly");
  if (types.has("search")) needs.push("search");
  if (settings.providers.metaPixel.id) needs.push("metaPixel");
  return needs;
}

export function policyOf(bundle: RouteBundle, settings: SiteSettings): Policy {
  const policy: Record<string, string[]> = Object.fromEntries(
    Object.entries(BASE).map(([directive, sources]) => [directive, [...sources]]),
  );
  for (const need of needsOf(bundle, settings)) {
    for (const [directive, sources = []] of Object.entries(NEEDS[need] ?? {})) {
      const current = (policy[directive] ?? []).filter((source) => source !== "'none'");
      policy[directive] = [...new Set([...current, ...sources])].sort();
    }
  }
  return policy;
}

/** The policy as the `content` of its <meta http-equiv>. */
export function policyText(policy: Policy): string {
  return Object.entries(policy)
    .map(([directive, sources]) => `${directive} ${sources.join(" ")}`)
    .join("; ");
}

export function parsePolicy(text: string): Policy {
  const policy: Record<string, string[]> = {};
  for (const part of text.split(";")) {
    const [directive, ...sources] = part.trim().split(/\s+/);
    if (directive) policy[directive] = sources;
  }
  return policy;
}

/** Whether a page whose policy is `current` can show a route needing `next` (a client-side
 * navigation keeps the policy of the page that was loaded). */
export function allows(current: Policy, next: Policy): boolean {
  return Object.entries(next).every(([directive, sources]) =>
    sources.every((source) => source === "'none'" || (current[directive] ?? []).includes(source)),
  );
}

export const CSP_META = 'meta[http-equiv="Content-Security-Policy"]';

/** False when the route needs something the loaded page's policy forbids: it must then be
 * loaded as a new page, with its own policy. */
export function canShowHere(bundle: RouteBundle, settings: SiteSettings): boolean {
  const meta = typeof document === "undefined" ? null : document.querySelector<HTMLMetaElement>(CSP_META);
  return !meta || allows(parsePolicy(meta.content), policyOf(bundle, settings));
}
