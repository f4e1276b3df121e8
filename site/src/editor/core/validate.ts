/**
 * The verdict of `contenu check` on one document, in the browser: the same rules, field
 * paths and French messages (templates generated from the Python side, see emulated/diagnostics.ts).
 * The cross-file rules read a `ValidationIndex` built once from the tree (routes, images,
 * entries), so a keystroke costs one document's validation.
 */
import { isAlias, isMap, isScalar, isSeq, Scalar, visit, type Document, type Node } from "yaml";
import { parseDocument, serializeDocument, type ComponentCell, type EditorDocument } from "./document.ts";
import type { Target } from "./edits.ts";
import { didYouMean, fill, MESSAGES, pydanticMessage, type PyError } from "../emulated/diagnostics.ts";
import { cellType, collectionOf, placeOf } from "./model.ts";
import { categoriesProblem, depthProblem, nameProblem, sizeProblem } from "./limits.ts";
import { constantsOf, handTyped, SETTINGS_FILE, typedMessage, type Constants } from "./hand-typed.ts";
import { idProblem, isReserved } from "./ids.ts";
import { keyHint, keyLabel } from "./labels.ts";
import { ruleProblem, sameNameProblem } from "./rules.ts";
import { nearestFirst } from "../emulated/difflib.ts";
import { schemaVerdict, type Advice } from "../emulated/pydantic.ts";
import { frenchTypography, typeset } from "../emulated/typography.ts";
import type { Path } from "./yaml-edit.ts";
import { PyFloat, pyDataOf, resolvePlain, type PyValue } from "../emulated/pyyaml.ts";
import { givenId, headingText, markdownLinks, withoutLinks } from "../emulated/markdown.ts";
import { quotedExample } from "../emulated/yaml-messages.ts";
import { slugify } from "../emulated/slug.ts";
import data from "./generated/model.gen.json" with { type: "json" };

export interface EditorDiagnostic {
  /** The frontmatter, a cell index, or null for the file as a whole. */
  target: Target | null;
  /** Key and index path inside the target ([] for the target as a whole). */
  path: Path;
  /** The field's path as the pipeline gives it ("{hero} actions[0].href"), "" when none. */
  field: string;
  /** The field as the coach reads it, when it comes named (a check's annotation title);
   * otherwise it is named from `field` (labels.ts). */
  label?: string;
  /** 1-based line in the file, when known. */
  line?: number;
  message: string;
  severity: "error" | "warning";
}

/** What the rest of the tree holds, for the cross-file rules. */
export interface ValidationContext {
  /** Every route of the site ("/", "/contact", "/blog/mon-article"), 404 excepted. */
  routes: readonly string[];
  /** Every file of content/ relative to content/ ("images/a.jpg", "temoignages/x.md"). */
  files: readonly string[];
  /** The text of the settings file (content/reglages/site.md), for the values typed by hand
   * instead of their variable; without it that warning is not given. */
  settings?: string;
  /** Every article's category (by path), for the limit on categories. */
  categories?: ReadonlyMap<string, string>;
}

/** The context's lookups, computed once per tree. */
export interface ValidationIndex {
  routes: Set<string>;
  images: Set<string>;
  entries: Map<string, Set<string>>;
  /** The settings' prices, e-mail and coach's name; null when they cannot be read. */
  constants: Constants | null;
  categories: ReadonlyMap<string, string>;
}

export function indexContext(context: ValidationContext): ValidationIndex {
  const images = new Set<string>();
  const entries = new Map<string, Set<string>>();
  for (const file of context.files) {
    const [folder, name] = file.split("/", 2);
    if (folder === data.folders.images) images.add("/" + file);
    else if (name?.endsWith(".md") && !file.slice(folder!.length + 1).includes("/")) {
      if (!entries.has(folder!)) entries.set(folder!, new Set());
      entries.get(folder!)!.add(name.slice(0, -3));
    }
  }
  let constants: Constants | null = null;
  if (context.settings !== undefined) {
    const settings = parseDocument(SETTINGS_PATH, context.settings);
    if (settings.frontmatter?.close != null && !settings.frontmatter.yaml.errors.length) {
      constants = constantsOf(pyDataOf(settings.frontmatter.yaml));
    }
  }
  return { routes: new Set(context.routes), images, entries, constants, categories: context.categories ?? new Map() };
}

