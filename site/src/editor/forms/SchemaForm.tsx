// A form generated from a JSON Schema: one field per property, with its French label, its
// help, and the diagnostics of the validator under it (aria-describedby), each drawn by the
// kind of field its schema names (fields/). Values are read from the document and every
// change goes back as (path, value) to the document's edits, which rewrite only that value's
// lines.
import type { EditorDiagnostic, Path } from "../core/index.ts";
import model from "../generated/content-model.gen.json" with { type: "json" };
import { t } from "../texts.ts";
import type { ControlAttributes } from "../fields/kind.ts";
import { pathKey, useMessages } from "../fields/messages.tsx";
import { Fold } from "../fields/object/Fold.tsx";
import { kindOf } from "../fields/registry.ts";
import type { FormContext } from "./context.ts";
import { helpOf, labelOf, propertiesOf, requiredOf, unwrapOptional, withOrder, type Schema } from "./schema.ts";

export interface FormProps {
  root: Schema;
  /** Whose field order the root follows ("page", "cells/hero"). */
  orderKey?: string;
  value: unknown;
  context: FormContext;
  onChange(path: Path, value: unknown): void;
  onMove(path: Path, from: number, to: number): void;
  /** Diagnostics by field path ("actions/0/href"). */
  diagnostics: ReadonlyMap<string, readonly EditorDiagnostic[]>;
  /** Keys not shown (the body of an entry is edited as text below the form). */
  skip?: readonly string[];
}

const asRecord = (value: unknown): Record<string, unknown> =>
  value && typeof value === "object" && !Array.isArray(value) ? (value as Record<string, unknown>) : {};

/** The fields of an object schema. */
export function SchemaForm(props: FormProps) {
  const schema = props.orderKey ? withOrder(props.root, props.orderKey) : props.root;
  return <ObjectFields {...props} schema={schema} path={[]} />;
}

interface FieldsProps extends FormProps {
  schema: Schema;
  path: Path;
}

/** A technical field (models' `x-advanced`: a pixel event, an anchor…), folded away. */
const isAdvanced = (property: Schema) => property[model.advancedKeyword] === true;

function ObjectFields({ schema, path, value, skip = [], ...inherited }: FieldsProps & { label?: string }) {
  const { label: _label, ...rest } = inherited;
  void _label; // an item's label names the item, not its fields
  const data = asRecord(value);
  const required = requiredOf(schema);
  const shown = propertiesOf(schema).filter(([key]) => !skip.includes(key));
  const draw = ([key, property]: [string, Schema]) => (
    <Field
      key={key}
      {...rest}
      name={key}
      schema={property}
      path={[...path, key]}
      value={data[key]}
      required={required.has(key)}
    />
  );
  const advanced = shown.filter(([, property]) => isAdvanced(property));
  // Folded unless one of them has a message: a mistake is never hidden.
  const flagged = advanced.some(([key]) => {
    const prefix = pathKey([...path, key]);
    return [...rest.diagnostics.keys()].some((at) => at === prefix || at.startsWith(`${prefix}/`));
  });
  return (
    <>
      {shown.filter(([, property]) => !isAdvanced(property)).map(draw)}
      {advanced.length > 0 && (
        <Fold label={t("advancedSettings")} open={flagged}>
          {advanced.map(draw)}
        </Fold>
      )}
    </>
  );
}

interface FieldProps extends Omit<FormProps, "value" | "skip"> {
  name: string;
  schema: Schema;
  path: Path;
  value: unknown;
  required: boolean;
  /** The label when the field is an item of a list (« Bouton 2 »). */
  label?: string;
}

function Field(props: FieldProps) {
  const { name, schema, path, value, required, root, onChange, onMove, diagnostics, context } = props;
  const field = unwrapOptional(schema, root).schema;
  const kind = kindOf(field);
  const label = props.label ?? labelOf(name, field);
  // The field's own help (a model's docstring, in English, is not help for a coach).
  const help = helpOf(schema);
  const { id, describedBy, invalid, messages } = useMessages(path, diagnostics, help);
  const control: ControlAttributes = { id, "aria-describedby": describedBy, "aria-invalid": invalid || undefined, required };
  const set = (next: unknown) => {
    const stored = kind.serialize(next);
    onChange(path, stored === "" && !required ? undefined : stored);
  };
  const items = Array.isArray(value) ? value : [];
  const Input = kind.Input;
  return (
    <Input
      name={name}
      schema={field}
      root={root}
      path={path}
      label={label}
      required={required}
      value={kind.parse(value)}
      set={set}
      control={control}
      invalid={invalid}
      describedBy={describedBy}
      messages={messages}
      context={context}
      diagnostics={diagnostics}
      onChange={onChange}
      onMove={onMove}
      fields={(inner, skip = []) => <ObjectFields {...props} schema={inner} value={value} skip={skip} />}
      item={(itemSchema, index, itemLabel) => (
        <Field
          {...props}
          schema={{ ...itemSchema, description: undefined }}
          path={[...path, index]}
          value={items[index]}
          required
          label={itemLabel}
        />
      )}
    />
  );
}
