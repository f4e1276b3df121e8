/**
 * Edits of a YAML block that touch only the lines of the value changed: the new text is
 * the old one with that value's span replaced, so comments, key order, quoting and blank
 * lines elsewhere stay as they were. A shape this module does not splice (a flow
 * collection `[a, b]`, the first key of a list item) falls back to the `yaml` package's
 * own writer, which keeps comments and styles but may reformat the block.
 */
import {
  Document,
  isCollection,
  isMap,
  isScalar,
  isSeq,
  Scalar,
  visit,
  type Node,
  type Pair,
  type YAMLMap,
  type YAMLSeq,
} from "yaml";
import { parseYamlText } from "./document.ts";
import { pyDataOf, readsAsText } from "../emulated/pyyaml.ts";

export type Key = string | number;
export type Path = readonly Key[];

function lineStart(src: string, pos: number): number {
  return src.lastIndexOf("\n", pos - 1) + 1;
}

/** The position after the newline ending the line that holds `pos`. */
function lineEnd(src: string, pos: number): number {
  const at = src.indexOf("\n", Math.max(pos, 0));
  return at < 0 ? src.length : at + 1;
}

function column(src: string, pos: number): number {
  return pos - lineStart(src, pos);
}

function isPlainValue(value: unknown): value is string | number | boolean | null {
  return value === null || ["string", "number", "boolean"].includes(typeof value);
}

/** Line breaks, tabs and spaces at a line's edge: PyYAML's plain and block scalars read
 * them differently from the `yaml` package's writer (a leading space lost, seen by the
 * round-trip property test), double quotes never do. */
const AWKWARD = /\n|\t|^ | $/m;

/** Quotes every string the pipeline's YAML reader would not read back as the same text. */
function safeStrings(doc: Document): void {
  visit(doc, {
    Scalar(_key, node) {
      const text = node.value;
      if (typeof text === "string" && node.type === undefined && (!readsAsText(text) || AWKWARD.test(text))) {
        node.type = Scalar.QUOTE_DOUBLE;
      }
    },
  });
}

const STRINGIFY = { lineWidth: 0, indentSeq: true } as const;

/** "k: <value>" as the `yaml` package writes it, strings quoted where the pipeline needs. */
function pairYaml(value: unknown, type?: Scalar.Type): string {
  const doc = new Document({ k: value });
  const node = (doc.contents as YAMLMap).items[0]!.value;
  if (type !== undefined && isScalar(node)) node.type = type;
  safeStrings(doc);
  return doc.toString(STRINGIFY);
}

/** What follows "key:" for `value` in `type` (" text", " |-\n  lines"), its later lines
 * indented for a key at column 0; double-quoted when the style cannot carry the value. */
function afterKey(value: unknown, type?: Scalar.Type): string {
  let text = pairYaml(value, type);
  if (typeof value === "string") {
    const back = pyDataOf(parseYamlText(text)) as Record<string, unknown> | null;
    if (back?.k !== value) text = pairYaml(value, Scalar.QUOTE_DOUBLE);
  }
  return text.replace(/^k:/, "").replace(/\n$/, "");
}

function indentLines(text: string, indent: string): string {
  return text.replace(/\n(?!\n|$)/g, "\n" + indent);
}

function styleFor(value: string, original: Scalar | null, flow: boolean): Scalar.Type {
  const was = original?.type;
  const block = was === Scalar.BLOCK_FOLDED || was === Scalar.BLOCK_LITERAL;
  // A text ending in a line break: a block would lose it as the frontmatter's last value
  // (the pipeline parses the frontmatter without its final newline); quotes keep it.
  // Tabs and spaces at a line's edge read differently in PyYAML's blocks: quotes too.
  const awkward = value.endsWith("\n") || /\t|^ | $/m.test(value);
  if (flow || awkward) return was === Scalar.QUOTE_SINGLE ? was : Scalar.QUOTE_DOUBLE;
  if (block || value.includes("\n")) return block ? was! : Scalar.BLOCK_LITERAL;
  const type = was ?? Scalar.PLAIN;
  return type === Scalar.PLAIN && !readsAsText(value) ? Scalar.QUOTE_DOUBLE : type;
}

