// A number or a date field stores what a French reader means by the text typed in it, or the
// text itself when it means nothing sure (the validator then says why): « 395,50 » never
// becomes 39550, « 15/03/2024 » never another day. A closed list shows its values by their
// French names.
import { render, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { useState } from "react";
import { describe, expect, it } from "vitest";
import type { Path } from "../core/index.ts";
import { SchemaForm } from "../forms/SchemaForm.tsx";
import type { Schema } from "../forms/schema.ts";
import type { Storage } from "../storage.ts";

const SCHEMA: Schema = {
  type: "object",
  properties: {
    amount: { type: "number", title: "Montant", minimum: 0, "x-field": "number", "x-reading": "amount" },
    minutes: { type: "integer", title: "Durée", "x-field": "number" },
    day: { type: "string", format: "date", title: "Jour", "x-field": "date" },
    variant: {
      type: "string",
      title: "Style",
      enum: ["primary", "secondary"],
      "x-options": { primary: "Plein, pour l’action principale", secondary: "Contour, pour une autre action" },
      "x-field": "choice",
    },
  },
  required: ["amount", "variant"],
};

const storage: Storage = {
  listFiles: async () => [],
  readFile: async () => "",
  writeFiles: async () => undefined,
  readImage: async () => new Blob(),
};

/** The form, each stored value recorded in `stored` (outside React). */
function Form({ stored, amount = 395 }: { stored: Record<string, unknown>; amount?: number }) {
  const record = (key: string, next: unknown) => Object.assign(stored, { [key]: next });
  const [value, setValue] = useState<Record<string, unknown>>({ amount, variant: "primary" });
  return (
    <SchemaForm
      root={SCHEMA}
      value={value}
      diagnostics={new Map()}
      context={{ routesListId: "routes", images: [], categories: [], storage, onImageAdded: () => undefined }}
      onChange={(path: Path, next: unknown) => {
        const key = path[0] as string;
        record(key, next);
        setValue((old) => ({ ...old, [key]: next }));
      }}
      onMove={() => undefined}
    />
  );
}

async function typeInto(label: string, text: string, stored: Record<string, unknown>) {
  const field = screen.getByLabelText(label);
  await userEvent.clear(field);
  if (text) await userEvent.type(field, text);
  return { field, stored };
}

describe("a number typed as French writes it", () => {
  it.each([
    ["395", 395],
    ["395,50", 395.5],
    ["395,5", 395.5],
    ["395 €", 395],
    ["395€", 395],
    ["1 250", 1250],
    ["1\u00a0250,75 €", 1250.75],
    ["1\u202f250", 1250],
    ["395.50", 395.5],
    ["0,99", 0.99],
  ])("« %s » is stored as %s and stays as typed", async (text, value) => {
    const stored: Record<string, unknown> = {};
    render(<Form stored={stored} />);
    const { field } = await typeInto("Montant", text, stored);
    expect(stored.amount).toBe(value);
    expect(field).toHaveValue(text);
  });

  it.each(["1.250", "395,505", "12 50", "beaucoup", "€ 395"])("« %s » is stored as typed, never as another number", async (text) => {
    const stored: Record<string, unknown> = {};
    render(<Form stored={stored} />);
    await typeInto("Montant", text, stored);
    expect(stored.amount).toBe(text);
  });

  it("reads a whole number for an integer field, and « 12,5 » there as text to refuse", async () => {
    const stored: Record<string, unknown> = {};
    render(<Form stored={stored} />);
    await typeInto("Durée", "1 200", stored);
    expect(stored.minutes).toBe(1200);
    await typeInto("Durée", "12,5", stored);
    expect(stored.minutes).toBe("12,5");
    await typeInto("Durée", "", stored);
    expect(stored.minutes).toBeUndefined();
  });

  it("shows a stored amount in French, its cents always two", () => {
    render(<Form stored={{}} amount={1395.5} />);
    expect(screen.getByLabelText("Montant")).toHaveValue("1395,50");
    expect(screen.getByLabelText("Montant")).toHaveAttribute("inputmode", "decimal");
  });
});

describe("a date typed as French writes it", () => {
  it.each([
    ["15/03/2024", "2024-03-15"],
    ["15-03-2024", "2024-03-15"],
    ["15 mars 2024", "2024-03-15"],
    ["1er mars 2024", "2024-03-01"],
    ["2024-03-15", "2024-03-15"],
    ["29/02/2024", "2024-02-29"],
  ])("« %s » is stored as %s", async (text, day) => {
    const stored: Record<string, unknown> = {};
    render(<Form stored={stored} />);
    const { field } = await typeInto("Jour", text, stored);
    expect(stored.day).toBe(day);
    expect(field).toHaveValue(text);
  });

  it.each(["15/03/24", "03/15/2024", "31/02/2023", "15 marsss 2024"])("« %s » is stored as typed, never as another day", async (text) => {
    const stored: Record<string, unknown> = {};
    render(<Form stored={stored} />);
    await typeInto("Jour", text, stored);
    expect(stored.day).toBe(text);
  });
});

describe("a closed list", () => {
  it("names its values in French", () => {
    render(<Form stored={{}} />);
    const options = [...(screen.getByLabelText("Style du bouton") as HTMLSelectElement).options].map((o) => o.textContent);
    expect(options).toEqual(["Plein, pour l’action principale", "Contour, pour une autre action"]);
  });
});
