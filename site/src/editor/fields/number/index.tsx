// A number, typed as French writes it: « 1 250 », « 395,50 », « 395 € » for an amount. The text
// is read by the models' rule (core/numbers.ts) and stored as the number it means; a text the
// rule refuses is stored as typed, so the validator says why at the field and nothing is
// ever stored as another number. While the coach types, the field keeps her text.
import { useState } from "react";
import { frenchNumber, numberKindOf, readNumber, type NumberKind } from "../../core/numbers.ts";
import type { FieldInputProps, FieldKind } from "../kind.ts";
import { Labelled } from "../Labelled.tsx";

/** The stored value as the field shows it: a number in French, a refused text as typed. */
function shown(kind: NumberKind, stored: unknown): string {
  if (typeof stored === "number") return frenchNumber(kind, stored);
  return stored === undefined || stored === null ? "" : String(stored);
}

function NumberInput(props: FieldInputProps<unknown>) {
  const kind = numberKindOf(props.schema);
  // The text typed and the value it was stored as: another stored value (undone, reloaded,
  // changed elsewhere) replaces the text.
  const [typed, setTyped] = useState({ text: shown(kind, props.value), stored: props.value });
  const text = Object.is(typed.stored, props.value) ? typed.text : shown(kind, props.value);
  const change = (next: string) => {
    const read = next.trim() === "" ? null : readNumber(kind, next);
    // An emptied field is "" (removed when optional), never 0.
    const stored = read === null ? "" : "value" in read ? read.value : next;
    setTyped({ text: next, stored });
    props.set(stored);
  };
  return (
    <Labelled {...props}>
      <input {...props.control} type="text" inputMode="decimal" autoComplete="off" value={text} onChange={(e) => change(e.target.value)} />
    </Labelled>
  );
}

export const numberField: FieldKind<unknown> = {
  parse: (stored) => stored,
  serialize: (value) => value,
  Input: NumberInput,
};
