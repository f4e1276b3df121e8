// An icon of the site's closed list, chosen from its drawing: one radio button per icon, the
// icon drawn as the site draws it and named by its French name (the schema's `x-options`).
import { useId } from "react";
import { Icon } from "../../../components/Icon.tsx";
import type { Icon as IconName } from "../../../types.ts";
import { optionLabelOf, type Schema } from "../../forms/schema.ts";
import { t } from "../../texts.ts";
import { type FieldInputProps, type FieldKind, textOf } from "../kind.ts";

function namesOf(schema: Schema): [string, string][] {
  const values = Array.isArray(schema.enum) ? schema.enum.map(String) : [];
  return values.map((value) => [value, optionLabelOf(schema, value)]);
}

function IconInput(props: FieldInputProps<string>) {
  const group = useId();
  const { id } = props.control;
  const choice = (value: string, name: string, drawing: boolean) => (
    <label key={value || "none"} className="carnet-icons__choice">
      <input
        type="radio"
        name={group}
        value={value}
        checked={props.value === value}
        aria-invalid={props.control["aria-invalid"]}
        onChange={() => props.set(value)}
      />
      {drawing && <Icon name={value as IconName} size={28} className="carnet-icons__drawing" />}
      <span className="carnet-icons__name">{name}</span>
    </label>
  );
  return (
    <fieldset
      id={id}
      className={`carnet-field carnet-icons${props.invalid ? " carnet-field--invalid" : ""}`}
      aria-describedby={props.describedBy}
    >
      <legend className="carnet-field__label">
        {props.label}
        {props.required && (
          <span className="carnet-required" aria-hidden="true">
            {" "}
            {t("required")}
          </span>
        )}
      </legend>
      <div className="carnet-icons__choices">
        {!props.required && choice("", t("none"), false)}
        {namesOf(props.schema).map(([value, name]) => choice(value, name, true))}
      </div>
      {props.messages}
    </fieldset>
  );
}

export const iconField: FieldKind<string> = {
  parse: textOf,
  serialize: (value) => value,
  Input: IconInput,
};
