import { describe, expect, it } from "vitest";
import { LAZY_CELL_MODULES, loadCellComponent } from "./cell-registry";
import type { CellType } from "../types";

describe("the cell registry", () => {
  it("finds a component for every lazily loaded cell type", async () => {
    for (const type of Object.keys(LAZY_CELL_MODULES) as CellType[]) {
      expect(typeof (await loadCellComponent(type))).toBe("function");
    }
  });

  it("hands out the same promise every time, as use() needs", () => {
    expect(loadCellComponent("faq")).toBe(loadCellComponent("faq"));
    expect(loadCellComponent("hero")).toBe(loadCellComponent("hero"));
  });
});
