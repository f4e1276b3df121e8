// Yes or no: a check box, its label beside it.
import type { FieldKind } from "../kind.ts";

export const booleanField: FieldKind<boolean> = {
  parse: (stored) => stored === true,
  serialize: (value) => value,
  Input: ({ control, value, set, label, invalid, messages }) => (
    <div className={`carnet-field carnet-field--check${invalid ? " carnet-field--invalid" : ""}`}>
      <input {...control} type="checkbox" checked={value} onChange={(e) => set(e.target.checked)} />
      <label htmlFor={control.id}>{label}</label>
      {messages}
    </div>
  ),
};
