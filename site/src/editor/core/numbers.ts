/**
 * A number typed by a coach, read as `contenu check` reads it (tools/contenu/models/numbers.py,
 * interpreted by reading.ts): « 1 250 », « 395,50 », « 395 € » keep exactly their value and
 * « 1.250 » is refused, because the records say so. The parts of an accepted text give the
 * number as NumberRule.read does: the digits of `units`, then `decimals`, negative with `sign`.
 */
import type { JsonSchema } from "./model.ts";
import { decide, READINGS } from "./reading.ts";

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

/** The number `text` means, or why it is refused (French, as `contenu check` says it). */
export function readNumber(kind: NumberKind, text: string): NumberReading {
  const read = decide(READINGS[kind]!, text);
  if ("problem" in read) return read;
  const found = read.parts;
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
