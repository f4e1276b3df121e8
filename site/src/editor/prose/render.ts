/**
 * A prose cell's HTML as the build writes it: `render_markdown(...).html` of
 * tools/contenu/render/markdown.py, step by step over the same strings: Markdown → HTML
 * (markdown.ts), sanitised (the carnet's one sanitiser, preview/sanitise.ts) unless it
 * holds only the plain tags pyromark writes, French typography on the text nodes outside
 * `pre` and `code`, heading ids, `rel` on external links. The problems the build reports (a refused link, a reserved id) are the validator's
 * business (core/), not the preview's: here an invalid given id is dropped as the build drops
 * it, and that is all.
 */
import { idProblem, isReserved } from "../core/ids.ts";
import { slugify } from "../emulated/slug.ts";
import model from "../generated/content-model.gen.json" with { type: "json" };
import { markdownToHtml } from "./markdown.ts";
import { typesetPart } from "./typeset-html.ts";
import { pyStrip, unescapeHtml } from "./python.ts";

const PLAIN_TAGS = new Set(model.sanitiser.plainTags.flatMap((tag) => [`<${tag}>`, `</${tag}>`]));
const ANY_TAG = /<[^>]*>?/g;
const RAW = /(<pre\b[\s\S]*?<\/pre>|<code\b[\s\S]*?<\/code>)/;
const TAG = /<[^>]*>/g;
const HEADING = /<(h[2-6])( id="[^"]*")?>([\s\S]*?)<\/\1>/g;

/** `_is_plain`: HTML nh3 would give back unchanged, so it is not sanitised. */
function isPlain(html: string): boolean {
  if (html.includes("\u00a0")) return false;
  const tags = html.match(ANY_TAG) ?? [];
  return html.split("<").length - 1 === tags.length && tags.every((tag) => PLAIN_TAGS.has(tag));
}

/** `_unique`: `ident`, or it with the first free suffix (-2, -3…). */
function unique(ident: string, taken: Set<string>, suffixes: Map<string, number>): string {
  if (!taken.has(ident) && !isReserved(ident)) return ident;
  let n = suffixes.get(ident) ?? 2;
  while (taken.has(`${ident}-${n}`) || isReserved(`${ident}-${n}`)) n++;
  suffixes.set(ident, n + 1);
  return `${ident}-${n}`;
}

function withHeadingIds(html: string): string {
  const taken = new Set<string>();
  const suffixes = new Map<string, number>();
  return html.replace(HEADING, (whole, tag: string, given: string | undefined, inner: string) => {
    if (given) {
      const ident = unescapeHtml(given.slice(5, -1));
      if (idProblem(ident) === null) {
        taken.add(ident);
        return whole;
      }
    }
    let text = inner.includes("<") ? inner.replace(TAG, "") : inner;
    text = text.includes("&") ? unescapeHtml(text) : text;
    const ident = unique(slugify(text, "section"), taken, suffixes);
    taken.add(ident);
    return `<${tag} id="${ident}">${inner}</${tag}>`;
  });
}

/** The build's HTML for the Markdown of a prose cell (variables already replaced). */
export function renderProse(markdown: string, sanitize: (html: string) => string): string {
  const raw = markdownToHtml(markdown);
  const clean = pyStrip(isPlain(raw) ? raw : sanitize(raw));
  const parts = clean.split(RAW); // odd indexes: code and pre, kept as they are
  for (let i = 0; i < parts.length; i += 2) parts[i] = typesetPart(parts[i]!);
  const out = parts.join("");
  // The build's last step, `rel` on external links, is the sanitiser's (it adds it as the
  // build does, after the other attributes): no link reaches here without it.
  return out.includes("<h") ? withHeadingIds(out) : out;
}
