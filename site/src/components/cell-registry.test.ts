import { describe, expect, it } from "vitest";
import { LAZY_CELL_TYPES, cellSourceFile, loadCellComponent } from "./cell-registry";
import { CELL_COMPONENTS } from "./cells/registry.gen";
import type { CellType } from "../types";

describe("the cell registry", () => {
  it("finds the component the generated registry names for every cell type", async () => {
    for (const [type, name] of Object.entries(CELL_COMPONENTS) as [CellType, string][]) {
      const component = await loadCellComponent(type);
      expect(typeof component).toBe("function");
      expect(component.name).toBe(name);
    }
  });

  it("loads on demand every type but the few every page has", () => {
    expect(LAZY_CELL_TYPES).toContain("faq");
    expect(LAZY_CELL_TYPES).not.toContain("hero");
    expect(cellSourceFile("faq")).toBe("src/components/cells/FaqCell.tsx");
    expect(cellSourceFile("hero")).toBeNull();
  });

  it("hands out the same promise every time, as use() needs", () => {
    expect(loadCellComponent("faq")).toBe(loadCellComponent("faq"));
    expect(loadCellComponent("hero")).toBe(loadCellComponent("hero"));
  });
});
