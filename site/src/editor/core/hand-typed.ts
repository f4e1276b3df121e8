/**
 * Values of the site settings (a price, the contact e-mail, the coach's name) typed by hand
 * instead of their variable: the record "hand_typed" (tools/contenu/pipeline/variables.py)
 * interpreted as `hand_typed` and `typed_message` read it there.
 */
import { fillRule, regexOf, typedValues } from "./rules.ts";
import { numberOf, readNumber } from "./numbers.ts";
import { frenchTypography } from "../emulated/typography.ts";
import { PyFloat, type PyValue } from "../emulated/pyyaml.ts";

const RULE = typedValues("hand_typed");
/** The settings file whose values are the text variables (SETTINGS_FILE of the models). */
export const SETTINGS_FILE = RULE.file;
const PRICE = regexOf(RULE.price, "g");

/** The settings' values to look for: price amount → variable, lower-cased text → variable. */
export interface Constants {
  prices: Map<number, string>;
  literals: Map<string, string>;
}

/** A price's amount as the model holds it, read by the rule "amount" (« 395,50 » typed by
 * hand is 395.5), or null when the model refuses it (the settings are then invalid: no
 * variable, no warning). */
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
  for (const [name, path] of Object.entries(RULE.settings)) {
    const value = at(path);
    if (!RULE.literals.includes(name)) {
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
      const name = constants.prices.get(numberOf(match.groups!.amount!, match.groups?.cents));
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
  const template = inField ? RULE.messages.field : RULE.messages.prose;
  return fillRule(template, { text: typed.text, name: typed.name, what: RULE.what[typed.name], file: RULE.file });
}
