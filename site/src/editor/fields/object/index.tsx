// A group of fields (a model inside a model): a fieldset, folded when optional and empty.
import type { FieldKind } from "../kind.ts";
import { Fold } from "./Fold.tsx";

export const objectField: FieldKind = {
  parse: (stored) => stored,
  serialize: (value) => value,
  inside: { fields: [] },
  Input: ({ label, required, invalid, describedBy, messages, value, schema, fields }) => {
    const group = (
      <fieldset className="carnet-group" aria-describedby={describedBy}>
        <legend>{label}</legend>
        {messages}
        {fields(schema)}
      </fieldset>
    );
    return required ? (
      group
    ) : (
      <Fold label={label} open={value !== undefined || invalid}>
        {group}
      </Fold>
    );
  },
};
