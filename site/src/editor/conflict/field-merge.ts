/** A three-way merge of one YAML block (the frontmatter, or a cell's YAML) field by field:
 * a field only one side changed is taken from that side; a mapping (and a list whose length
 * neither side changed) changed by both is merged inside, field by field; only a field both
 * sides changed differently is a conflict. The merged text is the coach's, with the taken
 * fields written by the editor's own YAML edits: every other line stays byte for byte. */

import { isMap, isSeq, type Document, type Node, type YAMLMap, type YAMLSeq } from "yaml";
import { parseFrontmatterYaml, parseYamlText } from "../core/document.ts";
import { itemLines, pairLines, pairOf, setYamlValue, type Path } from "../core/yaml-edit.ts";
import { PyFloat, plain, pyValueOf, type PyValue } from "../emulated/pyyaml.ts";

/** A field's value as the pipeline reads it; undefined: the field is absent. */
export type FieldValue = PyValue | undefined;

export interface FieldConflict {
  path: Path;
  base: FieldValue;
  ours: FieldValue;
  theirs: FieldValue;
}

export interface BlockMerge {
  /** Fields only the other side changed: taken from it without asking. */
  taken: Path[];
  conflicts: FieldConflict[];
}

/** A taken value could not be written so that it reads back as itself. */
export class MergeWriteError extends Error {}

export function parseBlock(text: string, frontmatter: boolean): Document {
  return frontmatter ? parseFrontmatterYaml(text) : parseYamlText(text);
}

type Child = Node | null | undefined;

function childOf(node: Child, key: string | number): Child {
  if (isMap(node)) {
    const pair = pairOf(node as YAMLMap, key);
    return pair ? (pair.value ?? null) : undefined;
  }
  if (isSeq(node) && typeof key === "number") return (node as YAMLSeq).items[key] as Node | undefined;
  return undefined;
}

function nodeAt(doc: Document, path: Path): Child {
  let node: Child = (doc.contents as Node | null) ?? undefined;
  for (const key of path) node = childOf(node, key);
  return node;
}

export function valueAt(doc: Document, path: Path): FieldValue {
  const node = nodeAt(doc, path);
  return node === undefined ? undefined : pyValueOf(node);
}

export function sameValue(a: FieldValue, b: FieldValue): boolean {
  if (a instanceof PyFloat || b instanceof PyFloat) {
    return a instanceof PyFloat && b instanceof PyFloat && Object.is(a.value, b.value);
  }
  if (Array.isArray(a) || Array.isArray(b)) {
    return Array.isArray(a) && Array.isArray(b) && a.length === b.length && a.every((x, i) => sameValue(x, b[i]));
  }
  if (a && b && typeof a === "object" && typeof b === "object") {
    const keys = Object.keys(a);
    const other = b as Record<string, PyValue>;
    return keys.length === Object.keys(b).length && keys.every((k) => k in other && sameValue((a as Record<string, PyValue>)[k], other[k]));
  }
  return a === b;
}

function keysOf(node: Child): string[] {
  if (!isMap(node)) return [];
  return (node as YAMLMap).items.map((pair) => String(pyValueOf(pair.key as Node)));
}

function walk(path: Path, base: Child, ours: Child, theirs: Child, out: BlockMerge): void {
  const [b, o, t] = [base, ours, theirs].map((n) => (n === undefined ? undefined : pyValueOf(n)));
  if (sameValue(o, t) || sameValue(b, t)) return;
  if (sameValue(b, o)) {
    out.taken.push(path);
    return;
  }
  if (isMap(ours) && isMap(theirs) && (base === undefined || isMap(base))) {
    const keys = [...new Set([...keysOf(ours), ...keysOf(theirs), ...keysOf(base)])];
    for (const key of keys) walk([...path, key], childOf(base, key), childOf(ours, key), childOf(theirs, key), out);
    return;
  }
  if (isSeq(ours) && isSeq(theirs) && isSeq(base)) {
    const length = (base as YAMLSeq).items.length;
    if ((ours as YAMLSeq).items.length === length && (theirs as YAMLSeq).items.length === length) {
      for (let i = 0; i < length; i++) walk([...path, i], childOf(base, i), childOf(ours, i), childOf(theirs, i), out);
      return;
    }
  }
  out.conflicts.push({ path, base: b, ours: o, theirs: t });
}

/** What each side changed in a block (texts as stored: "" for none). */
export function mergeBlock(base: string, ours: string, theirs: string, frontmatter: boolean): BlockMerge {
  const out: BlockMerge = { taken: [], conflicts: [] };
  const root = (text: string) => (parseBlock(text, frontmatter).contents as Node | null) ?? undefined;
  walk([], root(base), root(ours), root(theirs), out);
  return out;
}

