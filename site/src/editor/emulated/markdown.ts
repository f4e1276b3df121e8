/**
 * What the pipeline's renderer (tools/contenu/render/markdown.py: pyromark) reads in a prose
 * cell, as far as `contenu check` needs it: a heading's text and its given id (`{#id}`), and
 * the targets of the links and images. Each is read in one pass over the text: the regular
 * expressions they replace took quadratic time on a long run of spaces after « # a » or on
 * thousands of « [ » (a keystroke froze the carnet for seconds), and give the same results
 * (markdown.test.ts compares them on generated text).
 */

const BLANK = (char: string | undefined) => char === " " || char === "\t";
// JavaScript's \s, which the replaced expressions used.
const SPACE = /\s/;
const isSpace = (char: string | undefined) => char !== undefined && SPACE.test(char);

const OPEN = /^ {0,3}#{1,6}[ \t]+/;
// What the replaced expression's « . » could not cross.
const LINE_END = /[\n\r\u2028\u2029]/;

/** The text of an ATX heading line without its closing « # »s, or null for another line. */
export function headingText(line: string): string | null {
  const open = OPEN.exec(line);
  if (!open) return null;
  const rest = line.slice(open[0].length);
  if (LINE_END.test(rest)) return null;
  let end = rest.length;
  while (end > 0 && BLANK(rest[end - 1])) end--;
  let hashes = end;
  while (hashes > 0 && rest[hashes - 1] === "#") hashes--;
  if (hashes === end || hashes === 0 || !BLANK(rest[hashes - 1])) return rest.slice(0, end);
  let start = hashes;
  while (start > 0 && BLANK(rest[start - 1])) start--;
  return rest.slice(0, start);
}

/** The id given at the end of a heading's text (« Titre {#mon-id} ») and where its mark
 * starts (spaces before it included), or null. */
export function givenId(text: string): { id: string; at: number } | null {
  if (!text.endsWith("}")) return null;
  const close = text.length - 1;
  let run = close; // the characters before « } » that are neither « } » nor a space
  while (run > 0 && text[run - 1] !== "}" && !isSpace(text[run - 1])) run--;
  const open = text.indexOf("{#", run);
  if (open < 0 || open + 2 >= close) return null;
  let at = open;
  while (at > 0 && BLANK(text[at - 1])) at--;
  return { id: text.slice(open + 2, close), at };
}

/** Reads the link targets of one text, each position at most a few times. */
class LinkReader {
  private stopFrom = -1;
  private stopAt = -1;
  private readonly after = new Map<number, number | null>();

  constructor(private readonly text: string) {}

  /** The first « ) », « > » or space at or after `i` (the end of a target). */
  private stop(i: number): number {
    if (i >= this.stopFrom && i <= this.stopAt) return this.stopAt;
    let j = i;
    while (j < this.text.length && !(this.text[j] === ")" || this.text[j] === ">" || isSpace(this.text[j]))) j++;
    this.stopFrom = i;
    this.stopAt = j;
    return j;
  }

  private skipSpaces(i: number): number {
    while (i < this.text.length && isSpace(this.text[i])) i++;
    return i;
  }

  /** After a target ending at `end`: `>`, an optional title, `)`. The index after `)`. */
  private close(end: number): number | null {
    if (!this.after.has(end)) this.after.set(end, this.closeUncached(end));
    return this.after.get(end)!;
  }

  private closeUncached(end: number): number | null {
    const text = this.text;
    const j = text[end] === ">" ? end + 1 : end;
    const k = this.skipSpaces(j);
    if (k > j && (text[k] === '"' || text[k] === "'")) {
      const quote = text.indexOf(text[k]!, k + 1);
      if (quote >= 0) {
        const m = this.skipSpaces(quote + 1);
        if (text[m] === ")") return m + 1;
      }
    }
    return text[k] === ")" ? k + 1 : null;
  }

  /** The target of a link whose « ( » is just before `start`, and the end of the link. */
  target(start: number): { url: string; end: number } | null {
    const i = this.skipSpaces(start);
    const angle = this.text[i] === "<";
    const end = this.stop(i);
    if (end === i) return null;
    const after = this.close(end);
    if (after === null) return null;
    return { url: angle && end > i + 1 ? this.text.slice(i + 1, end) : this.text.slice(i, end), end: after };
  }
}

/** Each link's and image's target, in order: `[text](target "title")`, `![alt](<target>)`. */
export function markdownLinks(markdown: string): string[] {
  const reader = new LinkReader(markdown);
  const urls: string[] = [];
  let open = markdown.indexOf("[");
  while (open >= 0) {
    const close = markdown.indexOf("]", open + 1);
    if (close < 0) break;
    const found = markdown[close + 1] === "(" ? reader.target(close + 2) : null;
    if (found) urls.push(found.url);
    // Every « [ » before this « ] » ends its text at it: same answer, not read again.
    open = markdown.indexOf("[", found ? found.end : close + 1);
  }
  return urls;
}

/** The text with each link `[text](…)` (and image) replaced by its text. */
export function withoutLinks(text: string): string {
  const out: string[] = [];
  let last = 0;
  let open = text.indexOf("[");
  while (open >= 0) {
    const close = text.indexOf("]", open + 1);
    if (close < 0) break;
    const end = text[close + 1] === "(" ? text.indexOf(")", close + 2) : -1;
    if (text[close + 1] === "(" && end < 0) break; // no « ) » left for any later link
    if (end >= 0) {
      const start = open > last && text[open - 1] === "!" ? open - 1 : open;
      out.push(text.slice(last, start), text.slice(open + 1, close));
      last = end + 1;
    }
    open = text.indexOf("[", end >= 0 ? end + 1 : close + 1);
  }
  out.push(text.slice(last));
  return out.join("");
}
