/** A three-way merge of lines (a prose cell's, or a whole file's as a last resort): each
 * side's changes to the base are hunks (a range of base lines and what replaces it); hunks
 * of the two sides whose base lines do not overlap are both applied, lines next to each other
 * included; hunks that overlap are one conflict, unless both sides wrote the same lines. */

import { align, equalItems } from "./align.ts";

export type Chunk =
  | { kind: "clean"; lines: string[] }
  | { kind: "conflict"; base: string[]; ours: string[]; theirs: string[] };

interface Hunk {
  /** Base lines [start, end) replaced by `lines` (start === end: inserted before start). */
  start: number;
  end: number;
  lines: string[];
}

function hunks(base: readonly string[], side: readonly string[]): Hunk[] {
  const pairs = align(base, side, equalItems<string>());
  const out: Hunk[] = [];
  let b = 0;
  let s = 0;
  const flush = (nextB: number, nextS: number) => {
    if (nextB > b || nextS > s) out.push({ start: b, end: nextB, lines: side.slice(s, nextS) });
  };
  pairs.forEach((paired, i) => {
    if (paired < 0) return;
    flush(i, paired);
    b = i + 1;
    s = paired + 1;
  });
  flush(base.length, side.length);
  return out;
}

/** Whether two hunks change the same base lines. Lines added next to lines the other side
 * changed do not (they go before or after them); lines both sides added at the same place,
 * or added inside lines the other side changed, do. */
function overlap(a: Hunk, b: Hunk): boolean {
  const inserts = (h: Hunk) => h.start === h.end;
  if (inserts(a) && inserts(b)) return a.start === b.start;
  if (inserts(a)) return b.start < a.start && a.start < b.end;
  if (inserts(b)) return a.start < b.start && b.start < a.end;
  return a.start < b.end && b.start < a.end;
}

/** The base lines [start, end) with the given hunks (all inside that range) applied. */
function applied(base: readonly string[], start: number, end: number, edits: readonly Hunk[]): string[] {
  const out: string[] = [];
  let at = start;
  for (const hunk of edits) {
    out.push(...base.slice(at, hunk.start), ...hunk.lines);
    at = hunk.end;
  }
  out.push(...base.slice(at, end));
  return out;
}

const sameLines = (a: readonly string[], b: readonly string[]) => a.length === b.length && a.every((line, i) => line === b[i]);

export function mergeLines(base: readonly string[], ours: readonly string[], theirs: readonly string[]): Chunk[] {
  const tagged = [
    ...hunks(base, ours).map((hunk) => ({ hunk, side: "ours" as const })),
    ...hunks(base, theirs).map((hunk) => ({ hunk, side: "theirs" as const })),
  ].sort((a, b) => a.hunk.start - b.hunk.start || a.hunk.end - b.hunk.end);
  const chunks: Chunk[] = [];
  let at = 0;
  const clean = (lines: string[]) => {
    if (!lines.length) return;
    const last = chunks[chunks.length - 1];
    if (last?.kind === "clean") last.lines.push(...lines);
    else chunks.push({ kind: "clean", lines });
  };
  let i = 0;
  while (i < tagged.length) {
    // A group: hunks overlapping one another, transitively.
    const group = [tagged[i]!];
    let start = tagged[i]!.hunk.start;
    let end = tagged[i]!.hunk.end;
    i++;
    while (i < tagged.length && group.some((g) => overlap(g.hunk, tagged[i]!.hunk))) {
      group.push(tagged[i]!);
      start = Math.min(start, tagged[i]!.hunk.start);
      end = Math.max(end, tagged[i]!.hunk.end);
      i++;
    }
    clean(base.slice(at, start));
    at = end;
    const of = (side: "ours" | "theirs") => group.filter((g) => g.side === side).map((g) => g.hunk);
    const mine = applied(base, start, end, of("ours"));
    const other = applied(base, start, end, of("theirs"));
    const sides = new Set(group.map((g) => g.side));
    if (sides.size === 1 || sameLines(mine, other)) clean(sides.has("ours") ? mine : other);
    else chunks.push({ kind: "conflict", base: base.slice(start, end), ours: mine, theirs: other });
  }
  clean(base.slice(at));
  return chunks;
}

/** The lines of merged chunks, each conflict resolved by `choose` (its index among the
 * conflicts → the side kept). */
export function chunkLines(chunks: readonly Chunk[], choose: (conflict: number) => "ours" | "theirs"): string[] {
  let conflict = 0;
  return chunks.flatMap((chunk) => (chunk.kind === "clean" ? chunk.lines : chunk[choose(conflict++)]));
}
