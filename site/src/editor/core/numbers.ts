/**
 * A number typed by a coach, read as `contenu check` reads it: the rules of
 * tools/contenu/models/numbers.py, exported as records into generated/model.gen.json and
 * interpreted here (an ordered list of decisions on patterns; the first that holds accepts or
 * refuses with its French message). Nothing of a rule is written here: « 1 250 », « 395,50 »,
 * « 395 € » keep exactly their value and « 1.250 » is refused because the records say so.
 */
import data from "./generated/model.gen.json" with { type: "json" };
import type { JsonSchema } from "./model.ts";

export type NumberKind = "integer" | "decimal" | "amount";

interface TestRecord {
  test: "matches";
  on: string;
  negate: boolean;
  source: string;
  mode: "search" | "match" | "fullmatch";
}

interface NumberRecord {
  kind: "number";
  number: NumberKind;
  steps: { when: TestRecord[]; then: string | null }[];
  otherwise: string;
  messages: Record<string, string>;
}

const RECORDS = data.numbers as unknown as Record<NumberKind, NumberRecord>;
/** The JSON Schema keyword that names how a number field reads its text ("amount"). */
export const READING_KEYWORD = "x-reading";

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
  const match = regexOf(test).exec(subject);
  for (const [name, part] of Object.entries(match?.groups ?? {})) if (part !== undefined) found[name] = part;
  return (match !== null) !== test.negate;
}

/** How a number field of this schema reads text: its marker, else its JSON type. */
export function numberKindOf(schema: JsonSchema): NumberKind {
  const reading = schema[READING_KEYWORD];
  if (reading === "amount" || reading === "integer" || reading === "decimal") return reading;
  return schema.type === "integer" ? "integer" : "decimal";
}

export type NumberReading = { value: number } | { problem: string };

/** The number `text` means, or why it is refused (French, as `contenu check` says it). */
export function readNumber(kind: NumberKind, text: string): NumberReading {
  const rule = RECORDS[kind];
  const found: Record<string, string> = { value: text };
  const step = rule.steps.find((s) => s.when.every((test) => holds(test, found)));
  const key = step ? step.then : rule.otherwise;
  if (key !== null) {
    return { problem: rule.messages[key]!.replace(/\{([A-Za-z_][A-Za-z0-9_]*)\}/g, (whole, name: string) => found[name] ?? whole) };
  }
  const digits = found.units!.replace(/[^0-9]/g, "");
  const sign = found.sign ? "-" : "";
  return { value: kind === "integer" ? Number(sign + digits) : Number(`${sign}${digits}.${found.decimals || "0"}`) };
}

/** A stored number as French writes it, for the field that shows it: « 12,5 », « 1250 »,
 * an amount's cents always two (« 395,50 »). */
export function frenchNumber(kind: NumberKind, value: number): string {
  const text = kind === "amount" && !Number.isInteger(value) ? value.toFixed(2) : String(value);
  return text.replace(".", ",");
}