const DOC = MESSAGES.document;
/** The settings file whose values are the text variables (SETTINGS_FILE of the models). */
export const SETTINGS_PATH = SETTINGS_FILE;

/** The categories of the other articles: name → a file that uses it (the first by path). */
function categoryNames(categories: ReadonlyMap<string, string>, own: string): Map<string, string> {
  const names = new Map<string, string>();
  const rel = own.replace(/^content\//, "");
  for (const path of [...categories.keys()].sort()) {
    const name = categories.get(path)!;
    if (path !== rel && !names.has(name)) names.set(name, `content/${path}`);
  }
  return names;
}
const CELL_FOLDERS = new Map(data.cells.filter((c) => c.collection).map((c) => [c.name, c.collection!]));
const CELL_NAMES = data.cells.map((c) => c.name);

function formatLoc(loc: readonly (string | number)[]): string {
  let out = "";
  for (const part of loc) out += typeof part === "number" ? `[${part}]` : (out ? "." : "") + part;
  return out;
}

/** A YAML block of the file: its parsed document, first line and the line to report on. */
interface Block {
  target: Target;
  yaml: Document;
  text: string;
  first: number; // file line of the block's first line
  anchor: number; // the `---` or fence line
  prefix: string; // "{hero} " for a cell
}

function cellBlock(cell: ComponentCell, index: number, line: number): Block {
  return { target: index, yaml: cell.yaml, text: cell.text, first: line + 1, anchor: line, prefix: `{${cell.type}} ` };
}

/** The line of the deepest written part of `loc` (a key, a list item), as the pipeline's
 * YamlBlock.position finds it. */
function lineOf(block: Block, loc: readonly (string | number)[]): number {
  let node: Node | null = block.yaml.contents as Node | null;
  let line = block.anchor;
  for (const part of loc) {
    if (isMap(node)) {
      const pair = node.items.find((p) => String((p.key as { value?: unknown })?.value) === String(part));
      if (!pair) break;
      line = block.first + countLines(block.text, (pair.key as Node).range![0]);
      node = pair.value as Node | null;
    } else if (isSeq(node) && typeof part === "number" && node.items[part]) {
      const item = node.items[part] as Node;
      line = block.first + countLines(block.text, item.range![0]);
      node = item;
    } else break;
  }
  return line;
}

function countLines(text: string, offset: number): number {
  let n = 0;
  for (let i = text.indexOf("\n"); i >= 0 && i < offset; i = text.indexOf("\n", i + 1)) n++;
  return n;
}

class Run {
  out: EditorDiagnostic[] = [];
  /** The ids of this page's headings and cells, for « #ancre » links. */
  anchors: string[] = [];
  private anchorSet: Set<string> | null = null;
  /** The settings file takes no variable: nothing in it is « typed by hand ». */
  readonly settings: boolean;
  constructor(
    readonly doc: EditorDocument,
    readonly index: ValidationIndex,
  ) {
    this.settings = doc.path === SETTINGS_PATH;
  }

  add(target: Target | null, path: Path, field: string, message: string, line?: number, severity: "error" | "warning" = "error"): void {
    this.out.push({ target, path, field, message: typeset(message), severity, ...(line ? { line } : {}) });
  }

  /** The block's data, or null after reporting why it cannot be read. */
  read(block: Block, what: string): PyValue | null {
    if (block.text.trim() === "") return {};
    const deep = depthProblem(block.yaml, block.text);
    if (deep) {
      this.add(block.target, [], "", deep.message, block.first + countLines(block.text, deep.offset));
      return null;
    }
    if (block.yaml.errors.length) {
      // PyYAML reads as it goes: an anchor or alias before the first mistake is what it
      // refuses first.
      const at = Math.min(...block.yaml.errors.map((e) => e.pos[0]));
      if ((block.text.includes("&") || block.text.includes("*")) && this.anchorOrAlias(block, what, at)) return null;
      this.add(block.target, [], "", fill(DOC.unreadable, { what }), block.anchor);
      return null;
    }
    if ((block.text.includes("&") || block.text.includes("*")) && this.anchorOrAlias(block, what)) return null;
    let duplicate = false;
    const walk = (node: Node | null, loc: (string | number)[]) => {
      if (isScalar(node)) {
        duplicate = this.longNumber(block, node, loc) || duplicate;
        return;
      }
      if (isMap(node)) {
        const lines = new Map<string, number>();
        for (const pair of node.items) {
          const key = String((pair.key as { value?: unknown })?.value);
          const line = block.first + countLines(block.text, (pair.key as Node).range![0]);
          if (lines.has(key)) {
            duplicate = true;
            const message = fill(DOC.duplicate_key, { label: keyLabel(key), line: lines.get(key)! });
            this.add(block.target, [...loc, key], formatLoc([...loc, key]), message, line);
          } else lines.set(key, line);
          walk(pair.value as Node | null, [...loc, key]);
        }
      } else if (isSeq(node)) node.items.forEach((item, i) => walk(item as Node, [...loc, i]));
    };
    walk(block.yaml.contents as Node | null, []);
    const comment = block.text.includes("#") && this.comment(block);
    if (duplicate || comment) return null;
    const value = pyDataOf(block.yaml);
    if (typeof value !== "object" || value === null || Array.isArray(value)) {
      this.add(block.target, [], "", fill(DOC.not_a_mapping, { what }), block.anchor);
      return null;
    }
    return value;
  }

  /** The reader refuses YAML anchors and aliases: the first one, with an example. */
  anchorOrAlias(block: Block, what: string, before = Infinity): boolean {
    let first = null as [number, string] | null;
    visit(block.yaml, (_key, node) => {
      const at = (node as Node).range?.[0];
      if (at === undefined || at >= before) return;
      const name = isAlias(node) ? node.source : (node as { anchor?: string }).anchor;
      if (!name) return;
      const found = !/^[A-Za-z0-9_-]+$/.test(name) ? DOC.unreadable : isAlias(node) ? DOC.alias : DOC.anchor;
      if (found && (!first || at < first[0])) first = [at, found];
    });
    const found = first as [number, string] | null;
    if (!found) return false;
    const [at, message] = found;
    const n = countLines(block.text, at);
    if (message === DOC.unreadable) {
      // A name libyaml does not scan (letters, digits, « - » and « _ » only): PyYAML cannot
      // read the YAML; its precise words are yaml_messages.explained's.
      this.add(block.target, [], "", fill(DOC.unreadable, { what }), block.anchor);
      return true;
    }
    this.add(block.target, [], "", withExample(message, block.text.split("\n")[n]!), block.first + n);
    return true;
  }

  /** A plain number of more digits than a number keeps exactly. */
  longNumber(block: Block, node: Scalar, loc: (string | number)[]): boolean {
    if (node.type !== Scalar.PLAIN || typeof node.value !== "string") return false;
    const value = resolvePlain(node.value);
    if (typeof value !== "number" && !(value instanceof PyFloat)) return false;
    const digits = (node.value.match(/\d/g) ?? []).length;
    if (digits <= Number(DOC.max_digits)) return false;
    const n = countLines(block.text, node.range![0]);
    const message = fill(DOC.long_number, { digits, max: DOC.max_digits });
    this.add(block.target, loc, formatLoc(loc), withExample(message, block.text.split("\n")[n]!), block.first + n);
    return true;
  }

  unclosed(cell: ComponentCell, index: number, line: number): void {
    const marker = /^ {0,3}(`{3,}|~{3,})/.exec(cell.open)![1]!;
    this.add(index, [], "", fill(DOC.unclosed_cell, { name: cell.type, marker }), line);
  }

  /** A « # » after a value starts a comment: the rest of the line would be lost (the
   * reader's `comments`). True when one was found. */
  comment(block: Block): boolean {
    const spans: [number, number][] = [];
    visit(block.yaml, {
      Scalar(_key, node) {
        if (node.range) spans.push([node.range[0], node.range[1]]);
      },
    });
    let offset = 0;
    let found = false;
    block.text.split("\n").forEach((line, n) => {
      const start = offset;
      offset += line.length + 1;
      if (found) return;
      for (const match of line.matchAll(/(?<=[ \t])#/g)) {
        const column = match.index;
        if (line.slice(0, column).trim() === "") break;
        if (spans.some(([a, b]) => a <= start + column && start + column < b)) continue;
        let rest = line.slice(column).trim();
        if ([...rest].length > 40) rest = [...rest].slice(0, 39).join("") + "…";
        this.add(block.target, [], "", withExample(fill(DOC.comment, { rest }), line), block.first + n);
        found = true;
        break;
      }
    });
    return found;
  }

  /** Settings values typed by hand in the strings of a block's data (Substitution.data). */
  typedInData(block: Block, value: PyValue, loc: (string | number)[] = []): void {
    const constants = this.index.constants;
    if (!constants || this.settings) return;
    if (typeof value === "string") {
      for (const typed of handTyped(value, constants)) {
        this.add(block.target, loc, block.prefix + formatLoc(loc), typedMessage(typed, true, constants), lineOf(block, loc), "warning");
      }
    } else if (Array.isArray(value)) value.forEach((item, i) => this.typedInData(block, item, [...loc, i]));
    else if (value !== null && typeof value === "object" && !(value instanceof PyFloat)) {
      for (const [key, item] of Object.entries(value as Record<string, PyValue>)) this.typedInData(block, item, [...loc, key]);
    }
  }

  /** Settings values typed by hand in prose starting at file line `first` (Substitution.prose). */
  typedInProse(target: Target | null, markdown: string, first: number): void {
    const constants = this.index.constants;
    if (!constants || this.settings) return;
    for (const typed of handTyped(markdown, constants)) {
      const line = first + countLines(markdown, typed.offset);
      this.add(target, [], "", typedMessage(typed, false, constants), line, "warning");
    }
  }

  /** Pydantic's errors as the validate stage words them, or the warnings about valid values. */
  model(block: Block, { errors, advice }: { errors: PyError[]; advice: Advice[] }): void {
    for (const { loc, message } of advice) {
      this.add(block.target, loc, block.prefix + formatLoc(loc), message, lineOf(block, loc), "warning");
    }
    for (const error of errors) {
      let message = pydanticMessage(error);
      const last = error.loc[error.loc.length - 1];
      if (error.type === "extra_forbidden" && last !== undefined) {
        message += keyHint(String(last), (error.ctx?.allowed as string[]) ?? []);
      }
      if (error.type === "missing" && last !== undefined) message = fill(MESSAGES.validate.missing, { label: keyLabel(String(last)) });
      const field = block.prefix + formatLoc(error.loc);
      this.add(block.target, error.loc, field, message, lineOf(block, error.loc));
    }
  }

  /** Links and image paths written in the values (`_walk_refs`), checked against the tree. */
  refs(block: Block, value: PyValue, loc: (string | number)[] = []): void {
    if (Array.isArray(value)) value.forEach((item, i) => this.refs(block, item, [...loc, i]));
    else if (value !== null && typeof value === "object" && !(value instanceof PyFloat)) {
      for (const [key, item] of Object.entries(value as Record<string, PyValue>)) this.refs(block, item, [...loc, key]);
    } else if (typeof value === "string" && (loc[loc.length - 1] === "href" || value.startsWith("/images/"))) {
      this.ref(block.target, loc, block.prefix + formatLoc(loc), value.trim(), lineOf(block, loc));
    }
  }

  /** A link or image path checked against the tree; `at`: its line, or how to find it. */
  ref(target: Target | null, path: Path, field: string, url: string, at?: number | (() => number)): void {
    const line = () => (typeof at === "function" ? at() : at);
    const anchors = this.anchors;
    const anchorSet = (this.anchorSet ??= new Set(anchors));
    const X = MESSAGES.crossFile;
    if (url.startsWith("/images/")) {
      const image = url.split("#")[0]!.split("?")[0]!;
      if (!this.index.images.has(image)) {
        this.add(target, path, field, fill(X.image, { path: image }) + didYouMean(image, this.index.images), line());
      }
      return;
    }
    if (url && !url.startsWith("/") && !url.startsWith("#") && !url.split("/")[0]!.includes(":")) {
      // « par exemple « /{url} » » shows the address without its leading « ./ ».
      let seen = 0;
      const message = X.relative.replace(/\{url\}/g, () => (seen++ === 0 ? url : url.replace(/^[./]+/, "")));
      this.add(target, path, field, message, line());
      return;
    }
    if (url.startsWith("//") || !(url.startsWith("/") || url.startsWith("#"))) return;
    let route = url.split("#")[0]!.split("?")[0]!;
    const anchor = url.includes("#") ? url.slice(url.indexOf("#") + 1) : "";
    if (!route) {
      // An anchor of this page: only pages and articles are checked (the pipeline's rule).
      const own = collectionOf(this.doc.path).role;
      if (anchor && (own === "page" || own === "article") && !anchorSet.has(anchor)) {
        const known = [...anchors].sort().map((a) => `« #${a} »`).join(", ") || X.anchor_none;
        this.add(target, path, field, fill(X.anchor, { anchor, page: X.anchor_page, known }), line());
      }
      return;
    }
    // The final « / »s dropped (a loop: /\/+$/ rescans a long run of « / » from each one).
    let end = route.length;
    while (end > 1 && route[end - 1] === "/") end--;
    route = route.slice(0, end);
    if (!this.index.routes.has(route)) {
      this.add(target, path, field, fill(X.link, { url, path: route }) + didYouMean(route, this.index.routes), line());
    }
  }
}

