/** A three-way merge of a content file: base (the version the coach opened), ours (hers),
 * theirs (the version on GitHub now). The cells of the three are paired (the same type, the
 * most alike content); a cell only one side changed, added or removed is taken from that
 * side; a cell both changed is merged inside: a prose cell by line where the lines do not
 * overlap, a component cell (and the frontmatter) field by field. What is left, a field or
 * a passage both sides changed differently (or a cell one removed and the other changed), is
 * a conflict the coach decides: nothing is chosen for her. Untouched lines of her version
 * are written back byte for byte (the notebook's own parser and writer). */

import { parseDocument, serializeDocument, type BodyCell, type EditorDocument, type Frontmatter } from "../core/index.ts";
import type { Path } from "../core/yaml-edit.ts";
import { align } from "./align.ts";
import { MergeWriteError, mergeBlock, parseBlock, takeFields, type FieldValue } from "./field-merge.ts";
import { chunkLines, mergeLines, type Chunk } from "./line-merge.ts";

export type Side = "ours" | "theirs";

/** What a conflict is about, where the notebook shows it. */
export type ConflictPlace =
  | { kind: "frontmatter" }
  /** A component cell's field, or (path []) the whole cell when one side removed it. */
  | { kind: "cell"; type: string; ours: number | null; theirs: number | null }
  /** A passage of a prose cell. */
  | { kind: "prose"; ours: number | null; theirs: number | null }
  /** The file as lines, when it could not be merged by its parts. */
  | { kind: "file" };

export type Version =
  | { kind: "value"; value: FieldValue }
  | { kind: "text"; text: string }
  /** A whole cell (null: removed on that side). */
  | { kind: "cell"; cell: BodyCell | null };

export interface Conflict {
  /** Unique within the merge: the key of the coach's choice. */
  id: string;
  place: ConflictPlace;
  /** The field's path in the frontmatter or the cell ([] for a passage or a whole cell). */
  path: Path;
  ours: Version;
  theirs: Version;
}

export type Choices = Readonly<Record<string, Side>>;

export interface Merge {
  /** Empty: the merge needs no one. */
  conflicts: Conflict[];
  /** The merged file, each conflict resolved as chosen (every one must be). */
  write(choices?: Choices): string;
}

type Produce<T> = (choose: (id: string) => Side) => T;

const cellKey = (cell: BodyCell) => (cell.kind === "prose" ? "prose" : `cell:${cell.type}`);
const cellBody = (cell: BodyCell) => (cell.kind === "prose" ? cell.markdown : `${cell.open}\n${cell.text}${cell.close ?? ""}`);
const sameCell = (a: BodyCell, b: BodyCell) => cellBody(a) === cellBody(b) && a.lead.join("\n") === b.lead.join("\n");

/** How alike two cells are, lines in common over lines in all: pairs an edited cell with
 * its base rather than with another of the same type. */
function likeness(a: BodyCell, b: BodyCell): number {
  if (cellKey(a) !== cellKey(b)) return 0;
  if (cellBody(a) === cellBody(b)) return 2;
  const lines = new Set(cellBody(a).split("\n"));
  const other = cellBody(b).split("\n");
  const common = other.filter((line) => lines.has(line)).length;
  return 1 + (0.9 * (2 * common)) / (lines.size + other.length);
}

const CELLS = { same: (a: BodyCell, b: BodyCell) => cellBody(a) === cellBody(b), score: likeness };

/** The side that changed a part (ours when both did). */
function pick<T>(base: T, ours: T, theirs: T, same: (a: T, b: T) => boolean = Object.is): T {
  return same(ours, base) ? theirs : ours;
}
const sameList = (a: readonly string[], b: readonly string[]) => a.join("\n") === b.join("\n");

class Merger {
  readonly conflicts: Conflict[] = [];

  conflict(place: ConflictPlace, path: Path, ours: Version, theirs: Version): string {
    const id = String(this.conflicts.length);
    this.conflicts.push({ id, place, path, ours, theirs });
    return id;
  }

  /** A YAML block merged field by field; the conflicts placed at `place`. */
  block(base: string, ours: string, theirs: string, frontmatter: boolean, place: ConflictPlace): Produce<string> {
    if (ours === theirs || theirs === base) return () => ours;
    if (ours === base) return () => theirs;
    const merged = mergeBlock(base, ours, theirs, frontmatter);
    const ids = merged.conflicts.map((c) =>
      this.conflict(place, c.path, { kind: "value", value: c.ours }, { kind: "value", value: c.theirs }),
    );
    const write: Produce<string> = (choose) => {
      const chosen = merged.conflicts.filter((_, i) => choose(ids[i]!) === "theirs").map((c) => c.path);
      return takeFields(ours, theirs, [...merged.taken, ...chosen], frontmatter);
    };
    write(() => "ours"); // fails now, not after the coach's choices, if it cannot be written
    return write;
  }

