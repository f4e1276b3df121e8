import { BASE_PATH } from "./base-path";

/** Prefixes root-relative `href="/…"` and `src="/…"` of sanitised HTML with the base path
 * (protocol-relative `//host` is left alone). Runs identically on server and client. */
export function prefixRootRelative(html: string, base: string = BASE_PATH): string {
  if (base === "/") return html;
  return html.replace(/\b(href|src)="\/(?!\/)/g, (_match, attr: string) => `${attr}="${base}`);
}
