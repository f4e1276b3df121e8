/** Which items of two sequences are the same item (a line, a cell): the pairs, in order, that
 * maximise the total score (an LCS when every match scores 1). The common start and end are
 * matched first; the middle costs rows × columns, so past MAX_CELLS it is left unmatched,
 * which a three-way merge treats as changed on that side: a conflict at worst, never a
 * silent choice (and memory and time stay bounded on a hostile file). */

const MAX_CELLS = 1_000_000;

export interface Alignment<T> {
  /** The same item exactly (trims the common start and end). */
  same(a: T, b: T): boolean;
  /** How well `a` matches `b`: > 0 may be paired, ≤ 0 may not. */
  score(a: T, b: T): number;
}

/** For each index of `a`, the index of `b` it is paired with, or -1. */
export function align<T>(a: readonly T[], b: readonly T[], how: Alignment<T>): number[] {
  const pairs = new Array<number>(a.length).fill(-1);
  let start = 0;
  while (start < a.length && start < b.length && how.same(a[start]!, b[start]!)) {
    pairs[start] = start;
    start++;
  }
  let endA = a.length;
  let endB = b.length;
  while (endA > start && endB > start && how.same(a[endA - 1]!, b[endB - 1]!)) {
    pairs[--endA] = --endB;
  }
  const rows = endA - start;
  const columns = endB - start;
  if (rows === 0 || columns === 0 || rows * columns > MAX_CELLS) return pairs;
  // best[i][j]: the best total for a[start+i..endA) against b[start+j..endB).
  const width = columns + 1;
  const best = new Float64Array((rows + 1) * width);
  const scores = new Float64Array(rows * columns);
  for (let i = rows - 1; i >= 0; i--) {
    for (let j = columns - 1; j >= 0; j--) {
      const score = how.score(a[start + i]!, b[start + j]!);
      scores[i * columns + j] = score;
      const skip = Math.max(best[(i + 1) * width + j]!, best[i * width + j + 1]!);
      best[i * width + j] = score > 0 ? Math.max(skip, score + best[(i + 1) * width + j + 1]!) : skip;
    }
  }
  let i = 0;
  let j = 0;
  while (i < rows && j < columns) {
    const score = scores[i * columns + j]!;
    if (score > 0 && best[i * width + j] === score + best[(i + 1) * width + j + 1]!) {
      pairs[start + i] = start + j;
      i++;
      j++;
    } else if (best[(i + 1) * width + j]! >= best[i * width + j + 1]!) i++;
    else j++;
  }
  return pairs;
}

/** Plain equality: the longest common subsequence. */
export function equalItems<T>(): Alignment<T> {
  const same = (a: T, b: T) => a === b;
  return { same, score: (a, b) => (a === b ? 1 : 0) };
}
