// A field's widget is the kind its model names: one folder of fields/ per kind the models
// name (tools/contenu/models/field_kinds.py), every field of every schema naming one, and
// nothing else (its help, its key) choosing it.
import { readdirSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { SCHEMAS } from "../core/index.ts";
import model from "../generated/content-model.gen.json" with { type: "json" };
import { propertiesOf, resolve, unwrapOptional, type Schema } from "../forms/schema.ts";
import { FIELD_KINDS, KIND_KEYWORD, kindNameOf, kindOf } from "./registry.ts";
import { readOnlyField } from "./ReadOnly.tsx";

/** Every field of every schema (properties of the root and of its definitions, list items),
 * as the form reads it: `$ref` and optional `anyOf` resolved. */
function everyField(): { where: string; key: string; schema: Schema; root: Schema }[] {
  const found: { where: string; key: string; schema: Schema; root: Schema }[] = [];
  for (const [name, root] of Object.entries(SCHEMAS)) {
    const owners: [string, Schema][] = [[name, root], ...Object.entries((root.$defs as Record<string, Schema> | undefined) ?? {})];
    for (const [owner, schema] of owners) {
      for (const [key, property] of propertiesOf(schema)) {
        const field = unwrapOptional(property, root).schema;
        found.push({ where: `${owner}.${key}`, key, schema: field, root });
        if (field.items) found.push({ where: `${owner}.${key}[]`, key, schema: unwrapOptional(resolve(field.items as Schema, root), root).schema, root });
      }
    }
  }
  return found;
}

const FIELDS = everyField();

describe("the kinds of field", () => {
  it("are one folder each, for every kind the models name and no other", () => {
    const folders = readdirSync(path.dirname(fileURLToPath(import.meta.url)), { withFileTypes: true })
      .filter((entry) => entry.isDirectory())
      .map((entry) => entry.name);
    expect(new Set(folders)).toEqual(new Set(model.fieldKinds));
    expect(new Set(Object.keys(FIELD_KINDS))).toEqual(new Set(model.fieldKinds));
  });

  it("are named by every field of every schema", () => {
    expect(FIELDS.length).toBeGreaterThan(100);
    for (const { where, schema } of FIELDS) expect(Object.keys(FIELD_KINDS), where).toContain(kindNameOf(schema));
  });

  it("are chosen from the name alone, whatever the field's help or key", () => {
    fc.assert(
      fc.property(fc.constantFrom(...FIELDS), fc.string(), fc.constantFrom("« /page »", "« /contact » ou « #ancre »"), (field, help, route) => {
        const kind = kindOf(field.schema);
        expect(kindOf({ ...field.schema, description: `${help}${route}` })).toBe(kind);
        expect(kindOf({ ...field.schema, description: undefined, title: help })).toBe(kind);
        // Without its name, nothing else picks a widget: the value is only shown.
        expect(kindOf({ ...field.schema, [KIND_KEYWORD]: undefined })).toBe(readOnlyField);
      }),
    );
  });
});
