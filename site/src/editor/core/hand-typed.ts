/**
 * A value of the site settings (a price, the contact e-mail, the coach's name) typed by hand
 * instead of its variable: `hand_typed` of tools/contenu/pipeline/variables.py, whose
 * warning (`typed_message`) comes generated in MESSAGES.handTyped.
 */
import { fill, MESSAGES } from "./messages.ts";
import { frenchTypography } from "./typography.ts";
import { readNumber } from "./numbers.ts";
import { PyFloat, type PyValue } from "./yaml-values.ts";

const HAND_TYPED = MESSAGES.handTyped;
const SETTINGS: Record<string, string[]> = HAND_TYPED.settings;

/** The settings' values to look for: price amount → variable, lower-cased text → variable. */
export interface Constants {
  prices: Map<number, string>;
  literals: Map<string, string>;
}

/** A price's amount as the model holds it (« 395,50 » typed by hand is 395.5), or null
 * when the model refuses it (the settings are then invalid: no variable, no warning). */
function amountOf(value: unknown): number | null {
  const text = typeof value === "string" ? value : value instanceof PyFloat ? value.toString().replace(".", ",") : null;
  const read = text === null ? null : readNumber("amount", text);
  if (read && "problem" in read) return null;
  const amount = read ? read.value : value instanceof PyFloat ? value.value : typeof value === "number" ? value : null;
  return amount !== null && amount >= 0 ? amount : null;
}

/** `Variables.of`'s prices and literals, from the settings' frontmatter data. */
export function constantsOf(settings: PyValue | unknown): Constants | null {
  const at = (path: string[]): unknown =>
    path.reduce<unknown>((node, key) => (node && typeof node === "object" ? (node as Record<string, unknown>)[key] : undefined), settings);
  const prices = new Map<number, string>();
  const literals = new Map<string, string>();
  for (const [name, path] of Object.entries(SETTINGS)) {
    const value = at(path);
    if (name.startsWith("prix.")) {
      const amount = amountOf(value);
      if (amount === null) return null;
      if (amount > 0 && !prices.has(amount)) prices.set(amount, name);
    } else {
      if (typeof value !== "string") return null;
      // The coach's name is a `Text` of the model: stripped and typeset.
      const text = name === "coach" ? frenchTypography(value.trim()) : value.trim();
      if ([...text].length > 2) literals.set(text.toLowerCase(), name);
    }
  }
  return { prices, literals };
}

// Python's `\w` and `\b` are Unicode: a letter, a digit or « _ ».
const PRICE =
  /(?<![\p{L}\p{N}_.,])(\d{1,3}(?:[ \u00a0\u202f.]\d{3})+|\d+)(?:[.,](\d{1,2}))?[ \u00a0\u202f]?(?:€|euros?(?![\p{L}\p{N}_])|EUR(?![\p{L}\p{N}_]))/giu;

export interface Typed {
  name: string;
  text: string;
  offset: number;
}

export function handTyped(text: string, constants: Constants): Typed[] {
  const found: Typed[] = [];
  const lowered = text.toLowerCase();
  if (text.includes("€") || lowered.includes("euro") || text.includes("EUR")) {
    for (const match of text.matchAll(PRICE)) {
      // « 395,5 € » is 395.50: the amount with its cents, as the settings hold it.
      const name = constants.prices.get(Number(`${match[1]!.replace(/[^0-9]/g, "")}.${match[2] ?? "0"}`));
      if (name !== undefined) found.push({ name, text: match[0], offset: match.index });
    }
  }
  for (const [literal, name] of constants.literals) {
    for (let start = lowered.indexOf(literal); start >= 0; start = lowered.indexOf(literal, start + literal.length)) {
      found.push({ name, text: text.slice(start, start + literal.length), offset: start });
    }
  }
  return found.sort((a, b) => a.offset - b.offset);
}

export function typedMessage(typed: Typed, inField: boolean): string {
  const templates: Record<string, string> = inField ? HAND_TYPED.field : HAND_TYPED.prose;
  return fill(templates[typed.name]!, { text: typed.text });
}
