/**
 * How the carnet's reading grows with its input, for tests/pipeline/test_linear_growth.py
 * (bundled with rolldown, run by node). Reads `{cases}` on stdin: each case is a text made of
 * `prefix + unit × n + suffix`, read by an exported pattern (`pattern`: every match, as
 * `matchAll` finds them), by the splitter (`split`: `parseDocument`) or by the whole
 * validation of a document (`document`). For each case, the smallest n whose reading takes
 * `targetMs` (or whose text at 4n would pass `maxLength`), and the times at n and 4n (the
 * best of five, read in turns): `[{n, small, large}]`. A linear reading takes about four
 * times longer at 4n.
 */
import { readFileSync } from "node:fs";
import { indexContext, parseDocument, validateDocument } from "../src/editor/core/index.ts";

interface Case {
  kind: "pattern" | "split" | "document";
  source?: string;
  path?: string;
  prefix: string;
  unit: string;
  suffix: string;
}

interface Input {
  cases: Case[];
  targetMs: number;
  maxLength: number;
}

const input = JSON.parse(readFileSync(0, "utf8")) as Input;
const index = indexContext({ routes: ["/"], files: [] });

function reader(c: Case): (text: string) => unknown {
  if (c.kind === "pattern") {
    const regex = new RegExp(c.source!, "gu");
    return (text) => {
      let count = 0;
      for (const match of text.matchAll(regex)) count += match[0].length > 0 ? 1 : 0;
      return count;
    };
  }
  if (c.kind === "split") return (text) => parseDocument(c.path!, text);
  return (text) => validateDocument(parseDocument(c.path!, text), index);
}

const collect = (globalThis as { gc?: () => void }).gc ?? (() => undefined);

/** The fastest of `runs` readings of `text` in processor time (the time other processes of
 * a busy machine take is not counted), each after a garbage collection when node runs with
 * --expose-gc. */
function best(read: (text: string) => unknown, text: string, runs = 3, clean = true): number {
  let fastest = Infinity;
  for (let run = 0; run < runs; run++) {
    if (clean) collect();
    const start = process.cpuUsage();
    read(text);
    const used = process.cpuUsage(start);
    fastest = Math.min(fastest, (used.user + used.system) / 1000);
  }
  return fastest;
}

const results = input.cases.map((c) => {
  const read = reader(c);
  const text = (n: number) => c.prefix + c.unit.repeat(n) + c.suffix;
  let n = 16;
  while (text(8 * n).length <= input.maxLength && best(read, text(n), 3, false) < input.targetMs) n *= 2;
  // n and 4n read in turns, so that a busy moment slows both.
  const small = text(n);
  const large = text(4 * n);
  let times = [Infinity, Infinity];
  for (let turn = 0; turn < 5; turn++) times = [Math.min(times[0]!, best(read, small, 1)), Math.min(times[1]!, best(read, large, 1))];
  return { n, small: times[0], large: times[1] };
});
process.stdout.write(JSON.stringify(results));
