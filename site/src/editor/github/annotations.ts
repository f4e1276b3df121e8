// The checks' annotations of the proposal, shown in the notebook at their cell: each
// annotation's line is found among the document's parts (the frontmatter, then each cell,
// as parseDocument splits them) and becomes a diagnostic of that part, titled by its field.
import { createContext, useContext } from "react";
import type { EditorDiagnostic, EditorDocument } from "../core/index.ts";
import type { Annotation } from "./checks";

/** The annotations of the last checks read (GitHubEditor provides them). */
export const CheckAnnotations = createContext<readonly Annotation[]>([]);

const count = (text: string) => (text === "" ? 0 : text.replace(/\n$/, "").split("\n").length);

/** Which part of `doc` holds the 1-based `line`: "frontmatter", a cell index, or null. */
export function partAt(doc: EditorDocument, line: number): "frontmatter" | number | null {
  let next = 1;
  if (doc.frontmatter) {
    next += 1 + count(doc.frontmatter.text) + (doc.frontmatter.close === null ? 0 : 1);
    if (line < next) return "frontmatter";
  }
  for (const [index, cell] of doc.cells.entries()) {
    const lines = cell.kind === "prose" ? count(cell.markdown) : 1 + count(cell.text) + (cell.close === null ? 0 : 1);
    next += cell.lead.length + lines;
    if (line < next) return index;
  }
  return null;
}

/** The annotations of content/`path` as diagnostics of `doc`'s parts. */
export function useCheckDiagnostics(path: string, doc: EditorDocument | null): EditorDiagnostic[] {
  const annotations = useContext(CheckAnnotations);
  if (!doc) return [];
  return annotations
    .filter((a) => a.path === `content/${path}`)
    .map((a) => ({
      target: partAt(doc, a.line),
      path: [],
      field: a.title,
      line: a.line,
      message: a.message,
      severity: a.level === "failure" ? "error" : "warning",
    }));
}
