/**
 * The rules `contenu check` applies beyond the JSON Schemas, interpreted from their records:
 * each rule is declared once in Python (tools/contenu/rules and the modules that use it) and
 * exported into generated/model.gen.json (tools/contenu/catalogue/editor_rules.py). Nothing
 * of a rule is written here, only what each kind of record means; a rule added to a field on
 * the Python side is applied at that field with no change here.
 */
import data from "./generated/model.gen.json" with { type: "json" };

/** A pattern of the subset both engines read alike, anchored for its mode (flag `u`). */
export interface PatternRecord {
  source: string;
  mode: "search" | "match" | "fullmatch";
}

type TestRecord =
  | ({ test: "matches"; on: string; lower: boolean; negate: boolean } & PatternRecord)
  | { test: "inList"; on: string; list: string; prefix: boolean; negate: boolean }
  | { test: "longer"; on: string; than: number; negate: boolean };

/** An ordered list of decisions (tools/contenu/rules/decisions.py); a reading of a date
 * (tools/contenu/models/dates.py) adds its month names and its calendar's messages. */
export interface DecisionsRecord {
  kind: "decisions";
  steps: { when: TestRecord[]; then: string | null }[];
  otherwise: string | null;
  messages: Record<string, string>;
  phrases: Record<string, [string, string][]>;
  lists: Record<string, string[]>;
  frame: string;
  months?: Record<string, number>;
  monthNames?: string[];
  calendar?: Record<string, string>;
}

/** A pattern the splitter reads files with (tools/contenu/rules/shape.py). */
interface ShapeRecord extends PatternRecord {
  kind: "shape";
}

/** Settings values typed by hand (tools/contenu/rules/typed_values.py). */
export interface TypedValuesRecord {
  kind: "typedValues";
  price: PatternRecord;
  literals: string[];
  settings: Record<string, string[]>;
  what: Record<string, string>;
  messages: { typed: string; stale: string; unknown: string; choice: string };
  file: string;
  /** Price variable → the words that name it, in order of precedence. */
  near: [string, string[]][];
  /** The characters that end a part of a sentence. */
  stops: string;
  quoted: string;
}

/** A length a field's help recommends: outside it, a warning (tools/contenu/rules/length.py). */
interface LengthRecord {
  kind: "length";
  atLeast: number;
  atMost: number;
  messages: { short?: string; long: string };
}

/** A name a reader would take for another in use (tools/contenu/rules/same_name.py). */
interface SameNameRecord {
  kind: "sameName";
  letters: Record<string, string>;
  endings: string[];
  shortest: number;
  message: string;
}

type RuleRecord = DecisionsRecord | ShapeRecord | TypedValuesRecord | LengthRecord | SameNameRecord;

const RECORDS = data.rules.records as unknown as Record<string, RuleRecord>;
/** Model name → field → the ids of the rules of that field. */
export const FIELD_RULES = data.rules.fields as Record<string, Record<string, string[]>>;
/** Model name → field → the ids of the lengths its help recommends (warnings). */
export const FIELD_ADVICE = data.rules.advice as Record<string, Record<string, string[]>>;
/** Model name → field → the JSON Schema keywords written for other editors only (Pydantic
 * does not check them; the field's rules do). */
export const FIELD_HINTS = data.rules.hints as Record<string, Record<string, string[]>>;

function record<K extends RuleRecord["kind"]>(id: string, kind: K): Extract<RuleRecord, { kind: K }> {
  const found = RECORDS[id];
  if (!found || found.kind !== kind) throw new Error(`no rule « ${id} » of kind ${kind}`);
  return found as Extract<RuleRecord, { kind: K }>;
}

const compiled = new Map<string, RegExp>();

/** The pattern compiled once (`g`: for matchAll, which copies it). */
export function regexOf(pattern: PatternRecord, flags = ""): RegExp {
  const key = `${flags}/${pattern.source}`;
  let regex = compiled.get(key);
  if (!regex) {
    regex = new RegExp(pattern.source, `u${flags}`);
    compiled.set(key, regex);
  }
  return regex;
}

/** A shape's pattern ("fence", "cell_info"). */
export function shape(id: string): RegExp {
  return regexOf(record(id, "shape"));
}

export function typedValues(id: string): TypedValuesRecord {
  return record(id, "typedValues");
}

const PLACEHOLDER = /\{([A-Za-z_][A-Za-z0-9_]*)(?:\|(code))?\}/g;

/** A rule's template filled (tools/contenu/rules/template.py): `{name}`, `{name|code}`. */
export function fillRule(template: string, values: Record<string, string | undefined>): string {
  return template.replace(PLACEHOLDER, (whole, name: string, code?: string) => {
    const found = values[name];
    if (found === undefined) return whole;
    return code && found ? found.codePointAt(0)!.toString(16).toUpperCase().padStart(4, "0") : found;
  });
}

