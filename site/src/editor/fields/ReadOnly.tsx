// A field whose schema names no kind this carnet knows: its value shown, not editable (every
// schema `contenu schema` writes names one; a test checks each has its folder).
import { type FieldKind, textOf } from "./kind.ts";
import { Labelled } from "./Labelled.tsx";

export const readOnlyField: FieldKind<string> = {
  parse: textOf,
  serialize: (value) => value,
  Input: (props) => (
    <Labelled {...props}>
      <input {...props.control} type="text" value={props.value} readOnly />
    </Labelled>
  ),
};
