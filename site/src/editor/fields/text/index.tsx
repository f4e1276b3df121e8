// A line of text.
import { type FieldKind, textOf } from "../kind.ts";
import { Labelled } from "../Labelled.tsx";

export const textField: FieldKind<string> = {
  parse: textOf,
  serialize: (value) => value,
  Input: (props) => (
    <Labelled {...props}>
      <input {...props.control} type="text" value={props.value} onChange={(e) => props.set(e.target.value)} />
    </Labelled>
  ),
};
