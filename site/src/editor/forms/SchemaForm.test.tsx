// Forms are generated from the JSON Schemas at run time: a cell type the editor has never
// heard of (a throw-away schema, with fields no model has) gets a complete form, each field
// labelled (the labels of tools/contenu/report/labels.py first, else the schema's title),
// edited with the control of the kind its schema names, its changes sent as (path, value).
import { render, screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { useState } from "react";
import { describe, expect, it, vi } from "vitest";
import type { EditorDiagnostic, Path } from "../core/index.ts";
import type { Storage } from "../storage.ts";
import { SchemaForm } from "./SchemaForm.tsx";
import type { Schema } from "./schema.ts";

// Each property names its kind ("x-field"), as `contenu schema` writes it from the model.
const THROWAWAY: Schema = {
  $defs: {
    Step: {
      type: "object",
      description: "Model docstring, not for coaches.",
      properties: {
        stepName: { type: "string", title: "Nom de l’étape", "x-field": "text" },
        stepMinutes: { type: "integer", title: "Durée", "x-field": "number" },
      },
      required: ["stepName"],
    },
    Picture: {
      type: "object",
      properties: { src: { type: "string", "x-field": "text" }, alt: { type: "string", "x-field": "text" } },
      required: ["src", "alt"],
      "x-field": "image",
    },
  },
  type: "object",
  title: "Cellule {atelier-express}",
  properties: {
    headline: { type: "string", title: "Accroche", description: "Une phrase qui donne envie.", "x-field": "text" },
    mood: { type: "string", title: "Ambiance", enum: ["calme", "joyeuse"], "x-field": "choice" },
    day: { anyOf: [{ type: "string", format: "date" }, { type: "null" }], default: null, title: "Jour", "x-field": "date" },
    online: { type: "boolean", title: "En ligne", "x-field": "boolean" },
    steps: { type: "array", title: "Étapes", items: { $ref: "#/$defs/Step", "x-field": "object" }, "x-field": "list" },
    poster: { $ref: "#/$defs/Picture", title: "Affiche", "x-field": "image" },
  },
  required: ["headline", "mood"],
};

const storage: Storage = {
  listFiles: async () => [],
  readFile: async () => "",
  writeFiles: async () => undefined,
  readImage: async () => new Blob(),
};

function Harness({ onChange, diagnostics = new Map() }: { onChange(path: Path, value: unknown): void; diagnostics?: Map<string, EditorDiagnostic[]> }) {
  const [value, setValue] = useState<Record<string, unknown>>({
    headline: "Bonjour",
    mood: "calme",
    steps: [{ stepName: "Accueil", stepMinutes: 10 }],
    poster: { src: "/images/a.jpg", alt: "Une affiche" },
  });
  return (
    <SchemaForm
      root={THROWAWAY}
      value={value}
      diagnostics={diagnostics}
      context={{ routesListId: "routes", images: ["images/a.jpg"], categories: [], storage, onImageAdded: () => undefined }}
      onChange={(path, next) => {
        onChange(path, next);
        if (path.length === 1) setValue({ ...value, [path[0] as string]: next });
      }}
      onMove={() => undefined}
    />
  );
}

describe("a form generated from a cell type's schema", () => {
  it("labels every field of an unknown cell type and picks the control from the schema", () => {
    render(<Harness onChange={() => undefined} />);
    expect(screen.getByLabelText("Accroche")).toHaveValue("Bonjour");
    expect(screen.getByLabelText("Accroche")).toHaveAccessibleDescription("Une phrase qui donne envie.");
    expect(screen.getByLabelText("Ambiance").tagName).toBe("SELECT");
    expect(screen.getByLabelText("Jour")).toHaveAttribute("placeholder", "jj/mm/aaaa");
    expect(screen.getByLabelText("En ligne")).toHaveAttribute("type", "checkbox");
    const steps = screen.getByRole("group", { name: "Étapes" });
    expect(within(steps).getByLabelText("Nom de l’étape")).toHaveValue("Accueil");
    expect(within(steps).getByLabelText("Durée")).toHaveValue("10");
    expect(within(steps).queryByText("Model docstring, not for coaches.")).toBeNull();
    // An image: the picker over content/images, and its alternative text.
    const poster = screen.getByRole("group", { name: "Affiche" });
    expect(within(poster).getByText("/images/a.jpg")).toBeInTheDocument();
    expect(within(poster).getByRole("button", { name: /a\.jpg/ })).toHaveAttribute("aria-pressed", "true");
  });

  it("sends each change as the field's path and value", async () => {
    const onChange = vi.fn();
    render(<Harness onChange={onChange} />);
    const user = userEvent.setup();
    await user.selectOptions(screen.getByLabelText("Ambiance"), "joyeuse");
    expect(onChange).toHaveBeenLastCalledWith(["mood"], "joyeuse");
    await user.click(screen.getByLabelText("En ligne"));
    expect(onChange).toHaveBeenLastCalledWith(["online"], true);
    const steps = screen.getByRole("group", { name: "Étapes" });
    await user.click(within(steps).getByRole("button", { name: /^Ajouter/ }));
    expect(onChange).toHaveBeenLastCalledWith(["steps", 1], { stepName: "" });
    await user.click(within(steps).getByRole("button", { name: /^Retirer/ }));
    expect(onChange).toHaveBeenLastCalledWith(["steps", 0], undefined);
  });

  it("shows a diagnostic under its field, as the field's description", () => {
    const diagnostics = new Map<string, EditorDiagnostic[]>([
      ["headline", [{ target: 0, path: ["headline"], field: "headline", message: "texte trop long", severity: "error" }]],
    ]);
    render(<Harness onChange={() => undefined} diagnostics={diagnostics} />);
    const field = screen.getByLabelText("Accroche");
    expect(field).toHaveAttribute("aria-invalid", "true");
    expect(field).toHaveAccessibleDescription(/texte trop long/);
  });

  it("draws the kind the schema names, whatever the field's help says", () => {
    const root: Schema = {
      type: "object",
      properties: {
        motto: { type: "string", title: "Devise", description: "Comme « /contact », sans lien.", "x-field": "text" },
        target: { type: "string", title: "Destination", "x-field": "link" },
        story: { type: "string", title: "Histoire", "x-field": "multiline" },
      },
    };
    render(
      <SchemaForm
        root={root}
        value={{}}
        diagnostics={new Map()}
        context={{ routesListId: "routes", images: [], categories: [], storage, onImageAdded: () => undefined }}
        onChange={() => undefined}
        onMove={() => undefined}
      />,
    );
    // The site's routes are offered for a link only.
    expect(screen.getByLabelText("Devise")).not.toHaveAttribute("list");
    expect(screen.getByLabelText("Destination")).toHaveAttribute("list", "routes");
    expect(screen.getByLabelText("Histoire").tagName).toBe("TEXTAREA");
  });
});
