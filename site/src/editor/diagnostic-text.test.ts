// A diagnostic in the notebook's list names its field as `contenu check` does, in French and
// by its place, never by its key or path (issue 30: « {hero} actions[0].href : … »).
import { describe, expect, it } from "vitest";
import { diagnosticText } from "./texts.ts";

const plain = (text: string) => text.replace(/[\u00a0\u202f]/g, " ");

describe("a diagnostic as one line", () => {
  it("names the field by its label and place", () => {
    const text = diagnosticText({ severity: "error", field: "{figure} image.alt", message: "le champ obligatoire « Texte alternatif » manque" });
    expect(plain(text)).toBe("Erreur : Image avec légende › Image › Texte alternatif : le champ obligatoire « Texte alternatif » manque");
    expect(plain(diagnosticText({ severity: "warning", field: "{hero} actions[0].href", message: "x" }))).toBe(
      "Avertissement : Bannière d’ouverture › Bouton 1 › Lien : x",
    );
  });

  it("keeps a name the check gave (an annotation's title) and says nothing of no field", () => {
    const text = diagnosticText({ severity: "error", field: "Prix › Pack › Montant", label: "Prix › Pack › Montant", message: "x" });
    expect(plain(text)).toBe("Erreur : Prix › Pack › Montant : x");
    expect(plain(diagnosticText({ severity: "error", field: "", message: "x" }))).toBe("Erreur : x");
  });
});
