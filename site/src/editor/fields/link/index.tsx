// A link target (an `Href` of the models): a line of text that offers the site's routes.
import { type FieldKind, textOf } from "../kind.ts";
import { Labelled } from "../Labelled.tsx";

export const linkField: FieldKind<string> = {
  parse: textOf,
  serialize: (value) => value,
  Input: (props) => (
    <Labelled {...props}>
      <input
        {...props.control}
        type="text"
        value={props.value}
        list={props.context.routesListId}
        onChange={(e) => props.set(e.target.value)}
      />
    </Labelled>
  ),
};
