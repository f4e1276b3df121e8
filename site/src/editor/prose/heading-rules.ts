/**
 * Headings with pulldown-cmark's attribute blocks (`## Titre {#ancre}`, ENABLE_HEADING_ATTRIBUTES
 * of the build): the ATX rule of markdown-it cutting the text as pulldown-cmark cuts it (the
 * attribute block first, then the closing « # »), and the same block at the end of a setext
 * heading. The attributes ride on the `heading_open` token's `meta`.
 */
import type { StateBlock, StateCore } from "markdown-it";

export interface HeadingAttributes extends Record<string, unknown> {
  id?: string;
  classes: string[];
  attrs: [string, string | null][];
}

const ATTRIBUTE_BLOCK_STOP = new Set(["{", "}", "<", ">", "\\", "\n", "\r"]);

/** pulldown-cmark's `extract_attribute_block_content_from_header_text` and
 * `parse_inside_attribute_block`: where the heading's text ends, and its attributes. */
export function attributeBlock(heading: string): { contentEnd: number; attributes: HeadingAttributes | null } {
  let end = heading.length;
  while (end > 0 && " \t\n\r".includes(heading[end - 1]!)) end--;
  if (end === 0 || heading[end - 1] !== "}") return { contentEnd: heading.length, attributes: null };
  const close = end - 1;
  let open = close;
  while (open > 0 && !ATTRIBUTE_BLOCK_STOP.has(heading[open - 1]!)) open--;
  if (open === 0 || heading[open - 1] !== "{") return { contentEnd: heading.length, attributes: null };
  const attributes: HeadingAttributes = { classes: [], attrs: [] };
  for (const attr of heading.slice(open, close).split(/[\t\n\f\r ]+/)) {
    if (attr.length <= 1) continue;
    if (attr[0] === "#") attributes.id = attr.slice(1);
    else if (attr[0] === ".") attributes.classes.push(attr.slice(1));
    else {
      const equals = attr.indexOf("=");
      attributes.attrs.push(equals < 0 ? [attr, null] : [attr.slice(0, equals), attr.slice(equals + 1)]);
    }
  }
  return { contentEnd: open - 1, attributes };
}

/** The heading's text without its closing sequence (pulldown-cmark's `parse_atx_heading`):
 * trailing line ends and spaces (not tabs) go, then a run of « # » preceded by a space. */
function withoutClosing(text: string): string {
  let limit = text.length;
  while (limit > 0 && "\n\r ".includes(text[limit - 1]!)) limit--;
  let closer = limit;
  while (closer > 0 && text[closer - 1] === "#") closer--;
  if (closer === 0) return "";
  let spaces = closer;
  while (spaces > 0 && text[spaces - 1] === " ") spaces--;
  return spaces < closer ? text.slice(0, spaces) : text.slice(0, limit);
}

const isSpace = (code: number) => code === 0x20 || code === 0x09;

/** ATX headings (markdown-it's rule) whose text and attributes are cut as pulldown-cmark
 * cuts them: the attribute block first, then the closing « # ». */
export function atxHeading(state: StateBlock, startLine: number, _endLine: number, silent: boolean): boolean {
  let pos = state.bMarks[startLine]! + state.tShift[startLine]!;
  const max = state.eMarks[startLine]!;
  if (state.sCount[startLine]! - state.blkIndent >= 4) return false;
  if (state.src.charCodeAt(pos) !== 0x23 || pos >= max) return false;
  let level = 1;
  let ch = state.src.charCodeAt(++pos);
  while (ch === 0x23 && pos < max && level <= 6) {
    level++;
    ch = state.src.charCodeAt(++pos);
  }
  if (level > 6 || (pos < max && !isSpace(ch))) return false;
  if (silent) return true;
  while (pos < max && isSpace(state.src.charCodeAt(pos))) pos++;
  const line = state.src.slice(pos, max);
  const { contentEnd, attributes } = attributeBlock(line);
  state.line = startLine + 1;
  const open = state.push("heading_open", `h${level}`, 1);
  open.markup = "#";
  open.map = [startLine, state.line];
  open.meta = attributes;
  const inline = state.push("inline", "", 0);
  inline.content = withoutClosing(line.slice(0, contentEnd));
  inline.map = [startLine, state.line];
  inline.children = [];
  state.push("heading_close", `h${level}`, -1);
  return true;
}

/** Setext headings: the attribute block ends their last line. */
export function setextAttributes(state: StateCore): boolean {
  state.tokens.forEach((token, index) => {
    if (token.type !== "heading_open" || token.markup === "#") return;
    const inline = state.tokens[index + 1]!;
    const { contentEnd, attributes } = attributeBlock(inline.content);
    if (!attributes) return;
    token.meta = attributes;
    inline.content = inline.content.slice(0, contentEnd).replace(/[ \t]+$/, "");
  });
  return false;
}
