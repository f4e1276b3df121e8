// Every kind of field, under the name the models give it (tools/contenu/models/field_kinds.py):
// the form draws a field with the kind its schema names, and nothing else decides.
import model from "../generated/content-model.gen.json" with { type: "json" };
import type { Schema } from "../forms/schema.ts";
import { booleanField } from "./boolean/index.tsx";
import { categoryField } from "./category/index.tsx";
import { choiceField } from "./choice/index.tsx";
import { dateField } from "./date/index.tsx";
import { iconField } from "./icon/index.tsx";
import { imageField } from "./image/index.tsx";
import type { FieldKind } from "./kind.ts";
import { linkField } from "./link/index.tsx";
import { listField } from "./list/index.tsx";
import { multilineField } from "./multiline/index.tsx";
import { numberField } from "./number/index.tsx";
import { objectField } from "./object/index.tsx";
import { readOnlyField } from "./ReadOnly.tsx";
import { textField } from "./text/index.tsx";

export const FIELD_KINDS: Readonly<Record<string, FieldKind<unknown>>> = {
  text: textField,
  multiline: multilineField,
  link: linkField,
  date: dateField,
  number: numberField,
  boolean: booleanField,
  choice: choiceField,
  image: imageField,
  object: objectField,
  list: listField,
  category: categoryField,
  icon: iconField,
};

/** The JSON Schema keyword that names a property's kind ("x-field"). */
export const KIND_KEYWORD = model.fieldKindKeyword;

/** The name of the kind a field's schema (its `$ref` and optional `anyOf` resolved) names. */
export function kindNameOf(schema: Schema): string | undefined {
  const name = schema[KIND_KEYWORD];
  return typeof name === "string" ? name : undefined;
}

/** The kind a field's schema names; a value shown read-only when it names none known. */
export function kindOf(schema: Schema): FieldKind<unknown> {
  const name = kindNameOf(schema);
  return (name !== undefined && Object.hasOwn(FIELD_KINDS, name) ? FIELD_KINDS[name] : undefined) ?? readOnlyField;
}
