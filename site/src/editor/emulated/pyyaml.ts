/**
 * What the pipeline's YAML reader (tools/contenu/pipeline/yaml_reader.py: PyYAML's safe
 * loader with only true/false as booleans and dates kept as text) reads from a YAML node,
 * so the editor sees the same values as `contenu check`. Floats are kept apart from ints
 * (`PyFloat`): Pydantic and the French messages tell `3` from `3.0`.
 */
import { isMap, isScalar, isSeq, Scalar, type Document, type Node } from "yaml";

export class PyFloat {
  readonly value: number;
  constructor(value: number) {
    this.value = value;
  }
  /** Python's repr of a float: 3.0, 0.5, 1e-05, 1e+16, inf, nan. */
  toString(): string {
    const v = this.value;
    if (Number.isNaN(v)) return "nan";
    if (!Number.isFinite(v)) return v > 0 ? "inf" : "-inf";
    const [mantissa, exp] = v.toExponential().split("e") as [string, string];
    const power = Number(exp);
    if (power < -4 || power >= 16) {
      return `${mantissa}e${power < 0 ? "-" : "+"}${String(Math.abs(power)).padStart(2, "0")}`;
    }
    const text = String(v);
    return text.includes(".") || text.includes("e") ? text : text + ".0";
  }
}

export type PyValue = string | number | boolean | null | PyFloat | PyValue[] | { [key: string]: PyValue };

// PyYAML's implicit resolvers (resolver.py), less the YAML 1.1 booleans and timestamps.
const BOOL = /^(?:true|True|TRUE|false|False|FALSE)$/;
const FLOAT =
  /^(?:[-+]?(?:[0-9][0-9_]*)\.[0-9_]*(?:[eE][-+][0-9]+)?|\.[0-9][0-9_]*(?:[eE][-+][0-9]+)?|[-+]?[0-9][0-9_]*(?::[0-5]?[0-9])+\.[0-9_]*|[-+]?\.(?:inf|Inf|INF)|\.(?:nan|NaN|NAN))$/;
const INT =
  /^(?:[-+]?0b[0-1_]+|[-+]?0[0-7_]+|[-+]?(?:0|[1-9][0-9_]*)|[-+]?0x[0-9a-fA-F_]+|[-+]?[1-9][0-9_]*(?::[0-5]?[0-9])+)$/;
const NULL = /^(?:~|null|Null|NULL|)$/;

/** True when a plain (unquoted) scalar `text` is read back as this very text. */
export function readsAsText(text: string): boolean {
  return !(BOOL.test(text) || FLOAT.test(text) || INT.test(text) || NULL.test(text) || text === "<<" || text === "=");
}

function sexagesimal(text: string): number {
  return text.split(":").reduce((total, part) => total * 60 + Number(part), 0);
}

function pyInt(raw: string): number {
  let text = raw.replaceAll("_", "");
  let sign = 1;
  if (text[0] === "-" || text[0] === "+") {
    if (text[0] === "-") sign = -1;
    text = text.slice(1);
  }
  if (text === "0") return 0;
  if (text.startsWith("0b")) return sign * parseInt(text.slice(2), 2);
  if (text.startsWith("0x")) return sign * parseInt(text.slice(2), 16);
  if (text[0] === "0") return sign * parseInt(text, 8);
  if (text.includes(":")) return sign * sexagesimal(text);
  return sign * Number(text);
}

function pyFloat(raw: string): PyFloat {
  let text = raw.replaceAll("_", "").toLowerCase();
  let sign = 1;
  if (text[0] === "-" || text[0] === "+") {
    if (text[0] === "-") sign = -1;
    text = text.slice(1);
  }
  if (text === ".inf") return new PyFloat(sign * Infinity);
  if (text === ".nan") return new PyFloat(NaN);
  if (text.includes(":")) return new PyFloat(sign * sexagesimal(text));
  return new PyFloat(sign * Number(text));
}

/** The value of a plain scalar as PyYAML resolves it. */
export function resolvePlain(text: string): PyValue {
  if (NULL.test(text)) return null;
  if (BOOL.test(text)) return text[0] === "t" || text[0] === "T";
  if (INT.test(text)) return pyInt(text);
  if (FLOAT.test(text)) return pyFloat(text);
  return text;
}

function scalarValue(node: Scalar): PyValue {
  // Documents are parsed with the failsafe schema: every value is the scalar's text.
  const text = node.value === null || node.value === undefined ? "" : String(node.value);
  return node.type === Scalar.PLAIN ? resolvePlain(text) : text;
}

/** A parsed YAML node as the pipeline reads it. */
export function pyValueOf(node: Node | null | undefined): PyValue {
  if (node === null || node === undefined) return null;
  if (isScalar(node)) return scalarValue(node);
  if (isSeq(node)) return node.items.map((item) => pyValueOf(item as Node));
  if (isMap(node)) {
    const out: { [key: string]: PyValue } = {};
    for (const pair of node.items) {
      const key = pyValueOf(pair.key as Node);
      out[String(key instanceof PyFloat ? key.toString() : key)] = pyValueOf(pair.value as Node);
    }
    return out;
  }
  return null;
}

export function pyDataOf(doc: Document): PyValue {
  return pyValueOf(doc.contents as Node | null);
}

/** Plain JavaScript values (floats as numbers). */
export function plain(value: PyValue): unknown {
  if (value instanceof PyFloat) return value.value;
  if (Array.isArray(value)) return value.map(plain);
  if (value !== null && typeof value === "object") {
    return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, plain(v)]));
  }
  return value;
}