/** The value written after "key:" at `indent`: " text", " |-\n    lines", "\n  - item". */
function valueAfterKey(value: unknown, indent: string, original: Scalar | null): string {
  const type = typeof value === "string" ? styleFor(value, original, false) : undefined;
  return indentLines(afterKey(value, type), indent);
}

/** The single-line text of a scalar replacing `original` in place, or null when the new
 * value needs lines of its own. */
function inlineScalar(value: string | number | boolean | null, original: Scalar, flow: boolean): string | null {
  const type = typeof value === "string" ? styleFor(value, original, flow) : undefined;
  if (type === Scalar.BLOCK_FOLDED || type === Scalar.BLOCK_LITERAL) return null;
  const text = afterKey(value, type).replace(/^ /, "");
  return text.includes("\n") || text === "" ? null : text;
}

/** A list item ("- text", "- a: 1\n  b: 2") after `prefix` ("  - "), its lines aligned. */
function itemText(value: unknown, prefix: string): string {
  const doc = new Document([value]);
  const node = (doc.contents as YAMLSeq).items[0];
  if (typeof value === "string" && isScalar(node)) node.type = styleFor(value, null, false);
  safeStrings(doc);
  const text = doc.toString({ lineWidth: 0 }).replace(/^- /, "").replace(/\n$/, "");
  return prefix + indentLines(text, " ".repeat(prefix.length - 2));
}

function nodeAt(doc: Document, path: Path): Node | null {
  if (path.length === 0) return (doc.contents as Node | null) ?? null;
  const node: unknown = doc.getIn(path, true);
  return node === undefined ? null : (node as Node);
}

export function pairOf(map: YAMLMap, key: Key): Pair<Node, Node | null> | undefined {
  return (map.items as Pair<Node, Node | null>[]).find(
    (pair) => isScalar(pair.key) && String(pair.key.value) === String(key),
  );
}

/** The lines [start, end) a block map's pair occupies, when it starts its own line. */
export function pairLines(src: string, pair: Pair<Node, Node | null>): [number, number] | null {
  const keyStart = pair.key.range![0];
  const start = lineStart(src, keyStart);
  if (src.slice(start, keyStart).trim() !== "") return null;
  const end = pair.value?.range ? pair.value.range[1] : pair.key.range![1];
  return [start, lineEnd(src, Math.max(end - 1, keyStart))];
}

/** The lines [start, end) of a block list's item and its "  - " prefix. */
export function itemLines(src: string, item: Node): [number, number, string] | null {
  const at = item.range![0];
  const start = lineStart(src, at);
  const prefix = src.slice(start, at);
  if (!/^ *- +$/.test(prefix)) return null;
  return [start, lineEnd(src, Math.max(item.range![1] - 1, at)), prefix];
}

function splice(src: string, start: number, end: number, text: string): string {
  return src.slice(0, start) + text + src.slice(end);
}

function fallback(doc: Document, path: Path, value: unknown): string {
  const copy = doc.clone();
  if (value === undefined) copy.deleteIn(path);
  else if (path.length === 0) copy.contents = copy.createNode(value) as never;
  else copy.setIn(path, copy.createNode(value));
  safeStrings(copy);
  return copy.toString(STRINGIFY);
}

function setInMap(src: string, doc: Document, map: YAMLMap, path: Path, value: unknown): string | null {
  if (map.flow) return null;
  const key = path[path.length - 1]!;
  const pair = pairOf(map, key);
  if (pair) {
    const lines = pairLines(src, pair);
    if (!lines) return null;
    if (value === undefined) return splice(src, lines[0], lines[1], "");
    const indent = src.slice(lines[0], pair.key.range![0]);
    const keyText = src.slice(pair.key.range![0], pair.key.range![1]);
    const original = isScalar(pair.value) ? pair.value : null;
    return splice(src, lines[0], lines[1], `${indent}${keyText}:${valueAfterKey(value, indent, original)}\n`);
  }
  if (value === undefined) return src;
  const keyText = afterKey(String(key)).trim();
  const last = map.items[map.items.length - 1] as Pair<Node, Node | null> | undefined;
  if (!last) {
    if (map !== doc.contents) return null;
    return src + `${keyText}:${valueAfterKey(value, "", null)}\n`;
  }
  const lines = pairLines(src, last);
  if (!lines) return null;
  const indent = " ".repeat(column(src, last.key.range![0]));
  const text = `${indent}${keyText}:${valueAfterKey(value, indent, null)}\n`;
  const at = lines[1];
  return splice(src, at, at, (at > 0 && src[at - 1] !== "\n" ? "\n" : "") + text);
}

