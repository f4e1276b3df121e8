// A number; whole when the model's type is `int`.
import { type FieldKind, textOf } from "../kind.ts";
import { Labelled } from "../Labelled.tsx";

export const numberField: FieldKind<string> = {
  parse: textOf,
  // An emptied field is "" (removed when optional), never 0.
  serialize: (value) => (value === "" ? "" : Number(value)),
  Input: (props) => (
    <Labelled {...props}>
      <input
        {...props.control}
        type="number"
        inputMode="numeric"
        step={props.schema.type === "integer" ? 1 : "any"}
        value={props.value}
        onChange={(e) => props.set(e.target.value)}
      />
    </Labelled>
  ),
};
