// A list (`list[…]` in the models): its items, each a field of the item's kind, moved up
// and down, removed, added at the end.
import { blankValue, itemLabelOf, resolve, type Schema } from "../../forms/schema.ts";
import { t } from "../../texts.ts";
import type { FieldInputProps, FieldKind } from "../kind.ts";

function ListInput({ name, schema, root, path, value, label, messages, describedBy, onChange, onMove, item }: FieldInputProps<unknown[]>) {
  const itemSchema = resolve((schema.items as Schema | undefined) ?? {}, root);
  const itemLabel = itemLabelOf(name) ?? t("defaultItem");
  const capital = itemLabel.charAt(0).toUpperCase() + itemLabel.slice(1);
  const add = () => onChange([...path, value.length], blankValue(itemSchema, root));
  return (
    <fieldset className="carnet-group carnet-list" aria-describedby={describedBy}>
      <legend>{label}</legend>
      {messages}
      <ol className="carnet-list__items">
        {value.map((_, index) => {
          const n = index + 1;
          return (
            <li key={index} className="carnet-list__item">
              {item(itemSchema, index, t("itemN", { item: capital, n }))}
              <div className="carnet-list__tools">
                <button type="button" disabled={index === 0} onClick={() => onMove(path, index, index - 1)}>
                  {t("itemUp", { item: itemLabel, n })}
                </button>
                <button type="button" disabled={index === value.length - 1} onClick={() => onMove(path, index, index + 1)}>
                  {t("itemDown", { item: itemLabel, n })}
                </button>
                <button type="button" onClick={() => onChange([...path, index], undefined)}>
                  {t("itemRemove", { item: itemLabel, n })}
                </button>
              </div>
            </li>
          );
        })}
      </ol>
      <button type="button" className="carnet-list__add" onClick={add}>
        {t("addItem", { item: itemLabel })}
      </button>
    </fieldset>
  );
}

export const listField: FieldKind<unknown[]> = {
  parse: (stored) => (Array.isArray(stored) ? stored : []),
  serialize: (value) => value,
  inside: "items",
  Input: ListInput,
};
