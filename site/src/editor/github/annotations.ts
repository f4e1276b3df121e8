// The checks' annotations of the proposal, the GitHub backend's notes (../backend-notes.ts)
// shown in the notebook at their cell: each annotation's line is found among the document's
// parts (the frontmatter, then each cell, as parseDocument splits them) and becomes a
// diagnostic of that part, shown under the deepest field written on that line (at the part
// as a whole when none is: prose, a blank line).
import { isMap, isSeq, type Document, type Node } from "yaml";
import type { EditorDiagnostic, EditorDocument, Path } from "../core/index.ts";
import type { Annotation } from "./checks.ts";

const count = (text: string) => (text === "" ? 0 : text.replace(/\n$/, "").split("\n").length);

interface Part {
  target: "frontmatter" | number;
  /** The part's YAML (none for prose), the text it was parsed from, its first line in the file. */
  yaml?: { text: string; yaml: Document; firstLine: number };
}

function partOf(doc: EditorDocument, line: number): Part | null {
  let next = 1;
  if (doc.frontmatter) {
    const { text, yaml } = doc.frontmatter;
    const firstLine = next + 1;
    next += 1 + count(text) + (doc.frontmatter.close === null ? 0 : 1);
    if (line < next) return { target: "frontmatter", yaml: { text, yaml, firstLine } };
  }
  for (const [index, cell] of doc.cells.entries()) {
    const start = next + cell.lead.length;
    const lines = cell.kind === "prose" ? count(cell.markdown) : 1 + count(cell.text) + (cell.close === null ? 0 : 1);
    next += cell.lead.length + lines;
    if (line >= next) continue;
    if (cell.kind === "prose") return { target: index };
    return { target: index, yaml: { text: cell.text, yaml: cell.yaml, firstLine: start + 1 } };
  }
  return null;
}

/** Which part of `doc` holds the 1-based `line`: "frontmatter", a cell index, or null. */
export function partAt(doc: EditorDocument, line: number): "frontmatter" | number | null {
  return partOf(doc, line)?.target ?? null;
}

const rangeOf = (node: unknown) => (node as Node | null)?.range;

/** The keys and indexes of the deepest value of `node` that holds the text `offset`. */
function pathAt(node: unknown, offset: number): Path {
  if (isMap(node)) {
    for (const pair of node.items) {
      const key = pair.key as Node | null;
      const name = key && "value" in key ? String(key.value) : null;
      // A key's text runs from the key to the end of its value.
      const start = rangeOf(key)?.[0];
      const end = rangeOf(pair.value)?.[2] ?? rangeOf(key)?.[2];
      if (name !== null && start !== undefined && end !== undefined && start <= offset && offset < end) {
        return [name, ...pathAt(pair.value, offset)];
      }
    }
  } else if (isSeq(node)) {
    for (const [index, item] of node.items.entries()) {
      const range = rangeOf(item);
      if (range && range[0] <= offset && offset < range[2]) return [index, ...pathAt(item, offset)];
    }
  }
  return [];
}

/** The frontmatter or cell holding the 1-based file `line`, and the path of the field written
 * on that line ([] for prose, a blank line or a line of no field). */
export function fieldAt(doc: EditorDocument, line: number): { target: "frontmatter" | number | null; path: Path } {
  const part = partOf(doc, line);
  if (!part?.yaml) return { target: part?.target ?? null, path: [] };
  const { text, yaml, firstLine } = part.yaml;
  const lines = text.split("\n");
  const index = line - firstLine;
  if (index < 0 || index >= lines.length || lines[index]!.trim() === "") return { target: part.target, path: [] };
  // The line's last character: on a « - key: value » line, inside the value, not the dash.
  const before = lines.slice(0, index).reduce((sum, l) => sum + l.length + 1, 0);
  return { target: part.target, path: pathAt(yaml.contents, before + lines[index]!.trimEnd().length - 1) };
}

/** The annotations of content/`path` as diagnostics of `doc`'s parts. */
export function checkDiagnostics(annotations: readonly Annotation[], path: string, doc: EditorDocument): EditorDiagnostic[] {
  return annotations
    .filter((a) => a.path === `content/${path}`)
    .map((a) => ({
      ...fieldAt(doc, a.line),
      field: a.title,
      // contenu check titles an annotation with the field's French label and place.
      label: a.title,
      line: a.line,
      message: a.message,
      severity: a.level === "failure" ? "error" : "warning",
    }));
}
