// What a kind of field is: one record per folder of fields/ (`fields/<kind>/index.tsx`),
// named by the model (the "x-field" of each property of schema/*.json, written from
// tools/contenu/models/field_kinds.py), never guessed from a field's key or help. The rules a
// value must follow are not here: the core's validator applies the pipeline's (core/).
import type { ReactNode } from "react";
import type { EditorDiagnostic, Path } from "../core/index.ts";
import type { FormContext } from "../forms/context.ts";
import type { Schema } from "../forms/schema.ts";

/** The attributes the control of a field carries (its messages describe it). */
export interface ControlAttributes {
  id: string;
  "aria-describedby"?: string;
  "aria-invalid"?: true;
  required: boolean;
}

export interface FieldInputProps<Value> {
  /** The field's key ("actions"); a list's key for its items. */
  name: string;
  /** The field's schema, `$ref` and optional `anyOf` resolved, and the root its refs point in. */
  schema: Schema;
  root: Schema;
  path: Path;
  label: string;
  required: boolean;
  /** The stored value, parsed by the kind. */
  value: Value;
  /** Stores a new value (serialized by the kind; an emptied optional field is removed). */
  set(value: Value): void;
  control: ControlAttributes;
  invalid: boolean;
  describedBy: string | undefined;
  /** The field's help and messages, shown under it. */
  messages: ReactNode;
  context: FormContext;
  diagnostics: ReadonlyMap<string, readonly EditorDiagnostic[]>;
  onChange(path: Path, value: unknown): void;
  onMove(path: Path, from: number, to: number): void;
  /** The fields of an object schema inside this one, drawn by the form (`skip`: keys not shown). */
  fields(schema: Schema, skip?: readonly string[]): ReactNode;
  /** Item `index` of this list, drawn by the form as a field of `schema` named `label`. */
  item(schema: Schema, index: number, label: string): ReactNode;
}

export interface FieldKind<Value = unknown> {
  /** The stored value (undefined when the key is absent) → the input's value. */
  parse(stored: unknown): Value;
  /** The input's value → the value stored ("" in an optional field: the key is removed). */
  serialize(value: Value): unknown;
  /** What the field holds inside, for a message at a deeper path: the fields of its own
   * schema but the keys its input edits itself (an image's src), or the items of a list. */
  inside?: { fields: readonly string[] } | "items";
  Input(props: FieldInputProps<Value>): ReactNode;
}

/** The stored value as text ("" when absent). */
export const textOf = (stored: unknown): string => (stored === undefined || stored === null ? "" : String(stored));
