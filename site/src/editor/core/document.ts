/**
 * A content file as a notebook: the frontmatter and the ordered cells of its body, split
 * exactly as the pipeline splits them (tools/contenu/pipeline/load.py), keeping every byte
 * needed to write the file back unchanged: BOM, line ends, the `---` lines, the blank lines
 * between cells and each fence as it was typed.
 */
import { parseDocument as parseYaml, type Document } from "yaml";
import { shape } from "./rules.ts";

/** A prose cell: Markdown between component cells (ordinary ``` fences stay in it). */
export interface ProseCell {
  kind: "prose";
  /** The Markdown, from its first to its last line that is not blank, without final "\n". */
  markdown: string;
  /** The blank lines written before it (kept to write the file back as it was). */
  lead: string[];
}

/** A component cell: a ```{type} fence with a YAML mapping inside. */
export interface ComponentCell {
  kind: "cell";
  type: string;
  /** The YAML inside the fence, comments and formatting included. */
  yaml: Document;
  /** The YAML text as written (what `yaml` was parsed from), each line ending in "\n". */
  text: string;
  /** The opening fence line as typed ("```{hero}", "~~~ { hero }"). */
  open: string;
  /** The closing fence line as typed, or null when the cell is never closed. */
  close: string | null;
  lead: string[];
}

export type BodyCell = ProseCell | ComponentCell;

export interface Frontmatter {
  yaml: Document;
  /** The YAML text between the two `---` lines, "" or ending in "\n". */
  text: string;
  open: string;
  /** The closing line ("---" or "..."), or null when the frontmatter is never closed. */
  close: string | null;
}

export interface EditorDocument {
  path: string;
  frontmatter: Frontmatter | null;
  cells: BodyCell[];
  /** Blank lines after the last cell (the file's final newline is one of them). */
  trail: string[];
  /** How the file was written on disk: restored by serializeDocument. */
  encoding: { bom: boolean; eol: "\n" | "\r\n" };
  /** The exact text given to parseDocument when its line ends were mixed (CR, CRLF and LF
   * together): written back as is while nothing changed. */
  original: string | null;
}

/** A fence line and a cell's `{name}`: the pipeline's own patterns (pipeline/load.py),
 * linear on any line (a lazy name between two runs of spaces took cubic time). */
export const FENCE = shape("fence");
const CELL_INFO = shape("cell_info");

export function parseYamlText(text: string): Document {
  // Every scalar as text ("failsafe"): emulated/pyyaml.ts resolves plain scalars as the
  // pipeline's reader does, which is not YAML 1.2's core schema.
  return parseYaml(text, { keepSourceTokens: true, uniqueKeys: false, schema: "failsafe" });
}

/** The frontmatter's YAML as the pipeline parses it: without the newline of its last line
 * (a `|` block there ends without one), unlike a cell's YAML. */
export function parseFrontmatterYaml(text: string): Document {
  return parseYamlText(text.endsWith("\n") ? text.slice(0, -1) : text);
}

/** Lines of a YAML block as stored: joined, each ending in "\n" ("" for none). */
function yamlText(lines: string[]): string {
  return lines.map((line) => line + "\n").join("");
}

function isBlank(line: string): boolean {
  return line.trim() === "";
}

function closes(line: string, marker: string): boolean {
  const fence = FENCE.exec(line);
  return (
    fence !== null &&
    fence.groups!.marker![0] === marker[0] &&
    fence.groups!.marker!.length >= marker.length &&
    fence.groups!.info!.trim() === ""
  );
}

/** Prose lines (with their surrounding blank lines) → cells, blank lines kept as leads. */
function pushProse(cells: BodyCell[], lines: string[], pending: string[]): string[] {
  let start = 0;
  while (start < lines.length && isBlank(lines[start]!)) start++;
  if (start === lines.length) return [...pending, ...lines];
  let end = lines.length;
  while (isBlank(lines[end - 1]!)) end--;
  cells.push({
    kind: "prose",
    markdown: lines.slice(start, end).join("\n"),
    lead: [...pending, ...lines.slice(0, start)],
  });
  return lines.slice(end);
}

