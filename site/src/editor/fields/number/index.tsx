// A number, typed as French writes it: « 1 250 », « 395,50 », « 395 € » for an amount, read by
// the models' rule (core/numbers.ts) and stored as the number it means (TypedText.tsx).
import { frenchNumber, numberKindOf, readNumber } from "../../core/numbers.ts";
import type { FieldInputProps, FieldKind } from "../kind.ts";
import { TypedText } from "../TypedText.tsx";

function NumberInput(props: FieldInputProps<unknown>) {
  const kind = numberKindOf(props.schema);
  const show = (stored: unknown) =>
    typeof stored === "number" ? frenchNumber(kind, stored) : stored === undefined || stored === null ? "" : String(stored);
  return <TypedText field={props} show={show} read={(text) => readNumber(kind, text)} input={{ inputMode: "decimal" }} />;
}

export const numberField: FieldKind<unknown> = {
  parse: (stored) => stored,
  serialize: (value) => value,
  Input: NumberInput,
};
