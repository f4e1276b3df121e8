// A form generated from a JSON Schema: one field per property, with its French label, its
// help, and the diagnostics of the validator under it (aria-describedby). Values are read
// from the document and every change goes back as (path, value) to the document's edits,
// which rewrite only that value's lines.
import { useId, useState, type ReactNode } from "react";
import type { EditorDiagnostic, Path } from "../core/index.ts";
import { t } from "../texts.ts";
import { ImagePicker } from "../fields/image/ImagePicker.tsx";
import {
  blankValue,
  fieldKind,
  helpOf,
  itemLabelOf,
  labelOf,
  propertiesOf,
  requiredOf,
  unwrapOptional,
  withOrder,
  type Schema,
} from "./schema.ts";
import type { FormContext } from "./context.ts";

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

export const pathKey = (path: Path): string => path.join("/");

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

function ObjectFields({ schema, path, value, skip = [], ...inherited }: FieldsProps & { label?: string }) {
  const { label: _label, ...rest } = inherited;
  void _label; // an item's label names the item, not its fields
  const data = asRecord(value);
  const required = requiredOf(schema);
  return (
    <>
      {propertiesOf(schema)
        .filter(([key]) => !skip.includes(key))
        .map(([key, property]) => (
          <Field
            key={key}
            {...rest}
            name={key}
            schema={property}
            path={[...path, key]}
            value={data[key]}
            required={required.has(key)}
          />
        ))}
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

/** Messages under a field, and the ids that point at them. */
export function useMessages(path: Path, diagnostics: FieldProps["diagnostics"], help: string | undefined) {
  const id = useId();
  const found = diagnostics.get(pathKey(path)) ?? [];
  const helpId = help ? `${id}-aide` : undefined;
  const messageIds = found.map((_, index) => `${id}-diag-${index}`);
  const describedBy = [helpId, ...messageIds].filter(Boolean).join(" ") || undefined;
  const invalid = found.some((d) => d.severity === "error");
  const messages = (
    <>
      {help && (
        <p className="carnet-help" id={helpId}>
          {help}
        </p>
      )}
      {found.map((diagnostic, index) => (
        <p key={index} id={messageIds[index]} className={`carnet-diag carnet-diag--${diagnostic.severity}`}>
          <span className="carnet-diag__kind">{diagnostic.severity === "error" ? t("errorPrefix") : t("warningPrefix")}</span>
          {diagnostic.message}
        </p>
      ))}
    </>
  );
  return { id, describedBy, invalid, messages };
}

function Field(props: FieldProps) {
  const { name, schema, path, value, required, root, onChange, diagnostics, context } = props;
  const kind = fieldKind(name, schema, root);
  const field = unwrapOptional(schema, root).schema;
  const label = props.label ?? labelOf(name, field);
  // The field's own help (a model's docstring, in English, is not help for a coach).
  const help = helpOf(schema);
  const { id, describedBy, invalid, messages } = useMessages(path, diagnostics, help);
  const common = { id, "aria-describedby": describedBy, "aria-invalid": invalid || undefined, required };
  const set = (next: unknown) => onChange(path, next === "" && !required ? undefined : next);
  const text = value === undefined || value === null ? "" : String(value);

  const labelled = (control: ReactNode) => (
    <div className={`carnet-field${invalid ? " carnet-field--invalid" : ""}`}>
      <span className="carnet-field__label">
        {/* The field's name is its label alone; `required` tells assistive technologies. */}
        <label htmlFor={id}>{label}</label>
        {required && (
          <span className="carnet-required" aria-hidden="true">
            {" "}
            {t("required")}
          </span>
        )}
      </span>
      {control}
      {messages}
    </div>
  );

  switch (kind.kind) {
    case "text":
      if (kind.multiline) return labelled(<textarea {...common} value={text} rows={3} onChange={(e) => set(e.target.value)} />);
      return labelled(
        <input
          {...common}
          type="text"
          value={text}
          list={kind.link ? context.routesListId : undefined}
          onChange={(e) => set(e.target.value)}
        />,
      );
    case "date":
      return labelled(<input {...common} type="date" value={text} onChange={(e) => set(e.target.value)} />);
    case "number":
      return labelled(
        <input
          {...common}
          type="number"
          inputMode="numeric"
          step={kind.integer ? 1 : "any"}
          value={text}
          onChange={(e) => set(e.target.value === "" ? "" : Number(e.target.value))}
        />,
      );
    case "boolean":
      return (
        <div className={`carnet-field carnet-field--check${invalid ? " carnet-field--invalid" : ""}`}>
          <input {...common} type="checkbox" checked={value === true} onChange={(e) => onChange(path, e.target.checked)} />
          <label htmlFor={id}>{label}</label>
          {messages}
        </div>
      );
    case "choice":
      return labelled(
        <select {...common} value={text} onChange={(e) => set(e.target.value)}>
          {(!required || !text) && <option value="">{required ? t("choose") : t("none")}</option>}
          {kind.options.map((option) => (
            <option key={option} value={option}>
              {option}
            </option>
          ))}
        </select>,
      );
    case "image":
      return (
        <fieldset className={`carnet-group${invalid ? " carnet-field--invalid" : ""}`} aria-describedby={describedBy}>
          <legend>{label}</legend>
          {messages}
          <ImagePicker
            path={[...path, "src"]}
            value={asRecord(value).src}
            context={context}
            diagnostics={diagnostics}
            onChange={onChange}
          />
          <ObjectFields {...props} schema={kind.schema} value={value} skip={["src"]} />
        </fieldset>
      );
    case "object": {
      const group = (
        <fieldset className="carnet-group" aria-describedby={describedBy}>
          <legend>{label}</legend>
          {messages}
          <ObjectFields {...props} schema={kind.schema} value={value} />
        </fieldset>
      );
      return required ? group : <Fold label={label} open={value !== undefined || invalid}>{group}</Fold>;
    }
    case "list":
      return <ListField {...props} item={kind.item} label={label} messages={messages} describedBy={describedBy} />;
    default:
      return labelled(<input {...common} type="text" value={text} readOnly />);
  }
}

/** An optional group: folded while it was empty when the form opened (the Meta Pixel event
 * of a page…); the same elements either way, so typing in it never loses the focus. */
function Fold({ label, open, children }: { label: string; open: boolean; children: ReactNode }) {
  const [shown, setShown] = useState(open);
  return (
    <details className="carnet-fold" open={shown} onToggle={(event) => setShown(event.currentTarget.open)}>
      <summary>{label}</summary>
      {children}
    </details>
  );
}

function ListField(props: FieldProps & { item: Schema; label: string; messages: ReactNode; describedBy?: string }) {
  const { name, item, path, value, root, onChange, onMove, label, messages, describedBy } = props;
  const items = Array.isArray(value) ? value : [];
  const itemLabel = itemLabelOf(name) ?? t("defaultItem");
  const capital = itemLabel.charAt(0).toUpperCase() + itemLabel.slice(1);
  const add = () => onChange([...path, items.length], blankValue(item, root));
  return (
    <fieldset className="carnet-group carnet-list" aria-describedby={describedBy}>
      <legend>{label}</legend>
      {messages}
      <ol className="carnet-list__items">
        {items.map((entry, index) => {
          const n = index + 1;
          return (
            <li key={index} className="carnet-list__item">
              <Field
                {...props}
                schema={{ ...item, description: undefined }}
                path={[...path, index]}
                value={entry}
                required
                label={t("itemN", { item: capital, n })}
              />
              <div className="carnet-list__tools">
                <button type="button" disabled={index === 0} onClick={() => onMove(path, index, index - 1)}>
                  {t("itemUp", { item: itemLabel, n })}
                </button>
                <button type="button" disabled={index === items.length - 1} onClick={() => onMove(path, index, index + 1)}>
                  {t("itemDown", { item: itemLabel, n })}
                </button>
                <button type="button" onClick={() => onChange([...path, index], undefined)}>
                  {t("itemRemove", { item: itemLabel, n })}
                </button>
              </div>
            </li>
          );
        })}
      </ol>
      <button type="button" className="carnet-list__add" onClick={add}>
        {t("addItem", { item: itemLabel })}
      </button>
    </fieldset>
  );
}