function splitBody(lines: string[]): { cells: BodyCell[]; trail: string[] } {
  const cells: BodyCell[] = [];
  let pending: string[] = []; // blank lines waiting for the next cell
  let prose: string[] = [];
  let ordinary: string | null = null; // marker of an ordinary fence we are inside
  let i = 0;
  while (i < lines.length) {
    const line = lines[i]!;
    if (ordinary !== null) {
      if (closes(line, ordinary)) ordinary = null;
      prose.push(line);
      i++;
      continue;
    }
    const fence = FENCE.exec(line);
    const info = fence ? CELL_INFO.exec(fence.groups!.info!.trim()) : null;
    if (fence && info) {
      pending = pushProse(cells, prose, pending);
      prose = [];
      const marker = fence.groups!.marker!;
      let j = i + 1;
      while (j < lines.length && !closes(lines[j]!, marker)) j++;
      const text = yamlText(lines.slice(i + 1, j));
      cells.push({
        kind: "cell",
        type: info.groups!.name!.trim(),
        yaml: parseYamlText(text),
        text,
        open: line,
        close: j < lines.length ? lines[j]! : null,
        lead: pending,
      });
      pending = [];
      i = j + 1;
      continue;
    }
    if (fence) ordinary = fence.groups!.marker!;
    prose.push(line);
    i++;
  }
  pending = pushProse(cells, prose, pending);
  return { cells, trail: pending };
}

/** A content file (its path relative to the repository or to content/, and its text). */
export function parseDocument(path: string, text: string): EditorDocument {
  const bom = text.startsWith("\ufeff");
  const body = bom ? text.slice(1) : text;
  const crlf = body.includes("\r\n");
  const normal = body.replace(/\r\n?/g, "\n");
  const eol = crlf ? "\r\n" : "\n";
  const uniform = (bom ? "\ufeff" : "") + normal.replaceAll("\n", eol) === text;
  const lines = normal.split("\n");
  let frontmatter: Frontmatter | null = null;
  let bodyStart = 0;
  if (lines.length > 0 && lines[0]!.trimEnd() === "---") {
    let end = 1;
    while (end < lines.length && !["---", "..."].includes(lines[end]!.trimEnd())) end++;
    const closed = end < lines.length;
    const text = yamlText(lines.slice(1, end));
    frontmatter = {
      yaml: parseFrontmatterYaml(text),
      text,
      open: lines[0]!,
      close: closed ? lines[end]! : null,
    };
    bodyStart = closed ? end + 1 : lines.length;
  }
  const { cells, trail } = splitBody(lines.slice(bodyStart));
  return {
    path,
    frontmatter,
    cells,
    trail,
    encoding: { bom, eol },
    original: uniform ? null : text,
  };
}

/** The lines of a YAML block ("a\nb\n" → ["a", "b"]). */
function linesOf(text: string): string[] {
  if (text === "") return [];
  const lines = text.split("\n");
  if (lines[lines.length - 1] === "") lines.pop();
  return lines;
}

/** The file's text, byte for byte what was parsed when nothing changed. */
export function serializeDocument(doc: EditorDocument): string {
  if (doc.original !== null) return doc.original;
  const lines: string[] = [];
  if (doc.frontmatter) {
    lines.push(doc.frontmatter.open, ...linesOf(doc.frontmatter.text));
    if (doc.frontmatter.close !== null) lines.push(doc.frontmatter.close);
  }
  for (const cell of doc.cells) {
    lines.push(...cell.lead);
    if (cell.kind === "prose") {
      lines.push(cell.markdown);
    } else {
      lines.push(cell.open, ...linesOf(cell.text));
      if (cell.close !== null) lines.push(cell.close);
    }
  }
  lines.push(...doc.trail);
  const text = lines.join("\n");
  return (doc.encoding.bom ? "\ufeff" : "") + (doc.encoding.eol === "\n" ? text : text.replaceAll("\n", "\r\n"));
}
