/**
 * Values of the site settings (a price, the contact e-mail, the coach's name) typed by hand
 * instead of their variable, and prices in euros that are none of the settings' (stale): the
 * record "hand_typed" (tools/contenu/pipeline/variables.py) interpreted as `hand_typed` and
 * `typed_message` read it there.
 */
import { euros } from "./euros.ts";
import { fillRule, regexOf, typedValues } from "./rules.ts";
import { numberOf, readNumber } from "./numbers.ts";
import { frenchTypography } from "../emulated/typography.ts";
import { PyFloat, type PyValue } from "../emulated/pyyaml.ts";

const RULE = typedValues("hand_typed");
/** The settings file whose values are the text variables (SETTINGS_FILE of the models). */
export const SETTINGS_FILE = RULE.file;
const PRICE = regexOf(RULE.price, "g");

/** The settings' values to look for: price amount → variable, lower-cased text → variable;
 * and each price variable's value on the site (« 395 € »). */
export interface Constants {
  prices: Map<number, string>;
  literals: Map<string, string>;
  values: Map<string, string>;
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

/** A price of the settings (`{ amount, currency }`) as the site writes it, or null when the
 * model refuses it. */
export function priceText(price: unknown): string | null {
  const field = (key: string): unknown => (price && typeof price === "object" ? (price as Record<string, unknown>)[key] : undefined);
  const amount = amountOf(field("amount"));
  const currency = field("currency") ?? "EUR";
  return amount === null || typeof currency !== "string" ? null : euros(amount, currency);
}

/** `Variables.of`'s prices and literals, from the settings' frontmatter data. */
export function constantsOf(settings: PyValue | unknown): Constants | null {
  const at = (path: string[]): unknown =>
    path.reduce<unknown>((node, key) => (node && typeof node === "object" ? (node as Record<string, unknown>)[key] : undefined), settings);
  const prices = new Map<number, string>();
  const literals = new Map<string, string>();
  const values = new Map<string, string>();
  for (const [name, path] of Object.entries(RULE.settings)) {
    const value = at(path);
    if (!RULE.literals.includes(name)) {
      const amount = amountOf(value);
      const price = priceText(at(path.slice(0, -1)));
      if (amount === null || price === null) return null;
      if (amount > 0 && !prices.has(amount)) prices.set(amount, name);
      values.set(name, price);
    } else {
      if (typeof value !== "string") return null;
      // The coach's name is a `Text` of the model: stripped and typeset.
      const text = name === "coach" ? frenchTypography(value.trim()) : value.trim();
      if ([...text].length > 2) literals.set(text.toLowerCase(), name);
    }
  }
  return { prices, literals, values };
}

export interface Typed {
  /** The variable to write ("" for a price no word names). */
  name: string;
  text: string;
  offset: number;
  kind: "typed" | "stale" | "unknown";
}

/** The variable the words of `part` (a part of a sentence) name, or "". */
function namedNear(part: string): string {
  const lowered = part.toLowerCase();
  return RULE.near.find(([, words]) => words.some((word) => lowered.includes(word)))?.[0] ?? "";
}

/** `text.slice(start, end)` cut at the stop nearest to the price (before it: the last). */
function sentencePart(text: string, start: number, end: number, before: boolean): string {
  const part = text.slice(start, end);
  const cuts = [...RULE.stops].map((c) => (before ? part.lastIndexOf(c) : part.indexOf(c))).filter((i) => i >= 0);
  if (!cuts.length) return part;
  return before ? part.slice(Math.max(...cuts) + 1) : part.slice(0, Math.min(...cuts));
}

function prices(text: string, constants: Constants): Typed[] {
  const matches = [...text.matchAll(PRICE)];
  return matches.map((match, i) => {
    // « 395,5 € » is 395.50: the amount with its cents, as the settings hold it.
    const exact = constants.prices.get(numberOf(match.groups!.amount!, match.groups?.cents));
    const typed = { text: match[0], offset: match.index };
    if (exact !== undefined) return { ...typed, name: exact, kind: "typed" };
    const previous = i ? matches[i - 1]!.index + matches[i - 1]![0].length : 0;
    const following = i + 1 < matches.length ? matches[i + 1]!.index : text.length;
    const end = match.index + match[0].length;
    const name = namedNear(sentencePart(text, previous, match.index, true)) || namedNear(sentencePart(text, end, following, false));
    return { ...typed, name, kind: name ? "stale" : "unknown" };
  });
}

export function handTyped(text: string, constants: Constants): Typed[] {
  const found: Typed[] = [];
  const lowered = text.toLowerCase();
  if (text.includes("€") || lowered.includes("euro") || text.includes("EUR")) {
    found.push(...prices(text, constants));
  }
  for (const [literal, name] of constants.literals) {
    for (let start = lowered.indexOf(literal); start >= 0; start = lowered.indexOf(literal, start + literal.length)) {
      found.push({ name, text: text.slice(start, start + literal.length), offset: start, kind: "typed" });
    }
  }
  return found.sort((a, b) => a.offset - b.offset);
}

export function typedMessage(typed: Typed, inField: boolean, constants: Constants): string {
  const choices = RULE.near
    .map(([name]) => fillRule(RULE.messages.choice, { name, price: constants.values.get(name) }))
    .join(", ");
  return fillRule(RULE.messages[typed.kind], {
    text: typed.text,
    name: typed.name,
    what: typed.name ? RULE.what[typed.name] : "",
    price: constants.values.get(typed.name) ?? "",
    choices,
    file: RULE.file,
    quoted: inField ? RULE.quoted : "",
  });
}
