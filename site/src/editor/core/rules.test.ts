// Every record the pipeline exports is one the carnet interprets: a kind it does not know,
// or a pattern JavaScript cannot read with the flag « u », fails here.
import { describe, expect, it } from "vitest";
import data from "./generated/model.gen.json" with { type: "json" };
import { FIELD_RULES, fillRule, ruleProblem, shape, typedValues } from "./rules.ts";

const records = Object.entries(data.rules.records as Record<string, { kind: string }>);

describe("the exported rules", () => {
  it.each(records)("%s is a record the carnet interprets", (id, record) => {
    const read = {
      decisions: () => ruleProblem(id, ""),
      shape: () => shape(id).test(""),
      typedValues: () => typedValues(id).price,
    }[record.kind];
    expect(read, `kind ${record.kind}`).toBeDefined();
    expect(read!).not.toThrow();
  });

  it("bind only rules that exist", () => {
    const bound = Object.values(FIELD_RULES).flatMap((fields) => Object.values(fields).flat());
    expect(bound.filter((id) => !(id in data.rules.records))).toEqual([]);
  });

  it("fill their templates as the pipeline does", () => {
    expect(fillRule("« {value} » ({bad}) U+{bad|code} {absent}", { value: "{bad}", bad: "\u200b" })).toBe(
      "« {bad} » (\u200b) U+200B {absent}",
    );
  });
});
