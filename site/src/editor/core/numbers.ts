/**
 * A number typed by a coach, read as `contenu check` reads it: the rule records "integer",
 * "decimal" and "amount" (tools/contenu/models/numbers.py) interpreted by rules.ts:
 * « 1 250 », « 395,50 », « 395 € » keep exactly their value and « 1.250 » is refused,
 * because the records say so. What the parts of an accepted text mean is `numberOf`, as
 * `number_of` says it in Python: the digits of `units`, then `decimals`, negative with `sign`.
 */
import type { JsonSchema } from "./model.ts";
import { ruleParts } from "./rules.ts";

export type NumberKind = "integer" | "decimal" | "amount";
/** The JSON Schema keyword that names how a number field reads its text ("amount"). */
export const READING_KEYWORD = "x-reading";

/** How a number field of this schema reads text: its marker, else its JSON type. */
export function numberKindOf(schema: JsonSchema): NumberKind {
  const reading = schema[READING_KEYWORD];
  if (reading === "amount" || reading === "integer" || reading === "decimal") return reading;
  return schema.type === "integer" ? "integer" : "decimal";
}

export type NumberReading = { value: number } | { problem: string };

/** The number of a text's parts (number_of): the digits of `units` (separators dropped),
 * then `decimals`. The hand-typed price (hand-typed.ts) reads its parts the same way. */
export function numberOf(units: string, decimals: string | undefined, sign?: string): number {
  return Number(`${sign ? "-" : ""}${units.replace(/[^0-9]/g, "")}.${decimals || "0"}`);
}

const RULES: Record<NumberKind, (text: string) => ReturnType<typeof ruleParts>> = {
  integer: (text) => ruleParts("integer", text),
  decimal: (text) => ruleParts("decimal", text),
  amount: (text) => ruleParts("amount", text),
};

/** The number `text` means, or why it is refused (French, as `contenu check` says it). */
export function readNumber(kind: NumberKind, text: string): NumberReading {
  const read = RULES[kind](text);
  if ("problem" in read) return read;
  const { units, decimals, sign } = read.parts;
  return { value: kind === "integer" ? numberOf(units!, undefined, sign) : numberOf(units!, decimals, sign) };
}

/** A stored number as French writes it, for the field that shows it: « 12,5 », « 1250 »,
 * an amount's cents always two (« 395,50 »). */
export function frenchNumber(kind: NumberKind, value: number): string {
  const text = kind === "amount" && !Number.isInteger(value) ? value.toFixed(2) : String(value);
  return text.replace(".", ",");
}
