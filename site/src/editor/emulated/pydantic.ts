/**
 * Pydantic's verdict on a value, from the model's JSON Schema: the errors Pydantic (lax
 * mode, on what the pipeline's YAML reader returns) would report, with their types, locations
 * and context, plus the rules the JSON Schema cannot carry (rules.ts). An interpreter over
 * plain data: nothing is evaluated at run time (the editor's CSP forbids it).
 */
import data from "../core/generated/model.gen.json" with { type: "json" };
import { FIELD_ADVICE, FIELD_HINTS, FIELD_RULES, fieldRuleProblem, lengthProblem } from "../core/rules.ts";
import type { JsonSchema } from "../core/model.ts";
import { readDate } from "../core/dates.ts";
import { numberKindOf, readNumber } from "../core/numbers.ts";
import { pyStr, type PyError } from "./diagnostics.ts";
import { PyFloat, type PyValue } from "./pyyaml.ts";

type Loc = (string | number)[];
type Dict = { [key: string]: PyValue };

const SCHEMAS = data.schemas as Record<string, JsonSchema>;
const MODELS = data.models as Record<string, string>;

const isDict = (v: PyValue | undefined): v is Dict =>
  typeof v === "object" && v !== null && !Array.isArray(v) && !(v instanceof PyFloat);

const isNumber = (v: PyValue | undefined): v is number | PyFloat => typeof v === "number" || v instanceof PyFloat;
const numberOf = (v: number | PyFloat): number => (v instanceof PyFloat ? v.value : v);

