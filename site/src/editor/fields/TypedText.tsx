// A value typed as text and read by one of the models' rule records (core/numbers.ts,
// dates.ts): a number, a date. The text is stored as the value it means; a text the reading refuses is stored as
// typed, so the validator says why at the field and nothing is ever stored as another value.
// While the coach types, the field keeps her text.
import { useState, type InputHTMLAttributes } from "react";
import type { FieldInputProps } from "./kind.ts";
import { Labelled } from "./Labelled.tsx";

interface TypedTextProps {
  field: FieldInputProps<unknown>;
  /** The stored value as the field shows it (« 395,50 », « 15/03/2024 »). */
  show(stored: unknown): string;
  /** What a (non-empty) text means, or why it is refused. */
  read(text: string): { value: unknown } | { problem: string };
  input: InputHTMLAttributes<HTMLInputElement>;
}

export function TypedText({ field, show, read, input }: TypedTextProps) {
  // The text typed and the value it was stored as: another stored value (undone, reloaded,
  // changed elsewhere) replaces the text.
  const [typed, setTyped] = useState({ text: show(field.value), stored: field.value });
  const text = Object.is(typed.stored, field.value) ? typed.text : show(field.value);
  const change = (next: string) => {
    const meant = next.trim() === "" ? null : read(next);
    // An emptied field is "" (removed when optional: undefined then comes back), never 0.
    const stored = meant === null ? "" : "value" in meant ? meant.value : next;
    setTyped({ text: next, stored: stored === "" && !field.required ? undefined : stored });
    field.set(stored);
  };
  return (
    <Labelled {...field}>
      <input {...field.control} type="text" autoComplete="off" {...input} value={text} onChange={(e) => change(e.target.value)} />
    </Labelled>
  );
}