  frontmatter(base: Frontmatter | null, ours: Frontmatter | null, theirs: Frontmatter | null): Produce<Frontmatter | null> {
    if (!pick(base !== null, ours !== null, theirs !== null)) return () => null;
    const text = this.block(base?.text ?? "", ours?.text ?? "", theirs?.text ?? "", true, { kind: "frontmatter" });
    const open = pick(base?.open, ours?.open, theirs?.open) ?? "---";
    const close = pick(base?.close, ours?.close, theirs?.close) ?? "---";
    return (choose) => {
      const yaml = text(choose);
      return { open, close, text: yaml, yaml: parseBlock(yaml, true) };
    };
  }

  /** One cell both sides kept. */
  cell(base: BodyCell, ours: BodyCell, theirs: BodyCell, at: { ours: number; theirs: number }): Produce<BodyCell | null> {
    if (sameCell(ours, theirs) || sameCell(base, theirs)) return () => ours;
    if (sameCell(base, ours)) return () => theirs;
    const lead = pick(base.lead, ours.lead, theirs.lead, sameList);
    if (ours.kind === "prose" && base.kind === "prose" && theirs.kind === "prose") {
      const split = (cell: typeof ours) => cell.markdown.split("\n");
      const chunks: Chunk[] = mergeLines(split(base), split(ours), split(theirs));
      const place: ConflictPlace = { kind: "prose", ...at };
      const ids = chunks.flatMap((chunk) =>
        chunk.kind === "conflict"
          ? [this.conflict(place, [], { kind: "text", text: chunk.ours.join("\n") }, { kind: "text", text: chunk.theirs.join("\n") })]
          : [],
      );
      return (choose) => {
        const lines = chunkLines(chunks, (n) => choose(ids[n]!));
        while (lines.length && lines[0]!.trim() === "") lines.shift();
        while (lines.length && lines[lines.length - 1]!.trim() === "") lines.pop();
        return lines.length ? { kind: "prose", markdown: lines.join("\n"), lead } : null;
      };
    }
    if (ours.kind === "cell" && base.kind === "cell" && theirs.kind === "cell") {
      const text = this.block(base.text, ours.text, theirs.text, false, { kind: "cell", type: ours.type, ...at });
      const open = pick(base.open, ours.open, theirs.open);
      const close = pick(base.close, ours.close, theirs.close);
      return (choose) => {
        const yaml = text(choose);
        return { ...ours, lead, open, close, text: yaml, yaml: parseBlock(yaml, false) };
      };
    }
    throw new MergeWriteError("cells of different kinds paired");
  }

  /** A cell one side removed: gone if the other left it as it was, else a question. */
  removed(base: BodyCell, kept: BodyCell, keptBy: Side, index: number): Produce<BodyCell | null> {
    if (sameCell(base, kept)) return () => null;
    const place: ConflictPlace =
      kept.kind === "prose"
        ? { kind: "prose", ours: keptBy === "ours" ? index : null, theirs: keptBy === "theirs" ? index : null }
        : { kind: "cell", type: kept.type, ours: keptBy === "ours" ? index : null, theirs: keptBy === "theirs" ? index : null };
    const versions = { ours: { kind: "cell", cell: keptBy === "ours" ? kept : null }, theirs: { kind: "cell", cell: keptBy === "theirs" ? kept : null } } as const;
    const id = this.conflict(place, [], versions.ours, versions.theirs);
    return (choose) => (choose(id) === keptBy ? kept : null);
  }

  cells(base: BodyCell[], ours: BodyCell[], theirs: BodyCell[]): Produce<BodyCell[]> {
    const toOurs = align(base, ours, CELLS);
    const toTheirs = align(base, theirs, CELLS);
    /** The cells a side added, by the base index they come before. */
    const added = (side: BodyCell[], paired: number[]) => {
      const slots = new Map<number, BodyCell[]>();
      const taken = new Set(paired.filter((j) => j >= 0));
      side.forEach((cell, j) => {
        if (taken.has(j)) return;
        let slot = paired.findIndex((p) => p > j);
        if (slot < 0) slot = base.length;
        slots.set(slot, [...(slots.get(slot) ?? []), cell]);
      });
      return slots;
    };
    const oursAdded = added(ours, toOurs);
    const theirsAdded = added(theirs, toTheirs);
    const parts: Produce<BodyCell | null>[] = [];
    for (let i = 0; i <= base.length; i++) {
      const mine = oursAdded.get(i) ?? [];
      const other = theirsAdded.get(i) ?? [];
      const same = mine.length === other.length && mine.every((cell, k) => sameCell(cell, other[k]!));
      for (const cell of same ? mine : [...mine, ...other]) parts.push(() => cell);
      if (i === base.length) break;
      const o = toOurs[i]!;
      const t = toTheirs[i]!;
      if (o >= 0 && t >= 0) parts.push(this.cell(base[i]!, ours[o]!, theirs[t]!, { ours: o, theirs: t }));
      else if (o >= 0) parts.push(this.removed(base[i]!, ours[o]!, "ours", o));
      else if (t >= 0) parts.push(this.removed(base[i]!, theirs[t]!, "theirs", t));
    }
    return (choose) => parts.map((part) => part(choose)).filter((cell): cell is BodyCell => cell !== null);
  }
}

