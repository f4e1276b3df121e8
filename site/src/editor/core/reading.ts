/**
 * A value typed as text, read as `contenu check` reads it: the readings of
 * tools/contenu/models/reading.py (numbers.py, dates.py), exported as records into
 * generated/model.gen.json and interpreted here: an ordered list of decisions on patterns,
 * the first that holds accepts the text or refuses it with its French message. Nothing of a
 * reading is written here; numbers.ts and dates.ts say what the parts of an accepted text
 * mean, as the Python records' kinds do.
 */
import data from "./generated/model.gen.json" with { type: "json" };

interface TestRecord {
  test: "matches";
  on: string;
  negate: boolean;
  lower: boolean;
  source: string;
  mode: "search" | "match" | "fullmatch";
}

export interface ReadingRecord {
  kind: string;
  steps: { when: TestRecord[]; then: string | null }[];
  otherwise: string;
  messages: Record<string, string>;
  months?: Record<string, number>;
  monthNames?: string[];
}

export const READINGS = data.readings as unknown as Record<string, ReadingRecord>;

const compiled = new Map<string, RegExp>();

function regexOf(test: TestRecord): RegExp {
  const key = `${test.mode}/${test.source}`;
  let regex = compiled.get(key);
  if (!regex) {
    const anchored = test.mode === "fullmatch" ? `^(?:${test.source})$` : test.mode === "match" ? `^(?:${test.source})` : test.source;
    regex = new RegExp(anchored, "u");
    compiled.set(key, regex);
  }
  return regex;
}

function holds(test: TestRecord, found: Record<string, string>): boolean {
  const subject = found[test.on];
  if (subject === undefined) return false;
  const match = regexOf(test).exec(test.lower ? subject.toLowerCase() : subject);
  for (const [name, part] of Object.entries(match?.groups ?? {})) if (part !== undefined) found[name] = part;
  return (match !== null) !== test.negate;
}

/** The message `key` of a reading, its placeholders filled with the parts found. */
export function refusal(record: ReadingRecord, key: string, found: Record<string, string>): { problem: string } {
  return { problem: record.messages[key]!.replace(/\{([A-Za-z_][A-Za-z0-9_]*)\}/g, (whole, name: string) => found[name] ?? whole) };
}

/** The parts of `text` when the reading accepts it, else why it refuses it. */
export function decide(record: ReadingRecord, text: string): { parts: Record<string, string> } | { problem: string } {
  const found: Record<string, string> = { value: text };
  const step = record.steps.find((s) => s.when.every((test) => holds(test, found)));
  const key = step ? step.then : record.otherwise;
  return key === null ? { parts: found } : refusal(record, key, found);
}
