/**
 * Edits of a notebook. Each returns a new document and leaves the one given unchanged; the
 * lines not concerned by the edit are written back as they were.
 */
import type { Document } from "yaml";
import { parseFrontmatterYaml, parseYamlText, type BodyCell, type ComponentCell, type EditorDocument, type ProseCell } from "./document.ts";
import { cellType } from "./model.ts";
import { moveYamlItem, setYamlValue, type Path } from "./yaml-edit.ts";
import { plain, pyDataOf } from "../emulated/pyyaml.ts";

/** The frontmatter, or the index of a component cell in `doc.cells`. */
export type Target = "frontmatter" | number;

function yamlBlock(doc: EditorDocument, target: Target): { text: string; yaml: Document } {
  if (target === "frontmatter") {
    return doc.frontmatter ?? { text: "", yaml: parseYamlText("") };
  }
  const cell = doc.cells[target];
  if (!cell || cell.kind !== "cell") throw new RangeError(`no component cell at index ${target}`);
  return cell;
}

function withYaml(doc: EditorDocument, target: Target, text: string): EditorDocument {
  if (target === "frontmatter") {
    const yaml = parseFrontmatterYaml(text);
    const frontmatter = doc.frontmatter ?? { open: "---", close: "---", text: "", yaml };
    return { ...doc, original: null, frontmatter: { ...frontmatter, text, yaml } };
  }
  const cells = doc.cells.slice();
  cells[target] = { ...(cells[target] as ComponentCell), text, yaml: parseYamlText(text) };
  return { ...doc, original: null, cells };
}

/** Set the value at `path` (keys and list indexes) of the frontmatter or of a cell; `undefined`
 * removes it. Only that value's lines change. */
export function setValue(doc: EditorDocument, target: Target, path: Path, value: unknown): EditorDocument {
  const block = yamlBlock(doc, target);
  return withYaml(doc, target, setYamlValue(block.text, block.yaml, path, value));
}

/** Move the list item `from` of the list at `path` to position `to`, comments with it. */
export function moveItem(doc: EditorDocument, target: Target, path: Path, from: number, to: number): EditorDocument {
  const block = yamlBlock(doc, target);
  return withYaml(doc, target, moveYamlItem(block.text, block.yaml, path, from, to));
}

/** The values of the frontmatter or of a cell, as `contenu check` reads them. */
export function dataOf(doc: EditorDocument, target: Target): unknown {
  return plain(pyDataOf(yamlBlock(doc, target).yaml));
}

/** Replace the Markdown of a prose cell. */
export function setProse(doc: EditorDocument, index: number, markdown: string): EditorDocument {
  const cell = doc.cells[index];
  if (!cell || cell.kind !== "prose") throw new RangeError(`no prose cell at index ${index}`);
  const cells = doc.cells.slice();
  cells[index] = { ...cell, markdown: markdown.replace(/\n+$/, "") };
  return { ...doc, original: null, cells };
}

/** A new cell of `type` ("prose" or a cell type's name), its YAML the type's start. */
export function newCell(type: string): BodyCell {
  if (type === "prose") return { kind: "prose", markdown: "", lead: [""] } satisfies ProseCell;
  const known = cellType(type);
  if (!known) throw new RangeError(`unknown cell type ${type}`);
  const text = known.start;
  return { kind: "cell", type, yaml: parseYamlText(text), text, open: "```{" + type + "}", close: "```", lead: [""] };
}

/** Insert a new cell of `type` so that it ends up at `index`. */
export function insertCell(doc: EditorDocument, index: number, type: string): EditorDocument {
  const cells = doc.cells.slice();
  cells.splice(index, 0, newCell(type));
  return { ...doc, original: null, cells, trail: doc.trail.length ? doc.trail : [""] };
}

/** A cell moved next to another keeps at least one blank line before it. */
function separated(cell: BodyCell): BodyCell {
  return cell.lead.length ? cell : { ...cell, lead: [""] };
}

export function moveCell(doc: EditorDocument, from: number, to: number): EditorDocument {
  if (from === to || !doc.cells[from] || to < 0 || to >= doc.cells.length) return doc;
  const cells = doc.cells.slice();
  const [moved] = cells.splice(from, 1);
  cells.splice(to, 0, moved!);
  cells[to] = separated(cells[to]!);
  if (cells[from]) cells[from] = separated(cells[from]!);
  return { ...doc, original: null, cells };
}

export function removeCell(doc: EditorDocument, index: number): EditorDocument {
  if (!doc.cells[index]) return doc;
  const cells = doc.cells.slice();
  cells.splice(index, 1);
  return { ...doc, original: null, cells };
}