const lineStart = (src: string, pos: number) => src.lastIndexOf("\n", pos - 1) + 1;
const withNewline = (text: string) => (text === "" || text.endsWith("\n") ? text : text + "\n");

/** Theirs' own lines for the field at `path`, put in place of ours' (or next to the field
 * before it), when both are block mappings or lists indented alike; null otherwise. */
function spliceTheirs(text: string, doc: Document, theirsText: string, theirsDoc: Document, path: Path): string | null {
  const key = path[path.length - 1]!;
  const parent = nodeAt(doc, path.slice(0, -1));
  const theirsParent = nodeAt(theirsDoc, path.slice(0, -1));
  if (isSeq(parent) && isSeq(theirsParent) && typeof key === "number") {
    const mine = (parent as YAMLSeq).items[key] as Node | undefined;
    const other = (theirsParent as YAMLSeq).items[key] as Node | undefined;
    const at = mine && itemLines(text, mine);
    const from = other && itemLines(theirsText, other);
    if (!at || !from || at[2] !== from[2]) return null;
    return text.slice(0, at[0]) + withNewline(theirsText.slice(from[0], from[1])) + text.slice(at[1]);
  }
  if (!isMap(parent) || !isMap(theirsParent) || (parent as YAMLMap).flow || (theirsParent as YAMLMap).flow) return null;
  const map = parent as YAMLMap;
  const theirsMap = theirsParent as YAMLMap;
  const mine = pairOf(map, key);
  const other = pairOf(theirsMap, key);
  const at = mine && pairLines(text, mine);
  if (!other) return at ? text.slice(0, at[0]) + text.slice(at[1]) : null;
  const from = pairLines(theirsText, other);
  if (!from) return null;
  const lines = withNewline(theirsText.slice(from[0], from[1]));
  const indent = (src: string, pos: number) => pos - lineStart(src, pos);
  const theirsIndent = indent(theirsText, other.key.range![0]);
  if (mine) {
    if (!at || indent(text, mine.key.range![0]) !== theirsIndent) return null;
    return text.slice(0, at[0]) + lines + text.slice(at[1]);
  }
  // A field theirs added: after the field that comes before it in theirs, if ours has it.
  const order = keysOf(theirsMap);
  const before = order.slice(0, order.indexOf(String(key))).reverse().map((k) => pairOf(map, k)).find(Boolean);
  const anchor = before ?? (map.items[0] as typeof mine);
  if (!anchor) return null;
  const anchorLines = pairLines(text, anchor);
  if (!anchorLines || indent(text, anchor.key.range![0]) !== theirsIndent) return null;
  const pos = before ? anchorLines[1] : anchorLines[0];
  const glue = pos > 0 && text[pos - 1] !== "\n" ? "\n" : "";
  return text.slice(0, pos) + glue + lines + text.slice(pos);
}

function reads(text: string, frontmatter: boolean, path: Path, wanted: FieldValue): boolean {
  const doc = parseBlock(text, frontmatter);
  return doc.errors.length === 0 && sameValue(valueAt(doc, path), wanted);
}

/** `value` with `field` at `path` (undefined: removed). */
function withField(value: FieldValue, path: Path, field: FieldValue): FieldValue {
  if (path.length === 0) return field;
  const [key, ...rest] = path;
  if (Array.isArray(value) && typeof key === "number") {
    const copy = value.slice();
    copy[key] = withField(copy[key], rest, field) as PyValue;
    return copy;
  }
  const copy: Record<string, PyValue> = value && typeof value === "object" && !(value instanceof PyFloat) ? { ...(value as Record<string, PyValue>) } : {};
  const next = withField(copy[String(key)], rest, field);
  if (next === undefined) delete copy[String(key)];
  else copy[String(key)] = next;
  return copy;
}

/** Ours' text with theirs' value of each field in `paths` (none nested in another); every
 * other field reads as ours' still, or MergeWriteError. */
export function takeFields(ours: string, theirs: string, paths: readonly Path[], frontmatter: boolean): string {
  const theirsDoc = parseBlock(theirs, frontmatter);
  let expected = valueAt(parseBlock(ours, frontmatter), []);
  let text = ours;
  for (const path of paths) {
    const wanted = valueAt(theirsDoc, path);
    expected = withField(expected, path, wanted);
    if (path.length === 0) {
      text = theirs;
      continue;
    }
    const doc = parseBlock(text, frontmatter);
    const spliced = spliceTheirs(text, doc, theirs, theirsDoc, path);
    if (spliced !== null && reads(spliced, frontmatter, path, wanted)) {
      text = spliced;
      continue;
    }
    const written = setYamlValue(text, doc, path, wanted === undefined ? undefined : plain(wanted));
    if (!reads(written, frontmatter, path, wanted)) throw new MergeWriteError(path.join("/"));
    text = written;
  }
  if (!reads(text, frontmatter, [], expected)) throw new MergeWriteError("merged block");
  return text;
}
