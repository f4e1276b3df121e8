// Text of a sentence or more, written over several lines (a `Paragraph` of the models).
import { type FieldKind, textOf } from "../kind.ts";
import { Labelled } from "../Labelled.tsx";

export const multilineField: FieldKind<string> = {
  parse: textOf,
  serialize: (value) => value,
  Input: (props) => (
    <Labelled {...props}>
      <textarea {...props.control} value={props.value} rows={3} onChange={(e) => props.set(e.target.value)} />
    </Labelled>
  ),
};
