import { META_PIXEL_SCRIPT } from "./providers";
import { insertScriptFirst } from "./scripts";

export const PIXEL_SCRIPT = META_PIXEL_SCRIPT;

type Fbq = ((...args: unknown[]) => void) & {
  callMethod?: (...args: unknown[]) => void;
  queue?: unknown[][];
  push?: unknown;
  loaded?: boolean;
  version?: string;
};

declare global {
  interface Window {
    fbq?: Fbq;
    _fbq?: Fbq;
  }
}

export interface PixelEventLike {
  event: string;
  params?: Readonly<Record<string, unknown>> | null;
}

let currentRouteEvent: PixelEventLike | null = null;

function definedParams(params: PixelEventLike["params"]): Record<string, unknown> {
  return Object.fromEntries(Object.entries(params ?? {}).filter(([, v]) => v !== null && v !== undefined));
}

/** Sends an event only if the pixel exists (the visitor accepted): never queues one. */
export function trackPixel(event: PixelEventLike): boolean {
  if (typeof window.fbq !== "function") return false;
  window.fbq("track", event.event, definedParams(event.params));
  return true;
}

/** Called on entering a route: remembers its event (sent later if consent comes on this
 * page) and sends it now if the pixel is there. */
export function enterRoutePixel(event: PixelEventLike | null | undefined): void {
  currentRouteEvent = event ?? null;
  if (currentRouteEvent) trackPixel(currentRouteEvent);
}

/** Meta's standard base code, step by step: `fbq` is a queue (or, once fbevents.js is
 * loaded, a call to its `callMethod` on `fbq` itself), `_fbq` the same function, the script
 * inserted before the page's first one, then `init` with the pixel id and `PageView`.
 * Only ever called after the visitor accepted. */
export function loadPixel(pixelId: string): void {
  if (typeof window.fbq === "function") return;
  const fbq: Fbq = (...args: unknown[]) => {
    if (fbq.callMethod) fbq.callMethod.call(fbq, ...args);
    else fbq.queue?.push(args);
  };
  if (!window._fbq) window._fbq = fbq;
  fbq.push = fbq;
  fbq.loaded = true;
  fbq.version = "2.0";
  fbq.queue = [];
  window.fbq = fbq;
  insertScriptFirst(PIXEL_SCRIPT);
  fbq("init", pixelId);
  fbq("track", "PageView");
  if (currentRouteEvent) trackPixel(currentRouteEvent);
}