// Pydantic's lax conversions (https://docs.pydantic.dev/latest/concepts/conversion_table/).
const TRUE = new Set(["1", "on", "t", "true", "y", "yes"]);
const FALSE = new Set(["0", "off", "f", "false", "n", "no"]);
const EMAIL = /^[^\s@<>()[\]\\,;:"]+@[^\s@<>()[\]\\,;:"]+\.[^\s@<>()[\]\\,;:".]{2,}$/;

/** A warning about a valid value (a length its help does not recommend). */
export interface Advice {
  loc: Loc;
  message: string;
}

class Checker {
  errors: PyError[] = [];
  advice: Advice[] = [];
  constructor(private readonly root: JsonSchema) {}

  private error(type: string, loc: Loc, input: PyValue | undefined, ctx?: Record<string, unknown>): void {
    this.errors.push({ type, loc: [...loc], input, ctx });
  }

  private resolve(schema: JsonSchema): [JsonSchema, string | null] {
    const ref = schema.$ref as string | undefined;
    if (!ref) return [schema, null];
    const name = ref.split("/").pop()!;
    return [(this.root.$defs as Record<string, JsonSchema>)[name]!, name];
  }

  /** Validate `value` at `loc`; returns false when it failed. */
  value(raw: JsonSchema, value: PyValue | undefined, loc: Loc, model: string | null = null, hints: readonly string[] = []): boolean {
    const [schema, ref] = this.resolve(raw);
    const anyOf = schema.anyOf as JsonSchema[] | undefined;
    if (anyOf) {
      const nullable = anyOf.some((s) => s.type === "null");
      if (value === null && nullable) return true;
      const rest = anyOf.filter((s) => s.type !== "null");
      if (rest.length === 1) return this.value(rest[0]!, value, loc, null, hints);
      // A true union: valid when one member accepts it, else the first member's errors.
      for (const member of rest) {
        const probe = new Checker(this.root);
        if (probe.value(member, value, loc)) return true;
      }
      return this.value(rest[0]!, value, loc);
    }
    if ("const" in schema || "enum" in schema) {
      const allowed = (schema.enum as PyValue[] | undefined) ?? [schema.const as PyValue];
      if (allowed.some((a) => a === value || (isNumber(value) && a === numberOf(value)))) return true;
      this.error("literal_error", loc, value, { expected: allowed });
      return false;
    }
    switch (schema.type) {
      case "object":
        return this.object(schema, value, loc, ref ?? model);
      case "array":
        return this.array(schema, value, loc);
      case "string":
        return this.string(schema, value, loc, hints);
      case "integer":
      case "number":
        return this.number(schema, value, loc);
      case "boolean":
        if (typeof value === "boolean") return true;
        if (isNumber(value) && [0, 1].includes(numberOf(value))) return true;
        if (typeof value === "string" && (TRUE.has(value.trim().toLowerCase()) || FALSE.has(value.trim().toLowerCase()))) return true;
        this.error(value === null ? "bool_type" : "bool_parsing", loc, value);
        return false;
      case "null":
        if (value === null) return true;
        this.error("none_required", loc, value);
        return false;
      default:
        return true;
    }
  }

  private object(schema: JsonSchema, value: PyValue | undefined, loc: Loc, model: string | null): boolean {
    if (!isDict(value)) {
      this.error("model_type", loc, value);
      return false;
    }
    const before = this.errors.length;
    const properties = (schema.properties ?? {}) as Record<string, JsonSchema>;
    const required = new Set((schema.required ?? []) as string[]);
    const rules = (model && FIELD_RULES[model]) || {};
    for (const [key, property] of Object.entries(properties)) {
      if (!(key in value)) {
        if (required.has(key)) this.error("missing", [...loc, key], value);
        continue;
      }
      // A pattern or format written for other editors only (siteUrl's « uri », a focus
      // point's pattern) is not Pydantic's: the field's rules decide.
      const own = rules[key] ?? [];
      const ok = this.value(property, value[key], [...loc, key], null, (model && FIELD_HINTS[model]?.[key]) || []);
      const item = value[key];
      if (ok && typeof item === "string") {
        for (const rule of own) {
          const problem = fieldRuleProblem(rule, item.trim());
          if (problem) this.error("value_error", [...loc, key], item, { error: problem });
        }
        for (const rule of (model && FIELD_ADVICE[model]?.[key]) || []) {
          const problem = lengthProblem(rule, item);
          if (problem) this.advice.push({ loc: [...loc, key], message: problem });
        }
      }
    }
    if (schema.additionalProperties === false) {
      for (const key of Object.keys(value)) {
        if (!(key in properties)) this.error("extra_forbidden", [...loc, key], value[key], { allowed: Object.keys(properties) });
      }
    }
    return this.errors.length === before;
  }

  private array(schema: JsonSchema, value: PyValue | undefined, loc: Loc): boolean {
    if (!Array.isArray(value)) {
      this.error("list_type", loc, value);
      return false;
    }
    const before = this.errors.length;
    const items = schema.items as JsonSchema | undefined;
    if (items) value.forEach((item, i) => this.value(items, item, [...loc, i]));
    if (this.errors.length !== before) return false;
    if (typeof schema.minItems === "number" && value.length < schema.minItems) {
      this.error("too_short", loc, value, { min_length: schema.minItems, actual_length: value.length });
      return false;
    }
    if (typeof schema.maxItems === "number" && value.length > schema.maxItems) {
      this.error("too_long", loc, value, { max_length: schema.maxItems, actual_length: value.length });
      return false;
    }
    return true;
  }

  private string(schema: JsonSchema, value: PyValue | undefined, loc: Loc, hints: readonly string[] = []): boolean {
    const format = schema.format as string | undefined;
    if (format === "date") {
      // A date typed as the models read it (dates.ts: « 15/03/2024 », « 15 mars 2024 »).
      const read = value === null || value === undefined ? null : readDate(typeof value === "string" ? value : pyStr(value));
      if (read && "value" in read) return true;
      if (read) this.error("value_error", loc, value, { error: read.problem });
      else this.error("date_parsing", loc, value);
      return false;
    }
    if (typeof value !== "string") {
      this.error("string_type", loc, value);
      return false;
    }
    // str_strip_whitespace: the rules see the value stripped, but Pydantic's error keeps the
    // input as written, and `contenu check` counts and shows that (« actuellement 112 »).
    const text = value.trim();
    const length = [...text].length;
    if (typeof schema.minLength === "number" && length < schema.minLength) {
      this.error("string_too_short", loc, value, { min_length: schema.minLength });
      return false;
    }
    if (typeof schema.maxLength === "number" && length > schema.maxLength) {
      this.error("string_too_long", loc, value, { max_length: schema.maxLength });
      return false;
    }
    if (typeof schema.pattern === "string" && !hints.includes("pattern") && !new RegExp(schema.pattern, "u").test(text)) {
      this.error("string_pattern_mismatch", loc, value, { pattern: schema.pattern });
      return false;
    }
    if (format === "email" && !EMAIL.test(text)) {
      this.error("value_error", loc, value, { error: "email" });
      return false;
    }
    if (format === "uri" && !hints.includes("format") && !/^https?:\/\/[^\s/?#]+/i.test(text)) {
      this.error("url_parsing", loc, value);
      return false;
    }
    return true;
  }

  private number(schema: JsonSchema, value: PyValue | undefined, loc: Loc): boolean {
    const integer = schema.type === "integer";
    // A number written as text is read as the models read it (numbers.ts: « 1 250 »,
    // « 395,50 € »), and an amount's cents are held to two, as a YAML number too.
    const kind = numberKindOf(schema);
    const text = typeof value === "string" ? value : kind === "amount" && value instanceof PyFloat ? value.toString().replace(".", ",") : null;
    const read = text === null ? null : readNumber(kind, text);
    if (read && "problem" in read) {
      this.error("value_error", loc, value, { error: read.problem });
      return false;
    }
    let n: number | null = null;
    if (typeof value === "boolean") n = value ? 1 : 0;
    else if (isNumber(value)) n = numberOf(value);
    else if (read) n = read.value;
    if (n === null || Number.isNaN(n)) {
      const type = integer ? (value === null ? "int_type" : "int_parsing") : value === null ? "float_type" : "float_parsing";
      this.error(type, loc, value);
      return false;
    }
    if (integer && !Number.isInteger(n)) {
      this.error("int_from_float", loc, value);
      return false;
    }
    const bounds: [string, string, (a: number, b: number) => boolean][] = [
      ["minimum", "greater_than_equal", (a, b) => a >= b],
      ["maximum", "less_than_equal", (a, b) => a <= b],
      ["exclusiveMinimum", "greater_than", (a, b) => a > b],
      ["exclusiveMaximum", "less_than", (a, b) => a < b],
    ];
    for (const [key, type, ok] of bounds) {
      const bound = schema[key];
      if (typeof bound === "number" && !ok(n, bound)) {
        const name = { greater_than_equal: "ge", less_than_equal: "le", greater_than: "gt", less_than: "lt" }[type]!;
        this.error(type, loc, value, { [name]: bound });
        return false;
      }
    }
    return true;
  }
}

/** The errors Pydantic reports for `value` against the schema `key` ("page", "cells/hero"),
 * and, when there is none, the warnings about its valid values (`pipeline/advice.py`). */
export function schemaVerdict(key: string, value: PyValue): { errors: PyError[]; advice: Advice[] } {
  const schema = SCHEMAS[key];
  if (!schema) return { errors: [], advice: [] };
  const checker = new Checker(schema);
  checker.value(schema, value, [], MODELS[key] ?? null);
  return { errors: checker.errors, advice: checker.errors.length ? [] : checker.advice };
}