function setInSeq(src: string, seq: YAMLSeq, path: Path, value: unknown): string | null {
  if (seq.flow) return null;
  const index = Number(path[path.length - 1]);
  const item = seq.items[index] as Node | undefined;
  if (item) {
    const lines = itemLines(src, item);
    if (!lines) return null;
    if (value === undefined) return splice(src, lines[0], lines[1], "");
    return splice(src, lines[0], lines[1], itemText(value, lines[2]) + "\n");
  }
  if (value === undefined) return src;
  const last = seq.items[seq.items.length - 1] as Node | undefined;
  if (index !== seq.items.length || !last) return null;
  const lines = itemLines(src, last);
  if (!lines) return null;
  return splice(src, lines[1], lines[1], itemText(value, lines[2]) + "\n");
}

/** The YAML text `src` (parsed as `doc`) with the value at `path` set (or removed when
 * `value` is undefined), only that value's lines changed when the shape allows it. */
export function setYamlValue(src: string, doc: Document, path: Path, value: unknown): string {
  if (path.length === 0) return fallback(doc, path, value);
  const node = nodeAt(doc, path);
  const key = path[path.length - 1]!;
  if (node && isScalar(node) && isPlainValue(value) && node.range) {
    const parent = nodeAt(doc, path.slice(0, -1));
    const flow = isCollection(parent) && Boolean(parent.flow);
    const [start, end] = node.range;
    // A block scalar's span ends with its line break: it is replaced with its whole pair.
    const block = node.type === Scalar.BLOCK_FOLDED || node.type === Scalar.BLOCK_LITERAL;
    const text = block ? null : inlineScalar(value, node, flow);
    if (text !== null) return splice(src, start, end, text);
  }
  const parent = nodeAt(doc, path.slice(0, -1));
  if (parent === null || !isCollection(parent)) {
    if (value === undefined || path.length === 1) return fallback(doc, path, value);
    // Create the missing parent with the value inside it.
    const nested = typeof key === "number" ? [value] : { [key]: value };
    return setYamlValue(src, doc, path.slice(0, -1), nested);
  }
  if (isSeq(parent) && value === undefined && parent.items.length === 1) {
    return setYamlValue(src, doc, path.slice(0, -1), []);
  }
  const spliced = isMap(parent)
    ? setInMap(src, doc, parent, path, value)
    : isSeq(parent)
      ? setInSeq(src, parent, path, value)
      : null;
  if (spliced === null) return fallback(doc, path, value);
  // A splice that no longer parses to the intended value falls back to the writer.
  const check = parseYamlText(spliced);
  return check.errors.length === 0 ? spliced : fallback(doc, path, value);
}

/** Move the list item at `path[from]` to position `to`, its lines (comments included) moved
 * as they are. */
export function moveYamlItem(src: string, doc: Document, path: Path, from: number, to: number): string {
  const seq = nodeAt(doc, path);
  if (!isSeq(seq) || from === to) return src;
  const items = seq.items as Node[];
  const spans = seq.flow ? [] : items.map((item) => itemLines(src, item));
  if (spans.length !== items.length || spans.some((s) => s === null)) {
    const values = (seq.toJSON() as unknown[]).slice();
    const [moved] = values.splice(from, 1);
    values.splice(to, 0, moved);
    return fallback(doc, path, values);
  }
  const blocks = spans.map((s) => src.slice(s![0], s![1]));
  const [moved] = blocks.splice(from, 1);
  blocks.splice(to, 0, moved!);
  const first = spans[0]![0];
  const last = spans[spans.length - 1]![1];
  // Text between items (blank lines, comments) stays where it was, in order.
  let out = "";
  spans.forEach((span, i) => {
    out += blocks[i];
    const next = spans[i + 1];
    if (next) out += src.slice(span![1], next[0]);
  });
  return splice(src, first, last, out);
}
