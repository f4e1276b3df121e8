/**
 * The French messages of `contenu check`, filled in: the templates come from
 * generated/model.gen.json (tools/contenu/catalogue/editor_messages.py), made by the
 * pipeline's own code; this module only chooses a template and puts the values in.
 */
import data from "../core/generated/model.gen.json" with { type: "json" };
import { suggest } from "./difflib.ts";
import { PyFloat, type PyValue } from "./pyyaml.ts";

export const MESSAGES = data.messages;
const PYDANTIC: Record<string, string> = MESSAGES.pydantic;
const PATTERNS: Record<string, string> = MESSAGES.hints.patterns;

export function fill(template: string, values: Record<string, string | number>): string {
  return template.replace(/\{(\w+)\}/g, (whole, name: string) => (name in values ? String(values[name]) : whole));
}

/** Python's str() of a value read from YAML. */
export function pyStr(value: PyValue): string {
  if (value === null) return "None";
  if (value === true) return "True";
  if (value === false) return "False";
  if (value instanceof PyFloat) return value.toString();
  return String(value);
}

/** `_show` of diagnostics.py: how a wrong value is quoted in a message. */
export function show(value: PyValue | undefined): string {
  if (value === null || value === undefined) return "vide";
  if (typeof value === "boolean") return value ? "true" : "false";
  if (Array.isArray(value)) return "une liste";
  if (typeof value === "object" && !(value instanceof PyFloat)) return "un groupe de clés";
  let text = pyStr(value);
  const chars = [...text];
  if (chars.length > 60) text = chars.slice(0, 57).join("") + "…";
  return `« ${text} »`;
}

const guesses = new WeakMap<object, Map<string, string | null>>();

/** « ; vouliez-vous dire « x » ? » or "". For a set of choices (the routes, the images of
 * the tree) the guess is kept: a dead link is not searched again at every keystroke. */
export function didYouMean(word: string, choices: Iterable<string>): string {
  let guess: string | null;
  if (choices instanceof Set) {
    const known = guesses.get(choices) ?? new Map<string, string | null>();
    guesses.set(choices, known);
    if (!known.has(word)) known.set(word, suggest(word, choices));
    guess = known.get(word)!;
  } else guess = suggest(word, choices);
  return guess ? fill(MESSAGES.hints.did_you_mean, { guess }) : "";
}

/** A validation error, as Pydantic reports it. */
export interface PyError {
  type: string;
  loc: (string | number)[];
  input: PyValue | undefined;
  ctx?: Record<string, unknown>;
}

function numbered(kind: string, n: number, values: Record<string, string | number> = {}): string {
  const key = n <= 1 && `${kind}:one` in PYDANTIC ? `${kind}:one` : kind;
  return fill(PYDANTIC[key]!, { n, ...values });
}

/** `pydantic_message` of diagnostics.py, from the exported templates. */
/** « date invalide » with the reason the pipeline gives: a month or a day that does not
 * exist (`report/diagnostics._impossible_day`), else the expected form. */
function dateMessage(input: unknown, shown: string): string {
  const match = typeof input === "string" ? /^(\d{4})-(\d{2})-(\d{2})$/.exec(input.trim()) : null;
  if (match) {
    const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
    if (month < 1 || month > 12) return fill(PYDANTIC["date_parsing:month"]!, { shown, month: match[2]! });
    const days = year >= 1 ? new Date(Date.UTC(year, month, 0)).getUTCDate() : 31;
    if (day < 1 || day > days) {
      const months = PYDANTIC.months!.split(",");
      return fill(PYDANTIC["date_parsing:day"]!, { shown, month: months[month - 1]!, year: String(year), days: String(days) });
    }
  }
  return fill(PYDANTIC.date_parsing!, { shown });
}

export function pydanticMessage(error: PyError): string {
  const { type, input } = error;
  const ctx = error.ctx ?? {};
  const shown = show(input);
  switch (type) {
    case "missing":
    case "extra_forbidden":
      return PYDANTIC[type]!;
    case "string_type":
      if (typeof input === "boolean") return PYDANTIC["string_type:bool"]!.replace("true", shown);
      if (typeof input === "number" || input instanceof PyFloat) return fill(PYDANTIC["string_type:number"]!, { shown });
      if (input === null || input === undefined) return PYDANTIC["string_type:none"]!;
      return fill(PYDANTIC.string_type!, { shown });
    case "string_too_short": {
      const min = Number(ctx.min_length ?? 1);
      return min <= 1 ? PYDANTIC["string_too_short:empty"]! : fill(PYDANTIC.string_too_short!, { n: min });
    }
    case "string_too_long":
      return numbered(type, Number(ctx.max_length), { actual: typeof input === "string" ? [...input].length : "?" });
    case "too_short":
      return numbered(type, Number(ctx.min_length));
    case "too_long":
      return numbered(type, Number(ctx.max_length));
    case "greater_than_equal":
      return fill(PYDANTIC[type]!, { n: String(ctx.ge), shown });
    case "less_than_equal":
      return fill(PYDANTIC[type]!, { n: String(ctx.le), shown });
    case "string_pattern_mismatch": {
      const pattern = String(ctx.pattern);
      const hint = PATTERNS[pattern] ?? fill(PYDANTIC.string_pattern_mismatch!.split("; ")[1]!, { hint: pattern });
      return fill(PYDANTIC.string_pattern_mismatch!.split("; ")[0]! + "; {hint}", { shown, hint });
    }
    case "literal_error": {
      const values = (ctx.expected as PyValue[]).map(pyStr);
      const hint = typeof input === "string" ? didYouMean(input, values) : "";
      return fill(PYDANTIC.literal_error!, { shown, hint, values: values.map((v) => `« ${v} »`).join(", ") });
    }
    case "date_parsing":
    case "date_type":
    case "date_from_datetime_parsing":
      return dateMessage(input, shown);
    case "value_error":
      return ctx.error === "email" ? fill(PYDANTIC.email!, { shown }) : String(ctx.error);
    default:
      return fill(PYDANTIC[type] ?? PYDANTIC.invalid!, { shown });
  }
}
