// What Enter, Shift+Enter and « Lien » write in a text cell's Markdown, as a writing tool
// would: Enter starts a new paragraph (a blank line) or the next item of a list, Shift+Enter
// breaks the line inside the paragraph; a link is written whole, its text and address escaped.

/** What Enter writes: `insert` in place of the text from `from` to the caret. */
export interface EnterEdit {
  from: number;
  insert: string;
}

const LIST_ITEM = /^(\s*)(?:([-*+])|(\d{1,9})([.)]))(\s+)(.*)$/;

/** What Enter does at `at` (the caret, nothing selected) of `text`. */
export function enterAt(text: string, at: number): EnterEdit {
  const lineStart = text.lastIndexOf("\n", at - 1) + 1;
  const before = text.slice(lineStart, at);
  const item = LIST_ITEM.exec(before);
  if (item) {
    const [, indent, bullet, number, delimiter, space, content] = item as unknown as string[];
    // An empty item ends the list: its marker goes, a blank line sets what follows apart.
    if (!content!.trim() && !text.slice(at).split("\n", 1)[0]!.trim()) return { from: lineStart, insert: "\n" };
    const marker = bullet ?? `${Number(number) + 1}${delimiter}`;
    return { from: at, insert: `\n${indent}${marker}${space}` };
  }
  // On an empty line, a paragraph is already apart: one line more.
  if (!before.trim()) return { from: at, insert: "\n" };
  return { from: at, insert: "\n\n" };
}

/** Shift+Enter: a line break inside the paragraph (Markdown's two spaces at the line's end). */
export const LINE_BREAK = "  \n";

/** `[text](address)`, with the brackets of the text and an address's spaces made safe. */
export function markdownLink(text: string, address: string): string {
  const label = text.replace(/\\/g, "\\\\").replace(/([[\]])/g, "\\$1").replace(/\s*\n\s*/g, " ");
  const target = /[\s()<>]/.test(address) ? `<${address.replace(/[<>]/g, encodeURIComponent)}>` : address;
  return `[${label}](${target})`;
}