function withExample(text: string, line: string): string {
  const example = quotedExample(line);
  return example ? fill(DOC.with_example, { text, example }) : text;
}

/** File line → the frontmatter key or list item written there ("navigation.header[1]"). */
function keyLines(block: Block): Map<number, string> {
  const out = new Map<number, string>();
  const walk = (node: Node | null, loc: (string | number)[]) => {
    if (isMap(node)) {
      for (const pair of node.items) {
        const key = String((pair.key as { value?: unknown })?.value);
        out.set(block.first + countLines(block.text, (pair.key as Node).range![0]), formatLoc([...loc, key]));
        walk(pair.value as Node | null, [...loc, key]);
      }
    } else if (isSeq(node)) {
      node.items.forEach((item, i) => {
        out.set(block.first + countLines(block.text, (item as Node).range![0]), formatLoc([...loc, i]));
        walk(item as Node, [...loc, i]);
      });
    }
  };
  walk(block.yaml.contents as Node | null, []);
  return out;
}

/** `id`, or it with the first free suffix (-2, -3…), as `_unique` of render/markdown.py: the
 * search for a repeated id starts where the last one ended (10,000 identical headings cost
 * 10,000 steps). */
function unique(id: string, taken: Set<string>, suffixes: Map<string, number>): string {
  if (!taken.has(id) && !isReserved(id)) return id;
  let n = suffixes.get(id) ?? 2;
  while (taken.has(`${id}-${n}`) || isReserved(`${id}-${n}`)) n++;
  suffixes.set(id, n + 1);
  return `${id}-${n}`;
}


