// The entries of « Plan du document »: the header, then each cell with a few of its words, so
// two « Texte » cells are told apart. Nothing here names a cell type or a field: a component
// cell shows its first required text (its title, most often), from its schema.
import { CELL_TYPES, SCHEMAS, dataOf, type BodyCell, type EditorDocument, type Target } from "../core/index.ts";
import { t } from "../texts.ts";
import { cellLabel } from "./cell-label.ts";
import type { OutlineEntry } from "./Outline.tsx";

/** How many characters of a cell's words the outline shows. */
const DETAIL_LENGTH = 60;

export const FRONT_KEY = "frontmatter";

const short = (text: string) => {
  const line = text.replace(/\s+/g, " ").trim();
  return line.length > DETAIL_LENGTH ? `${line.slice(0, DETAIL_LENGTH - 1).trimEnd()}…` : line;
};

/** A prose cell's first line of text, its Markdown marks left out. */
function proseWords(markdown: string): string {
  const line = markdown.split("\n").find((l) => l.trim()) ?? "";
  return short(line.replace(/^\s*(?:#+|[-*+>]|\d+[.)])\s+/, "").replace(/[*_`]|\]\([^)]*\)|\[/g, ""));
}

/** A component cell's first required text. */
function cellWords(doc: EditorDocument, index: number, cell: BodyCell): string {
  if (cell.kind !== "cell") return "";
  const type = CELL_TYPES.find((c) => c.name === cell.type);
  const schema = type ? SCHEMAS[type.schema] : undefined;
  let data: unknown;
  try {
    data = dataOf(doc, index);
  } catch {
    return ""; // its YAML is unreadable: its message says so in the cell
  }
  const values = (data ?? {}) as Record<string, unknown>;
  const required = (schema?.required ?? []) as string[];
  const text = required.map((key) => values[key]).find((value) => typeof value === "string" && value.trim());
  return typeof text === "string" ? short(text) : "";
}

export function outlineEntries(
  doc: EditorDocument,
  ids: readonly number[],
  withFront: boolean,
  invalid: ReadonlySet<Target | null>,
): OutlineEntry[] {
  const front: OutlineEntry[] = withFront
    ? [{ key: FRONT_KEY, label: t("frontmatter"), number: null, detail: "", invalid: invalid.has("frontmatter") }]
    : [];
  return front.concat(
    doc.cells.map((cell, index) => ({
      key: String(ids[index]),
      label: cellLabel(cell),
      number: index + 1,
      detail: cell.kind === "prose" ? proseWords(cell.markdown) : cellWords(doc, index, cell),
      invalid: invalid.has(index),
    })),
  );
}
