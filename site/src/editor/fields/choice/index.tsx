// One of the values the model lists (a `Literal`): a select, each value shown by its French
// name (tools/contenu/models/options.py).
import { optionLabelOf, type Schema } from "../../forms/schema.ts";
import { t } from "../../texts.ts";
import { type FieldKind, textOf } from "../kind.ts";
import { Labelled } from "../Labelled.tsx";

function optionsOf(schema: Schema): string[] {
  if (Array.isArray(schema.enum)) return schema.enum.map(String);
  return schema.const === undefined ? [] : [String(schema.const)];
}

export const choiceField: FieldKind<string> = {
  parse: textOf,
  serialize: (value) => value,
  Input: (props) => (
    <Labelled {...props}>
      <select {...props.control} value={props.value} onChange={(e) => props.set(e.target.value)}>
        {(!props.required || !props.value) && <option value="">{props.required ? t("choose") : t("none")}</option>}
        {optionsOf(props.schema).map((option) => (
          <option key={option} value={option}>
            {optionLabelOf(props.schema, option)}
          </option>
        ))}
      </select>
    </Labelled>
  ),
};