/** The ids the renderer gives the headings of a prose cell, and the refused given ids. */
function proseAnchors(markdown: string): { ids: string[]; refused: [string, string][] } {
  const ids: string[] = [];
  const taken = new Set<string>();
  const suffixes = new Map<string, number>();
  const refused: [string, string][] = [];
  let fence: string | null = null;
  for (const line of markdown.split("\n")) {
    const marker = /^ {0,3}(`{3,}|~{3,})/.exec(line)?.[1];
    if (fence !== null) {
      if (marker && marker[0] === fence[0] && marker.length >= fence.length) fence = null;
      continue;
    }
    if (marker) {
      fence = marker;
      continue;
    }
    let text = headingText(line);
    if (text === null) continue;
    const given = givenId(text);
    if (given) {
      const problem = idProblem(given.id);
      if (problem === null) {
        ids.push(given.id);
        taken.add(given.id);
        continue;
      }
      refused.push(["#" + given.id, problem]);
      text = text.slice(0, given.at);
    }
    const plain = withoutLinks(text).replace(/[*_`]/g, "");
    const id = unique(slugify(frenchTypography(plain)), taken, suffixes);
    ids.push(id);
    taken.add(id);
  }
  return { ids, refused };
}

/** Every problem `contenu check` would report in this document. */
export function validateDocument(doc: EditorDocument, context: ValidationContext | ValidationIndex): EditorDiagnostic[] {
  const index = "images" in context && context.images instanceof Set ? (context as ValidationIndex) : indexContext(context as ValidationContext);
  const run = new Run(doc, index);
  const where = collectionOf(doc.path);
  const place = placeOf(doc.path);
  const kind = where.kind;
  if (!kind) return [];
  // Over 1 Mo the pipeline does not read the file: that is all it says.
  const tooBig = sizeProblem(serializeDocument(doc));
  if (tooBig) return [{ target: null, path: [], field: "", message: typeset(tooBig), severity: "error", line: 1 }];
  const longName = nameProblem(doc.path);
  if (longName) run.add(null, [], "", longName, 1);
  if (!doc.frontmatter) {
    run.add("frontmatter", [], "", DOC.no_frontmatter, 1);
    return run.out;
  }
  if (doc.frontmatter.close === null) {
    run.add("frontmatter", [], "", DOC.unclosed_frontmatter, 1);
    return run.out;
  }
  const frontLines = doc.frontmatter.text === "" ? 0 : doc.frontmatter.text.split("\n").length - 1;
  const front: Block = { target: "frontmatter", yaml: doc.frontmatter.yaml, text: doc.frontmatter.text, first: 2, anchor: 1, prefix: "" };
  // Lines of the body's cells.
  let line = 3 + frontLines;
  const cellLines: number[] = [];
  for (const cell of doc.cells) {
    line += cell.lead.length;
    cellLines.push(line);
    line += cell.kind === "prose" ? cell.markdown.split("\n").length : 1 + (cell.text === "" ? 0 : cell.text.split("\n").length - 1) + (cell.close === null ? 0 : 1);
  }
  for (const cell of doc.cells) {
    if (cell.kind === "prose") run.anchors.push(...proseAnchors(cell.markdown).ids);
    else if (kind.cells && cell.close !== null && CELL_NAMES.includes(cell.type)) {
      const anchor = (pyDataOf(cell.yaml) as Record<string, PyValue> | null)?.anchor;
      if (typeof anchor === "string") run.anchors.push(anchor.trim());
    }
  }
  const data = run.read(front, DOC.what_frontmatter);
  if (data === null) {
    // As the pipeline: a frontmatter it cannot read stops the file's checks; only what
    // loading the body found (cells never closed, their YAML) is said.
    doc.cells.forEach((cell, i) => {
      if (cell.kind !== "cell") return;
      if (cell.close === null) run.unclosed(cell, i, cellLines[i]!);
      else run.read(cellBlock(cell, i, cellLines[i]!), fill(DOC.what_cell, { name: cell.type }));
    });
    return run.out;
  }
  const bodyField = kind.bodyField;
  run.typedInData(front, data);
  if (data && typeof data === "object" && !Array.isArray(data)) {
    const values = { ...(data as Record<string, PyValue>) };
    if (where.role === "entry" && bodyField) {
      if (bodyField in values) {
        run.add("frontmatter", [bodyField], bodyField, fill(DOC.body_in_frontmatter, { label: keyLabel(bodyField) }), lineOf(front, [bodyField]));
        delete values[bodyField];
      }
    }
    run.model(front, schemaVerdict(kind.schema, values));
    run.refs(front, values);
    if (where.role === "article" && typeof values.category === "string") {
      const categories = new Map(index.categories).set(doc.path.replace(/^content\//, ""), values.category);
      const many = categoriesProblem(categories.values(), (text) => slugify(text, ""));
      if (many) run.add("frontmatter", ["category"], "category", many, lineOf(front, ["category"]));
      const same = sameNameProblem("category_name", values.category, categoryNames(index.categories, doc.path));
      if (same) run.add("frontmatter", ["category"], "category", same.message, lineOf(front, ["category"]));
    }
  }
  if (where.role === "entry" && bodyField) {
    doc.cells.forEach((cell, i) => {
      if (cell.kind === "cell") run.add(i, [], "", fill(DOC.cells_in_entry, { name: cell.type }), cellLines[i]);
    });
    doc.cells.forEach((cell, i) => {
      if (cell.kind === "prose") run.typedInProse(i, cell.markdown, cellLines[i]!);
    });
    if (!doc.cells.length) run.add(null, [], bodyField, fill(DOC.empty_body, { label: keyLabel(bodyField) }), Math.max(2 + frontLines, 1));
  }
  doc.cells.forEach((cell, i) => {
    if (cell.kind === "prose") {
      const { refused } = proseAnchors(cell.markdown);
      for (const [, problem] of refused) run.add(i, [], "", problem, cellLines[i]);
      if (where.role === "page" || where.role === "article") run.typedInProse(i, cell.markdown, cellLines[i]!);
      return;
    }
    if (cell.close === null) {
      // The pipeline drops a cell never closed: nothing inside it is checked.
      run.unclosed(cell, i, cellLines[i]!);
      return;
    }
    if (!kind.cells) return;
    const block = cellBlock(cell, i, cellLines[i]!);
    const cellData = run.read(block, fill(DOC.what_cell, { name: cell.type }));
    if (!CELL_NAMES.includes(cell.type)) {
      const names = nearestFirst(cell.type, CELL_NAMES).map((n) => `{${n}}`).join(", ");
      run.add(i, [], "", fill(MESSAGES.validate.unknown_cell, { name: cell.type, hint: didYouMean(cell.type, CELL_NAMES), names }), cellLines[i]);
      return;
    }
    // A cell of another kind of document (the 404's message in an article).
    const misplaced = place ? cellType(cell.type)?.misplaced[place] : undefined;
    if (misplaced) run.add(i, [], "", misplaced, cellLines[i]);
    if (cellData === null) return;
    run.typedInData(block, cellData);
    run.model(block, schemaVerdict(`cells/${cell.type}`, cellData));
    run.refs(block, cellData);
    const folder = CELL_FOLDERS.get(cell.type);
    const items = (cellData as Record<string, PyValue>).items;
    if (folder && Array.isArray(items) && !run.out.some((d) => d.target === i && d.severity === "error")) {
      const known = index.entries.get(folder) ?? new Set<string>();
      items.forEach((item, n) => {
        const id = String(item);
        if (!known.has(id)) {
          const message = fill(MESSAGES.crossFile.entry, { id, folder }) + didYouMean(id, known);
          run.add(i, ["items", n], `{${cell.type}} items[${n}]`, message, lineOf(block, ["items", n]));
        }
      });
    }
  });
  // Links of the prose, « #ancre » ones against the anchors of this very page.
  doc.cells.forEach((cell, i) => {
    if (cell.kind !== "prose") return;
    let lines: string[] | null = null;
    // The line that shows a link, as the pipeline finds it: « ](url » first, then url. Looked
    // for only when something is said about the link.
    const lineOf = (url: string): number => {
      lines ??= cell.markdown.split("\n");
      let at = lines.findIndex((l) => l.includes(`](${url}`));
      if (at < 0) at = Math.max(lines.findIndex((l) => l.includes(url)), 0);
      return cellLines[i]! + at;
    };
    for (const url of markdownLinks(cell.markdown)) {
      // The renderer refuses a link of a bad shape; a relative path is collect's to explain.
      const relative = !url.startsWith("/") && !url.startsWith("#") && !url.split("/")[0]!.includes(":");
      const problem = relative ? null : ruleProblem("link", url);
      if (problem) run.add(i, [], "", problem, lineOf(url));
      run.ref(i, [], "", url, () => lineOf(url));
    }
  });
  // « [À COMPLÉTER] » left in a line: a warning (an error for `contenu check --production`).
  const mark = MESSAGES.placeholder.mark;
  if (serializeDocument(doc).includes(mark)) {
    const keys = keyLines(front);
    serializeDocument(doc)
      .replace(/\r\n?/g, "\n")
      .split("\n")
      .forEach((content, n) => {
        if (!content.includes(mark)) return;
        const field = keys.get(n + 1) ?? "";
        run.add(keys.has(n + 1) ? "frontmatter" : null, [], field, MESSAGES.placeholder.warning, n + 1, "warning");
      });
  }
  return run.out;
}