function holds(rule: DecisionsRecord, test: TestRecord, found: Record<string, string>): boolean {
  const subject = found[test.on];
  if (subject === undefined) return false;
  let ok: boolean;
  if (test.test === "matches") {
    const match = regexOf(test).exec(test.lower ? subject.toLowerCase() : subject);
    for (const [name, part] of Object.entries(match?.groups ?? {})) if (part !== undefined) found[name] = part;
    ok = match !== null;
  } else if (test.test === "inList") {
    const items = rule.lists[test.list] ?? [];
    ok = test.prefix ? items.some((item) => subject.startsWith(item)) : items.includes(subject);
  } else ok = [...subject].length > test.than;
  return ok !== test.negate;
}

/** The message key that refuses `value` (null: accepted) and the parts the tests found
 * (Decisions.decide). */
function decide(rule: DecisionsRecord, value: string): { key: string | null; found: Record<string, string> } {
  const found: Record<string, string> = { value };
  const step = rule.steps.find((s) => s.when.every((test) => holds(rule, test, found)));
  return { key: step ? step.then : rule.otherwise, found };
}

function problemOf(rule: DecisionsRecord, key: string, found: Record<string, string>): string {
  for (const [name, alternatives] of Object.entries(rule.phrases)) {
    const chosen = alternatives.find(([part]) => found[part] !== undefined);
    found[name] = chosen ? fillRule(chosen[1], found) : "";
  }
  return fillRule(rule.messages[key]!, found);
}

/** Why the rule `id` refuses `value` (French), or null. */
export function ruleProblem(id: string, value: string): string | null {
  const rule = record(id, "decisions");
  const { key, found } = decide(rule, value);
  return key === null ? null : problemOf(rule, key, found);
}

/** The parts the tests of the rule `id` captured in `value` when it accepts it (a reading:
 * numbers.ts, dates.ts say what they mean), else why it refuses it (Decisions.accepted). */
export function ruleParts(id: string, value: string): { parts: Record<string, string> } | { problem: string } {
  const rule = record(id, "decisions");
  const { key, found } = decide(rule, value);
  return key === null ? { parts: found } : { problem: problemOf(rule, key, found) };
}

/** The record of the rule `id` (a date's month names and calendar messages). */
export function decisions(id: string): DecisionsRecord {
  return record(id, "decisions");
}

/** The message of the rule `id` at a field (its frame: « adresse publique invalide : … »). */
export function fieldRuleProblem(id: string, value: string): string | null {
  const problem = ruleProblem(id, value);
  return problem === null ? null : fillRule(record(id, "decisions").frame, { problem });
}

/** A list of a rule (the reserved ids of "anchor"). */
export function ruleList(id: string, name: string): readonly string[] {
  return record(id, "decisions").lists[name] ?? [];
}

/** The warning of the length rule `id` for `value` (counted stripped, in characters), or
 * null when its length is the recommended one. */
export function lengthProblem(id: string, value: string): string | null {
  const rule = record(id, "length");
  const count = [...value.trim()].length;
  const key = count < rule.atLeast ? "short" : count > rule.atMost ? "long" : null;
  if (key === null) return null;
  return fillRule(rule.messages[key]!, { count: String(count), at_least: String(rule.atLeast), at_most: String(rule.atMost) });
}

/** What the rule `id` compares `name` by (same_name.py's `key`): « Les Émotions » → « les emotion ». */
export function sameNameKey(id: string, name: string): string {
  const rule = record(id, "sameName");
  const words: string[] = [];
  let word = "";
  for (const char of `${name} `) {
    const letter = Object.hasOwn(rule.letters, char) ? rule.letters[char] : undefined;
    if (letter !== undefined) {
      word += letter;
      continue;
    }
    if (word) words.push(word);
    word = "";
  }
  const singular = (w: string) => {
    if ([...w].length < rule.shortest) return w;
    const ending = rule.endings.find((e) => w.endsWith(e));
    return ending ? w.slice(0, -ending.length) : w;
  };
  return words.map(singular).join(" ");
}

/** The name in use (`names`: name → a file that uses it) `value` would be taken for, and
 * the rule's message; null when there is none. */
export function sameNameProblem(id: string, value: string, names: ReadonlyMap<string, string>): { existing: string; message: string } | null {
  const key = sameNameKey(id, value);
  if (!key) return null;
  const found = [...names.keys()].filter((name) => name !== value && sameNameKey(id, name) === key).sort();
  const existing = found[0];
  if (existing === undefined) return null;
  return { existing, message: fillRule(record(id, "sameName").message, { value, existing, file: names.get(existing)! }) };
}
