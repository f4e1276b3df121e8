// A day (AAAA-MM-JJ), with the browser's date picker.
import { type FieldKind, textOf } from "../kind.ts";
import { Labelled } from "../Labelled.tsx";

export const dateField: FieldKind<string> = {
  parse: textOf,
  serialize: (value) => value,
  Input: (props) => (
    <Labelled {...props}>
      <input {...props.control} type="date" value={props.value} onChange={(e) => props.set(e.target.value)} />
    </Labelled>
  ),
};
