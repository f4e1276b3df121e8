import { describe, expect, it } from "vitest";
import { CELL_TYPES, SCHEMAS } from "../core/index.ts";
import { shownPath } from "./shown-path.ts";

const cellSchema = (name: string) => SCHEMAS[CELL_TYPES.find((c) => c.name === name)!.schema]!;

describe("the field a message at a path is shown under", () => {
  const hero = cellSchema("hero");
  it("is the field itself when the form shows it, nested in a list's item too", () => {
    expect(shownPath(["title"], hero)).toEqual(["title"]);
    expect(shownPath(["actions", 0, "href"], hero)).toEqual(["actions", 0, "href"]);
  });
  it("is its list for an item as a whole, its parent for a key the model does not know", () => {
    expect(shownPath(["actions", 1], hero)).toEqual(["actions"]);
    expect(shownPath(["actions", 0, "inconnu"], hero)).toEqual(["actions"]);
    expect(shownPath(["inconnu"], hero)).toEqual([]);
    expect(shownPath(["title"], hero, ["title"])).toEqual([]);
  });
});
