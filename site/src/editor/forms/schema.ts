// Reading a JSON Schema (schema/*.json, generated from the models) as the fields of a form.
// Nothing here names a cell type or a field: a field added to a model, a new cell type,
// shows up in the editor from its schema alone.
import type { JsonSchema, Path } from "../core/index.ts";
import model from "../generated/content-model.gen.json" with { type: "json" };

export type Schema = JsonSchema;

/** What a field is edited with. */
export type FieldKind =
  | { kind: "text"; multiline: boolean; link: boolean }
  | { kind: "date" }
  | { kind: "number"; integer: boolean }
  | { kind: "boolean" }
  | { kind: "choice"; options: string[] }
  | { kind: "image"; schema: Schema }
  | { kind: "object"; schema: Schema }
  | { kind: "list"; item: Schema }
  | { kind: "unknown" };

const LABELS: Record<string, string> = model.fieldLabels;
const ITEM_LABELS: Record<string, string> = model.itemLabels;
const MULTILINE = new Set(model.multilineKeys);
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

function isImage(schema: Schema): boolean {
  const properties = schema.properties as Record<string, unknown> | undefined;
  return schema.type === "object" && !!properties && "src" in properties && "alt" in properties;
}

/** Internal links: the fields whose help names the site's « /page » addresses. */
function isLink(key: string, schema: Schema): boolean {
  return key === "href" || (typeof schema.description === "string" && schema.description.includes("« /"));
}

export function fieldKind(key: string, schema: Schema, root: Schema): FieldKind {
  const { schema: field } = unwrapOptional(schema, root);
  if (Array.isArray(field.enum)) return { kind: "choice", options: field.enum.map(String) };
  if (field.const !== undefined) return { kind: "choice", options: [String(field.const)] };
  switch (field.type) {
    case "string":
      if (field.format === "date") return { kind: "date" };
      if (field.format === "uri") return { kind: "text", multiline: false, link: false };
      return { kind: "text", multiline: MULTILINE.has(key) || Number(field.maxLength ?? 0) > 200, link: isLink(key, field) };
    case "integer":
    case "number":
      return { kind: "number", integer: field.type === "integer" };
    case "boolean":
      return { kind: "boolean" };
    case "array":
      return { kind: "list", item: resolve((field.items as Schema | undefined) ?? {}, root) };
    case "object":
      return isImage(field) ? { kind: "image", schema: field } : { kind: "object", schema: field };
    default:
      return { kind: "unknown" };
  }
}

/** The French label of a field: the one `contenu check` uses in its annotations (generated
 * from tools/contenu/report/labels.py), else the schema's title, else its key. */
export function labelOf(key: string, schema: Schema): string {
  const label = LABELS[key] ?? (typeof schema.title === "string" ? schema.title : key);
  return label.charAt(0).toUpperCase() + label.slice(1);
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

/** The longest start of `path` that the form shows as a field of `root` (a key it does not
 * know, a list item's own index, a field it skips: its parent), so that a message put at a
 * path is always shown (`[]`: at the part as a whole). */
export function shownPath(path: Path, root: Schema, skip: readonly string[] = []): Path {
  const shown: (string | number)[] = [];
  let schema = unwrapOptional(root, root).schema;
  let skipped = skip;
  for (let at = 0; at < path.length; at++) {
    const key = path[at]!;
    const property = propertiesOf(schema).find(([name]) => name === key && !skipped.includes(name));
    if (!property) break;
    shown.push(key);
    let kind = fieldKind(String(key), property[1], root);
    if (kind.kind === "list" && typeof path[at + 1] === "number") {
      const item = fieldKind(String(key), kind.item, root);
      if (item.kind !== "object" && item.kind !== "image") break;
      if (at + 2 >= path.length) break; // the item as a whole: its list
      shown.push(path[++at]!);
      kind = item;
    }
    if (kind.kind !== "object" && kind.kind !== "image") break;
    schema = kind.schema;
    skipped = kind.kind === "image" ? ["src"] : [];
  }
  if (typeof shown[shown.length - 1] === "number") shown.pop();
  return shown;
}
