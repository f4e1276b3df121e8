// An image of content/images (the `Image` model): the picker for its src, then its other
// fields (alternative text, focus point).
import type { FieldKind } from "../kind.ts";
import { ImagePicker } from "./ImagePicker.tsx";

const srcOf = (value: unknown): unknown =>
  value && typeof value === "object" && !Array.isArray(value) ? (value as Record<string, unknown>).src : undefined;

export const imageField: FieldKind = {
  parse: (stored) => stored,
  serialize: (value) => value,
  inside: { fields: ["src"] },
  Input: ({ label, invalid, describedBy, messages, path, value, context, diagnostics, onChange, schema, fields }) => (
    <fieldset className={`carnet-group${invalid ? " carnet-field--invalid" : ""}`} aria-describedby={describedBy}>
      <legend>{label}</legend>
      {messages}
      <ImagePicker path={[...path, "src"]} value={srcOf(value)} context={context} diagnostics={diagnostics} onChange={onChange} />
      {fields(schema, ["src"])}
    </fieldset>
  ),
};
