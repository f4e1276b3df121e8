// A blog category: one of those the other articles use (context.categories), chosen from a
// menu, or a new one typed under it. Whether a new name is taken for one in use is the
// validator's (the rule `category_name`), shown with the field's messages.
import { useId, useState } from "react";
import { t } from "../../texts.ts";
import { type FieldInputProps, type FieldKind, textOf } from "../kind.ts";
import { Labelled } from "../Labelled.tsx";

/** The menu's value of « Nouvelle catégorie… » (no category is named by a control char). */
const NEW = "\u0000";

function CategoryInput(props: FieldInputProps<string>) {
  const known = props.context.categories;
  const [typing, setTyping] = useState(() => props.value !== "" && !known.includes(props.value));
  const newId = useId();
  const isNew = typing || (props.value !== "" && !known.includes(props.value));
  const { id, required } = props.control;
  return (
    <Labelled {...props}>
      <select
        id={id}
        required={required}
        aria-describedby={isNew ? undefined : props.control["aria-describedby"]}
        value={isNew ? NEW : props.value}
        onChange={(event) => {
          const chosen = event.target.value;
          setTyping(chosen === NEW);
          props.set(chosen === NEW ? "" : chosen);
        }}
      >
        {!props.value && !isNew && <option value="">{t("choose")}</option>}
        {known.map((name) => (
          <option key={name} value={name}>
            {name}
          </option>
        ))}
        <option value={NEW}>{t("newCategory")}</option>
      </select>
      {isNew && (
        <span className="carnet-field__new">
          <label htmlFor={newId}>{t("newCategoryName")}</label>
          <input
            id={newId}
            type="text"
            required={required}
            aria-describedby={props.control["aria-describedby"]}
            aria-invalid={props.control["aria-invalid"]}
            value={props.value}
            onChange={(event) => props.set(event.target.value)}
          />
        </span>
      )}
    </Labelled>
  );
}

export const categoryField: FieldKind<string> = {
  parse: textOf,
  serialize: (value) => value,
  Input: CategoryInput,
};
