// A day, typed as French writes it: « 15/03/2024 », « 15 mars 2024 », read by the models' rule
// (core/dates.ts) and stored as AAAA-MM-JJ (TypedText.tsx). A text field rather than the
// browser's date picker, whose order of day and month follows the browser's language: there,
// « 15/03/2024 » typed in an English browser became another day.
import { frenchDate, readDate } from "../../core/dates.ts";
import type { FieldInputProps, FieldKind } from "../kind.ts";
import { TypedText } from "../TypedText.tsx";

const show = (stored: unknown) => (typeof stored === "string" ? frenchDate(stored) : stored === undefined || stored === null ? "" : String(stored));

function DateInput(props: FieldInputProps<unknown>) {
  return <TypedText field={props} show={show} read={readDate} input={{ placeholder: "jj/mm/aaaa" }} />;
}

export const dateField: FieldKind<unknown> = {
  parse: (stored) => stored,
  serialize: (value) => value,
  Input: DateInput,
};
