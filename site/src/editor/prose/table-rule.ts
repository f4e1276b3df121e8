/**
 * GFM tables: markdown-it's table rule read as pulldown-cmark reads tables: a cell's text is
 * trimmed of ASCII blanks only (a no-break space at its edge stays, and gets its French
 * typography); the header line needs a « | » that is not escaped and the delimiter line a
 * « | » (`a\n---` is a heading); and only a table whose header line starts with « | » may
 * interrupt a paragraph (pulldown-cmark's « heavy » tables).
 */
import type { StateBlock } from "markdown-it";

const PIPE = 0x7c;
const isSpace = (code: number) => code === 0x20 || code === 0x09;
const asciiTrim = (text: string) => text.replace(/^[ \t\n\r]+/, "").replace(/(?<![ \t\n\r])[ \t\n\r]+$/, "");

function lineOf(state: StateBlock, line: number): string {
  return state.src.slice(state.bMarks[line]! + state.tShift[line]!, state.eMarks[line]!);
}

/** The cells of a row: split at every « | » not escaped, « \| » read as « | ». */
function cells(text: string): string[] {
  const result: string[] = [];
  let current = "";
  let last = 0;
  let escaped = false;
  for (let pos = 0; pos < text.length; pos++) {
    const code = text.charCodeAt(pos);
    if (code === PIPE) {
      if (!escaped) {
        result.push(current + text.slice(last, pos));
        current = "";
        last = pos + 1;
      } else {
        current += text.slice(last, pos - 1);
        last = pos;
      }
    }
    escaped = code === 0x5c;
  }
  result.push(current + text.slice(last));
  if (result.length && result[0] === "") result.shift();
  if (result.length && result[result.length - 1] === "") result.pop();
  return result;
}

function alignments(state: StateBlock, line: number): string[] | null {
  let pos = state.bMarks[line]! + state.tShift[line]!;
  const max = state.eMarks[line]!;
  if (pos >= max) return null;
  const first = state.src.charCodeAt(pos++);
  if (first !== PIPE && first !== 0x2d && first !== 0x3a) return null;
  if (pos >= max) return null;
  const second = state.src.charCodeAt(pos++);
  if (second !== PIPE && second !== 0x2d && second !== 0x3a && !isSpace(second)) return null;
  if (first === 0x2d && isSpace(second)) return null;
  for (; pos < max; pos++) {
    const code = state.src.charCodeAt(pos);
    if (code !== PIPE && code !== 0x2d && code !== 0x3a && !isSpace(code)) return null;
  }
  const columns = lineOf(state, line).split("|");
  if (columns.length < 2) return null;
  const aligns: string[] = [];
  for (let i = 0; i < columns.length; i++) {
    const text = asciiTrim(columns[i]!);
    if (!text) {
      if (i === 0 || i === columns.length - 1) continue;
      return null;
    }
    if (!/^:?-+:?$/.test(text)) return null;
    if (text.endsWith(":")) aligns.push(text.startsWith(":") ? "center" : "right");
    else aligns.push(text.startsWith(":") ? "left" : "");
  }
  return aligns;
}

function pushRow(state: StateBlock, cellTag: "th" | "td", columns: readonly string[], aligns: readonly string[]): void {
  state.push("tr_open", "tr", 1);
  aligns.forEach((align, i) => {
    const open = state.push(`${cellTag}_open`, cellTag, 1);
    if (align) open.attrs = [["style", `text-align:${align}`]];
    const inline = state.push("inline", "", 0);
    inline.content = asciiTrim(columns[i] ?? "");
    inline.children = [];
    state.push(`${cellTag}_close`, cellTag, -1);
  });
  state.push("tr_close", "tr", -1);
}

export function table(state: StateBlock, startLine: number, endLine: number, silent: boolean): boolean {
  if (startLine + 2 > endLine) return false;
  const next = startLine + 1;
  if (state.sCount[next]! < state.blkIndent || state.sCount[next]! - state.blkIndent >= 4) return false;
  const aligns = alignments(state, next);
  if (!aligns) return false;
  const header = asciiTrim(lineOf(state, startLine));
  if (!/(?:^|[^\\])\|/.test(header) || state.sCount[startLine]! - state.blkIndent >= 4) return false;
  if (silent && state.parentType === "paragraph" && !header.startsWith("|")) return false;
  const columns = cells(header);
  if (columns.length === 0 || columns.length !== aligns.length) return false;
  if (silent) return true;
  const oldParentType = state.parentType;
  state.parentType = "table";
  const terminators = state.md.block.ruler.getRules("blockquote");
  const open = state.push("table_open", "table", 1);
  const lines: [number, number] = [startLine, 0];
  open.map = lines;
  state.push("thead_open", "thead", 1);
  pushRow(state, "th", columns, aligns);
  state.push("thead_close", "thead", -1);
  let line = startLine + 2;
  for (; line < endLine; line++) {
    if (state.sCount[line]! < state.blkIndent) break;
    if (terminators.some((rule) => rule(state, line, endLine, true))) break;
    const text = asciiTrim(lineOf(state, line));
    if (!text || state.sCount[line]! - state.blkIndent >= 4) break;
    pushRow(state, "td", cells(text), aligns);
  }
  state.push("table_close", "table", -1);
  lines[1] = line;
  state.parentType = oldParentType;
  state.line = line;
  return true;
}
