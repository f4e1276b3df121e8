// Every record the pipeline exports is one the carnet interprets: a kind it does not know,
// or a pattern JavaScript cannot read with the flag « u », fails here.
import { describe, expect, it } from "vitest";
import data from "./generated/model.gen.json" with { type: "json" };
import { FIELD_ADVICE, FIELD_RULES, fillRule, lengthProblem, ruleProblem, sameNameKey, sameNameProblem, shape, typedValues } from "./rules.ts";

const records = Object.entries(data.rules.records as Record<string, { kind: string }>);

describe("the exported rules", () => {
  it.each(records)("%s is a record the carnet interprets", (id, record) => {
    const read = {
      decisions: () => ruleProblem(id, ""),
      shape: () => shape(id).test(""),
      typedValues: () => typedValues(id).price,
      length: () => lengthProblem(id, ""),
      sameName: () => sameNameKey(id, "Émotions"),
    }[record.kind];
    expect(read, `kind ${record.kind}`).toBeDefined();
    expect(read!).not.toThrow();
  });

  it("take a category for one in use whatever its accents, capitals or plural", () => {
    const inUse = new Map([["Émotions", "content/articles/a.md"], ["Quotidien", "content/articles/b.md"]]);
    expect(sameNameKey("category_name", "Les Émotions")).toBe("les emotion");
    expect(sameNameProblem("category_name", "emotion", inUse)?.existing).toBe("Émotions");
    expect(sameNameProblem("category_name", "Émotions", inUse)).toBeNull();
    expect(sameNameProblem("category_name", "Vacances", inUse)).toBeNull();
  });

  it("bind only rules that exist", () => {
    const bound = [FIELD_RULES, FIELD_ADVICE].flatMap((table) => Object.values(table).flatMap((fields) => Object.values(fields).flat()));
    expect(bound.filter((id) => !(id in data.rules.records))).toEqual([]);
  });

  it("warn outside a recommended length, with the count in characters", () => {
    const description = FIELD_ADVICE.Page!.description![0]!;
    expect(lengthProblem(description, "é".repeat(130))).toBeNull();
    expect(lengthProblem(description, ` ${"🙂".repeat(244)} `)).toMatch(/^244 caractères : .* visez de 110 à 160 caractères$/);
    expect(lengthProblem(description, "Courte.")).toMatch(/^7 caractères : sous 110/);
  });

  it("fill their templates as the pipeline does", () => {
    expect(fillRule("« {value} » ({bad}) U+{bad|code} {absent}", { value: "{bad}", bad: "\u200b" })).toBe(
      "« {bad} » (\u200b) U+200B {absent}",
    );
  });
});
