/** The lines a change adds and removes, for the list of files to propose: the coach sees
 * what each file will change before anything is sent. Myers' algorithm on the lines between
 * the common start and end, bounded: past MAX_EDITS differing lines the middle is shown as
 * removed then added, whole (time and memory stay linear in the file's size). */

export type LineKind = "same" | "added" | "removed";

export interface DiffLine {
  kind: LineKind;
  text: string;
}

const MAX_EDITS = 400;

/** The shortest edit script of `a` into `b`, or null past `limit` edits. */
function myers(a: readonly string[], b: readonly string[], limit: number): DiffLine[] | null {
  const n = a.length;
  const m = b.length;
  const max = Math.min(n + m, limit);
  const offset = max + 1;
  let v = new Int32Array(2 * max + 3);
  const trace: Int32Array[] = [];
  for (let d = 0; d <= max; d++) {
    trace.push(v.slice());
    const next = v.slice();
    for (let k = -d; k <= d; k += 2) {
      const down = k === -d || (k !== d && v[offset + k - 1]! < v[offset + k + 1]!);
      let x = down ? v[offset + k + 1]! : v[offset + k - 1]! + 1;
      let y = x - k;
      while (x < n && y < m && a[x] === b[y]) {
        x++;
        y++;
      }
      next[offset + k] = x;
      if (x >= n && y >= m) return backtrack(a, b, [...trace.slice(1), next], offset, d);
    }
    v = next;
  }
  return null;
}

function backtrack(a: readonly string[], b: readonly string[], trace: Int32Array[], offset: number, last: number): DiffLine[] {
  const out: DiffLine[] = [];
  let x = a.length;
  let y = b.length;
  for (let d = last; d > 0; d--) {
    const v = trace[d - 1]!;
    const k = x - y;
    const down = k === -d || (k !== d && v[offset + k - 1]! < v[offset + k + 1]!);
    const prevK = down ? k + 1 : k - 1;
    const prevX = v[offset + prevK]!;
    const prevY = prevX - prevK;
    for (; x > prevX && y > prevY; x--, y--) out.push({ kind: "same", text: a[x - 1]! });
    if (down) out.push({ kind: "added", text: b[--y]! });
    else out.push({ kind: "removed", text: a[--x]! });
  }
  for (; x > 0 && y > 0; x--, y--) out.push({ kind: "same", text: a[x - 1]! });
  return out.reverse();
}

/** Every line of `after` and the removed lines of `before`, in order. */
export function lineDiff(before: string, after: string, limit = MAX_EDITS): DiffLine[] {
  const a = before === "" ? [] : before.split("\n");
  const b = after === "" ? [] : after.split("\n");
  let start = 0;
  while (start < a.length && start < b.length && a[start] === b[start]) start++;
  let end = 0;
  while (end < a.length - start && end < b.length - start && a[a.length - 1 - end] === b[b.length - 1 - end]) end++;
  const middleA = a.slice(start, a.length - end);
  const middleB = b.slice(start, b.length - end);
  const middle = myers(middleA, middleB, limit) ?? [
    ...middleA.map((text): DiffLine => ({ kind: "removed", text })),
    ...middleB.map((text): DiffLine => ({ kind: "added", text })),
  ];
  const same = (text: string): DiffLine => ({ kind: "same", text });
  return [...a.slice(0, start).map(same), ...middle, ...a.slice(a.length - end).map(same)];
}

/** The changed lines with `context` unchanged lines around each; a run left out is one
 * `null` (shown as « … »). */
export function hunks(lines: readonly DiffLine[], context = 2): (DiffLine | null)[] {
  const near = new Uint8Array(lines.length);
  lines.forEach((line, i) => {
    if (line.kind === "same") return;
    for (let j = Math.max(0, i - context); j <= Math.min(lines.length - 1, i + context); j++) near[j] = 1;
  });
  const out: (DiffLine | null)[] = [];
  lines.forEach((line, i) => {
    if (near[i]) out.push(line);
    else if (out.length === 0 || out[out.length - 1] !== null) out.push(null);
  });
  return out;
}
