/**
 * French typography on the text nodes of sanitised HTML: `_typeset_part` of
 * tools/contenu/render/markdown.py with `french_typography_html` of
 * tools/contenu/text/typography.py, over the same serialised string. The text rules are the
 * editor's port (emulated/typography.ts); they run here node by node, which the Python module
 * shows gives what its one pass over the joined nodes gives (a node boundary is the end of a
 * text to every rule).
 */
import { frenchTypography } from "../emulated/typography.ts";
import { unescapeHtml } from "./python.ts";

const NBSP = "\u00a0";
// Entities a serialiser writes in text, swapped for private-use characters while the rules
// run so that their « ; » is not taken for punctuation.
const ENTITIES: [string, string][] = [
  ["&amp;", "\ue000"],
  ["&lt;", "\ue001"],
  ["&gt;", "\ue002"],
];
const PRIVATE = /[\ue000-\ue002]/;
const TAG = /(<[^<>]*>)/;
// ">" then a text node holding a character French typography may change.
const TEXT_NEEDING_TYPOGRAPHY = />[^<>]*?['":;!?«»][^<>]*/g;

function typesetTextNodes(fragment: string): string {
  const parts = fragment.split(TAG);
  for (let i = 0; i < parts.length; i += 2) parts[i] = frenchTypography(parts[i]!);
  return parts.join("");
}

/** `french_typography_html`, or null when the fragment holds the private-use characters. */
function typographyHtml(fragment: string): string | null {
  if (PRIVATE.test(fragment)) return null;
  let out = fragment.replaceAll("&nbsp;", NBSP);
  for (const [entity, mark] of ENTITIES) out = out.replaceAll(entity, mark);
  out = typesetTextNodes(out);
  for (const [entity, mark] of ENTITIES) out = out.replaceAll(mark, entity);
  return out;
}

const ESCAPES: Record<string, string> = { "&": "&amp;", "<": "&lt;", ">": "&gt;" };

/** Python's `_typeset`: one text node unescaped, typeset and escaped again. */
function typesetNode(match: string): string {
  const text = match.slice(1);
  if (!text.includes("&")) return ">" + frenchTypography(text);
  return ">" + frenchTypography(unescapeHtml(text)).replace(/[&<>]/g, (c) => ESCAPES[c]!);
}

/** `_typeset_part`: a part of the HTML with no `pre` or `code` element. */
export function typesetPart(part: string): string {
  const fast = typographyHtml(part);
  if (fast !== null) return fast;
  return (">" + part).replace(TEXT_NEEDING_TYPOGRAPHY, typesetNode).slice(1);
}
