/**
 * « vouliez-vous dire … ? »: the suggestions of tools/contenu/report/diagnostics.py (`suggest`,
 * `nearest_first`), on Python's difflib (`SequenceMatcher.ratio`, `get_close_matches`)
 * ported as is so the editor suggests the same word as `contenu check`.
 */

/** difflib.SequenceMatcher(None, a, b).ratio() for short strings (no autojunk below 200). */
export function ratio(a: string, b: string): number {
  const x = [...a];
  const y = [...b];
  const total = x.length + y.length;
  if (total === 0) return 1;
  return (2 * matches(x, y)) / total;
}

function matches(a: string[], b: string[]): number {
  const b2j = new Map<string, number[]>();
  b.forEach((char, j) => {
    const list = b2j.get(char) ?? [];
    list.push(j);
    b2j.set(char, list);
  });
  // Popular elements are junk only when b has 200 items or more (difflib's autojunk).
  if (b.length >= 200) {
    const limit = Math.floor(b.length / 100) + 1;
    for (const [char, list] of [...b2j]) if (list.length > limit) b2j.delete(char);
  }
  let count = 0;
  const queue: [number, number, number, number][] = [[0, a.length, 0, b.length]];
  while (queue.length) {
    const [alo, ahi, blo, bhi] = queue.pop()!;
    const [i, j, k] = longestMatch(a, b2j, alo, ahi, blo, bhi);
    if (k > 0) {
      count += k;
      if (alo < i && blo < j) queue.push([alo, i, blo, j]);
      if (i + k < ahi && j + k < bhi) queue.push([i + k, ahi, j + k, bhi]);
    }
  }
  return count;
}

function longestMatch(
  a: string[],
  b2j: Map<string, number[]>,
  alo: number,
  ahi: number,
  blo: number,
  bhi: number,
): [number, number, number] {
  let bestI = alo;
  let bestJ = blo;
  let bestSize = 0;
  let lengths = new Map<number, number>();
  for (let i = alo; i < ahi; i++) {
    const next = new Map<number, number>();
    for (const j of b2j.get(a[i]!) ?? []) {
      if (j < blo) continue;
      if (j >= bhi) break;
      const k = (lengths.get(j - 1) ?? 0) + 1;
      next.set(j, k);
      if (k > bestSize) {
        bestI = i - k + 1;
        bestJ = j - k + 1;
        bestSize = k;
      }
    }
    lengths = next;
  }
  // No junk below 200 items: difflib's extension over junk elements does nothing then.
  return [bestI, bestJ, bestSize];
}

/** difflib's quick_ratio: an upper bound of ratio from the characters in common. */
function quickRatio(a: string[], counts: Map<string, number>, lengthB: number): number {
  const avail = new Map<string, number>();
  let matches = 0;
  for (const char of a) {
    const left = avail.has(char) ? avail.get(char)! : (counts.get(char) ?? 0);
    avail.set(char, left - 1);
    if (left > 0) matches++;
  }
  return (2 * matches) / (a.length + lengthB || 1);
}

/** difflib.get_close_matches(word, options, n=1, cutoff=0.6)[0], with its two cheap upper
 * bounds tried first (same result, thousands of routes in a few milliseconds). */
function closest(word: string, options: string[]): string | null {
  let best: [number, string] | null = null;
  const chars = [...word];
  const counts = new Map<string, number>();
  for (const char of chars) counts.set(char, (counts.get(char) ?? 0) + 1);
  for (const option of options) {
    const x = [...option];
    const shortest = Math.min(x.length, chars.length);
    if ((2 * shortest) / (x.length + chars.length || 1) < 0.6) continue; // real_quick_ratio
    if (quickRatio(x, counts, chars.length) < 0.6) continue;
    const score = ratio(option, word);
    if (score < 0.6) continue;
    if (!best || score > best[0] || (score === best[0] && option > best[1])) best = [score, option];
  }
  return best ? best[1] : null;
}

const squash = (text: string) => text.toLowerCase().replaceAll("_", "").replaceAll("-", "");

export function suggest(word: string, choices: Iterable<string>): string | null {
  const options = [...new Set(choices)].sort();
  const lowered = new Map(options.map((c) => [c.toLowerCase(), c]));
  const same = lowered.get(word.toLowerCase());
  if (same !== undefined && same !== word) return same;
  const squashed = new Map(options.map((c) => [squash(c), c]));
  const key = squashed.get(squash(word));
  if (key !== undefined) return key;
  return closest(word, options);
}

/** Every choice, the closest spelling of `word` first (`nearest_first`). */
export function nearestFirst(word: string, choices: Iterable<string>): string[] {
  const guess = suggest(word, choices);
  const lower = word.toLowerCase();
  return [...new Set(choices)]
    .map((choice) => ({ choice, key: [choice !== guess ? 1 : 0, -ratio(lower, choice.toLowerCase())] as const }))
    .sort((p, q) => p.key[0] - q.key[0] || p.key[1] - q.key[1] || (p.choice < q.choice ? -1 : p.choice > q.choice ? 1 : 0))
    .map((p) => p.choice);
}
