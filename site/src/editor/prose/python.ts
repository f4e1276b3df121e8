/**
 * Python's text semantics the ports of this folder need: `str.isspace()` (which Python's
 * `\s` and `str.strip()` follow, and JavaScript's `\s` does not quite), and `html.unescape`
 * for what the renderer meets: HTML written by pyromark or by the sanitiser's serialiser,
 * whose only entities are these five and numeric references.
 */

/** The characters `str.isspace()` accepts, as the inside of a character class. */
export const PY_SPACE = "\\t-\\r\\x1c-\\x20\\x85\\xa0\\u1680\\u2000-\\u200a\\u2028\\u2029\\u202f\\u205f\\u3000";

const NAMED: Record<string, string> = { amp: "&", lt: "<", gt: ">", quot: '"', nbsp: "\u00a0", "#39": "'" };

export function unescapeHtml(text: string): string {
  if (!text.includes("&")) return text;
  return text.replace(/&(#[0-9]+|#[xX][0-9a-fA-F]+|[a-z]+);/g, (entity, name: string) => {
    if (name in NAMED) return NAMED[name]!;
    if (name[0] !== "#") return entity;
    const code = name[1] === "x" || name[1] === "X" ? parseInt(name.slice(2), 16) : parseInt(name.slice(1), 10);
    return code > 0 && code <= 0x10ffff && !(code >= 0xd800 && code <= 0xdfff) ? String.fromCodePoint(code) : "\ufffd";
  });
}

const IS_SPACE = new RegExp(`[${PY_SPACE}]`);

/** `str.strip()`, in linear time (a `\s+$` pattern would rescan every run of spaces). */
export function pyStrip(text: string): string {
  let start = 0;
  let end = text.length;
  while (start < end && IS_SPACE.test(text[start]!)) start++;
  while (end > start && IS_SPACE.test(text[end - 1]!)) end--;
  return text.slice(start, end);
}
