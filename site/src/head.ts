import type { RouteHead } from "./types";

export interface HeadData {
  title: string;
  meta: Array<Record<string, string>>;
  link: Array<Record<string, string>>;
  /** schema.org JSON-LD texts, already escaped for a <script> by the pipeline: the business
   * (site.json, every page but the 404) then the page's own nodes. */
  jsonLd: string[];
}

/** Marks the tags the prerender wrote, so Helmet can replace them once it takes over. */
export const PRERENDERED_ATTRIBUTE = "data-prerendered";

/** The head tags of a page, from its bundle and the site's business JSON-LD (null on the
 * 404 page): the prerender writes these into each HTML file, Helmet renders the same on the
 * client. */
export function headData(head: RouteHead, businessJsonLd: string | null): HeadData {
  const meta: Array<Record<string, string>> = [{ name: "description", content: head.description }];
  if (head.keywords?.length) meta.push({ name: "keywords", content: head.keywords.join(", ") });
  meta.push(
    { name: "robots", content: head.robots },
    { property: "og:type", content: head.ogType },
    { property: "og:title", content: head.title },
    { property: "og:description", content: head.description },
    { property: "og:image", content: head.ogImage },
    { property: "og:url", content: head.canonical },
    { property: "og:locale", content: "fr_FR" },
    { name: "twitter:card", content: "summary_large_image" },
    { name: "twitter:title", content: head.title },
    { name: "twitter:description", content: head.description },
    { name: "twitter:image", content: head.ogImage },
  );
  const link = [{ rel: "canonical", href: head.canonical }];
  if (head.prev) link.push({ rel: "prev", href: head.prev });
  if (head.next) link.push({ rel: "next", href: head.next });
  const jsonLd = [businessJsonLd, head.jsonLd].filter((text): text is string => Boolean(text));
  return { title: head.title, meta, link, jsonLd };
}

const escapeHtml = (text: string): string =>
  text.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;").replace(/"/g, "&quot;");

const attributes = (attrs: Record<string, string>): string =>
  Object.entries(attrs)
    .map(([name, value]) => ` ${name}="${escapeHtml(value)}"`)
    .join("");

/** The same tags as HTML, for the prerendered <head>. */
export function headHtml(head: RouteHead, businessJsonLd: string | null): string {
  const data = headData(head, businessJsonLd);
  const mark = ` ${PRERENDERED_ATTRIBUTE}`;
  return [
    `<title${mark}>${escapeHtml(data.title)}</title>`,
    ...data.meta.map((attrs) => `<meta${attributes(attrs)}${mark}>`),
    ...data.link.map((attrs) => `<link${attributes(attrs)}${mark}>`),
    // Written as is: the pipeline already made the text safe inside a script element.
    ...data.jsonLd.map((text) => `<script type="application/ld+json"${mark}>${text}</script>`),
  ].join("\n    ");
}
