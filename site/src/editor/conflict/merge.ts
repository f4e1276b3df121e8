/** A conflict resolved cell by cell: the coach's version and the other one (GitHub's, or a
 * save made meanwhile) are split into the same parts as the notebook (the frontmatter, then
 * each cell), every part that differs is offered as a choice, and the chosen parts make the
 * file (committed on the fresh head, or saved over the version saved meanwhile).
 * Nothing of either side is lost: a part is always one version or the other, whole. */

import { type BodyCell, type EditorDocument, parseDocument, serializeDocument } from "../core/index.ts";

export type Side = "ours" | "theirs";

export interface Part {
  /** "frontmatter", or the cell's index. */
  key: string;
  ours: string | null;
  theirs: string | null;
}

function cellText(cell: BodyCell | undefined): string | null {
  if (!cell) return null;
  return cell.kind === "prose" ? cell.markdown : `${cell.open}\n${cell.text}${cell.close ?? ""}`;
}

/** The parts where the two versions differ (a cell missing on one side counts as null). */
export function differingParts(path: string, ours: string, theirs: string): Part[] {
  const a = parseDocument(path, ours);
  const b = parseDocument(path, theirs);
  const parts: Part[] = [];
  const fa = a.frontmatter?.text ?? null;
  const fb = b.frontmatter?.text ?? null;
  if (fa !== fb) parts.push({ key: "frontmatter", ours: fa, theirs: fb });
  for (let i = 0; i < Math.max(a.cells.length, b.cells.length); i++) {
    const ca = cellText(a.cells[i]);
    const cb = cellText(b.cells[i]);
    if (ca !== cb) parts.push({ key: String(i), ours: ca, theirs: cb });
  }
  return parts;
}

/** The file made of the chosen side of each part (parts not listed keep the coach's). */
export function mergeParts(path: string, ours: string, theirs: string, choices: Record<string, Side>): string {
  const a = parseDocument(path, ours);
  const b = parseDocument(path, theirs);
  const merged: EditorDocument = { ...a, cells: [], original: null };
  if (choices.frontmatter === "theirs") merged.frontmatter = b.frontmatter;
  for (let i = 0; i < Math.max(a.cells.length, b.cells.length); i++) {
    const chosen = choices[String(i)] === "theirs" ? b.cells[i] : a.cells[i];
    if (chosen) merged.cells.push(chosen);
  }
  return serializeDocument(merged);
}