function chooser(conflicts: readonly Conflict[], choices: Choices): (id: string) => Side {
  const missing = conflicts.filter((c) => choices[c.id] !== "ours" && choices[c.id] !== "theirs");
  if (missing.length) throw new RangeError(`no choice for ${missing.map((c) => c.id).join(", ")}`);
  return (id) => choices[id]!;
}

const settled = (text: string): Merge => ({ conflicts: [], write: () => text });

/** The file as lines, when its parts could not be merged (a shape the parts' writer refuses). */
function byLines(base: string, ours: string, theirs: string): Merge {
  const chunks = mergeLines(base.split("\n"), ours.split("\n"), theirs.split("\n"));
  const merger = new Merger();
  const ids = chunks.flatMap((chunk) =>
    chunk.kind === "conflict"
      ? [merger.conflict({ kind: "file" }, [], { kind: "text", text: chunk.ours.join("\n") }, { kind: "text", text: chunk.theirs.join("\n") })]
      : [],
  );
  const conflicts = merger.conflicts;
  return { conflicts, write: (choices = {}) => chunkLines(chunks, (n) => chooser(conflicts, choices)(ids[n]!)).join("\n") };
}

/** The three-way merge of a content file (`base` null: the file did not exist). */
export function mergeDocument(path: string, base: string | null, ours: string, theirs: string): Merge {
  if (ours === theirs || theirs === base) return settled(ours);
  if (ours === base) return settled(theirs);
  const [b, o, t] = [base ?? "", ours, theirs].map((text) => parseDocument(path, text)) as [EditorDocument, EditorDocument, EditorDocument];
  const merger = new Merger();
  try {
    const frontmatter = merger.frontmatter(base === null ? null : b.frontmatter, o.frontmatter, t.frontmatter);
    const cells = merger.cells(base === null ? [] : b.cells, o.cells, t.cells);
    const trail = pick(b.trail, o.trail, t.trail, sameList);
    const encoding = {
      bom: pick(b.encoding.bom, o.encoding.bom, t.encoding.bom),
      eol: pick(b.encoding.eol, o.encoding.eol, t.encoding.eol),
    };
    const write = (choices: Choices = {}) => {
      const choose = chooser(merger.conflicts, choices);
      const made = cells(choose);
      const doc: EditorDocument = { path, frontmatter: frontmatter(choose), cells: made, trail, encoding, original: null };
      const text = serializeDocument(doc);
      // A merged passage that opens a fence would swallow the cells after it: not written.
      if (parseDocument(path, text).cells.length !== made.length) throw new MergeWriteError("cells changed on reading back");
      return text;
    };
    const conflicts = merger.conflicts;
    // Every combination writes through the same code: try both extremes now.
    write(Object.fromEntries(conflicts.map((c) => [c.id, "ours"])));
    write(Object.fromEntries(conflicts.map((c) => [c.id, "theirs"])));
    return { conflicts, write };
  } catch (error) {
    if (!(error instanceof MergeWriteError)) throw error;
    return byLines(base ?? "", ours, theirs);
  }
}

/** The merged bytes of a file both sides changed when no one needs asking (a document whose
 * changes do not meet); null when the coach must choose (or the file is not a text document). */
export function mergedWithoutQuestion(path: string, base: Uint8Array | null, ours: Uint8Array | null, theirs: Uint8Array | null): Uint8Array | null {
  if (!path.endsWith(".md") || !ours || !theirs) return null;
  const decoder = new TextDecoder("utf-8", { fatal: true });
  try {
    const merge = mergeDocument(path.replace(/^content\//, ""), base ? decoder.decode(base) : null, decoder.decode(ours), decoder.decode(theirs));
    return merge.conflicts.length ? null : new TextEncoder().encode(merge.write());
  } catch {
    return null; // not UTF-8: a choice of the whole file
  }
}
