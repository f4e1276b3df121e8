// Reading a JSON Schema (schema/*.json, generated from the models) as the fields of a form:
// references, optional values, labels, order. Nothing here names a cell type or a field: a
// field added to a model, a new cell type, shows up in the editor from its schema alone.
import type { JsonSchema } from "../core/index.ts";
import model from "../generated/content-model.gen.json" with { type: "json" };

export type Schema = JsonSchema;

const LABELS: Record<string, string> = model.fieldLabels;
const ITEM_LABELS: Record<string, string> = model.itemLabels;
const ORDERS: Record<string, string[]> = model.fieldOrder;

/** The key under which a schema's field order is known (a schema key, a `$defs` name). */
export const ORDER_KEY = "x-carnet-order";

/** `schema` tagged with the name of its field order (the JSON Schemas sort properties). */
export function withOrder(schema: Schema, key: string): Schema {
  return { ...schema, [ORDER_KEY]: key };
}

/** `{$ref: "#/$defs/X"}` → the definition, inside `root`. */
export function resolve(schema: Schema, root: Schema): Schema {
  let current = schema;
  for (let depth = 0; typeof current.$ref === "string" && depth < 16; depth++) {
    const name = current.$ref.replace(/^#\/\$defs\//, "");
    const target = (root.$defs as Record<string, Schema> | undefined)?.[name];
    if (!target) break;
    const { $ref: _ref, ...rest } = current;
    void _ref;
    current = withOrder({ ...target, ...rest }, name);
  }
  return current;
}

/** `anyOf: [X, {type: "null"}]` (an optional field) → X, and whether null was allowed. */
export function unwrapOptional(schema: Schema, root: Schema): { schema: Schema; nullable: boolean } {
  const resolved = resolve(schema, root);
  const anyOf = resolved.anyOf as Schema[] | undefined;
  if (!anyOf) return { schema: resolved, nullable: false };
  const others = anyOf.filter((option) => option.type !== "null");
  if (others.length !== 1) return { schema: resolved, nullable: others.length < anyOf.length };
  const { anyOf: _anyOf, ...rest } = resolved;
  void _anyOf;
  return { schema: { ...resolve(others[0] as Schema, root), ...rest }, nullable: others.length < anyOf.length };
}

/** The French label of a field: the one `contenu check` uses in its annotations (generated
 * from tools/contenu/report/labels.py), else the schema's title, else its key. */
export function labelOf(key: string, schema: Schema): string {
  const label = LABELS[key] ?? (typeof schema.title === "string" ? schema.title : key);
  return label.charAt(0).toUpperCase() + label.slice(1);
}

/** The keyword under which a closed list's values have their French names
 * (tools/contenu/models/options.py). */
export const OPTIONS_KEY = "x-options";

/** The French name of a value of a closed list (« Plein, pour l’action principale » for
 * `primary`), else the value as written. */
export function optionLabelOf(schema: Schema, value: string): string {
  const names = schema[OPTIONS_KEY] as Record<string, string> | undefined;
  return names && Object.hasOwn(names, value) ? names[value]! : value;
}

/** What one item of a list is called (« bouton » for `actions`). */
export function itemLabelOf(key: string): string | undefined {
  return ITEM_LABELS[key];
}

export function helpOf(schema: Schema): string | undefined {
  return typeof schema.description === "string" ? schema.description : undefined;
}

/** The properties of an object schema in the order its model declares them (fields the
 * generated order does not know, a throw-away schema's, keep the schema's order). */
export function propertiesOf(schema: Schema): [string, Schema][] {
  const entries = Object.entries((schema.properties as Record<string, Schema> | undefined) ?? {});
  const order = ORDERS[String(schema[ORDER_KEY])] ?? [];
  const rank = (key: string) => (order.includes(key) ? order.indexOf(key) : order.length);
  return entries.map((entry, index) => ({ entry, index })).sort((a, b) => rank(a.entry[0]) - rank(b.entry[0]) || a.index - b.index).map(({ entry }) => entry);
}

export function requiredOf(schema: Schema): Set<string> {
  return new Set((schema.required as string[] | undefined) ?? []);
}

/** A new value of a schema, for an item added to a list: its required fields empty. */
export function blankValue(schema: Schema, root: Schema): unknown {
  const field = unwrapOptional(schema, root).schema;
  if (field.default !== undefined && field.default !== null) return field.default;
  if (Array.isArray(field.enum)) return field.enum[0];
  switch (field.type) {
    case "object":
      return Object.fromEntries([...requiredOf(field)].map((key) => [key, blankValue((field.properties as Record<string, Schema>)[key] ?? {}, root)]));
    case "array":
      return [];
    case "integer":
    case "number":
      return 0;
    case "boolean":
      return false;
    default:
      return "";
  }
}
