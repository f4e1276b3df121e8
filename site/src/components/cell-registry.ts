import { use, type ComponentType } from "react";
import type { Cell, CellOf, CellType } from "../types";
import { fulfilled, tracked, type Tracked } from "../lib/tracked";
import { CardCell } from "./cells/CardCell";
import { CtaCell } from "./cells/CtaCell";
import { HeroCell } from "./cells/HeroCell";
import { ListCell } from "./cells/ListCell";
import { ProseCell } from "./cells/ProseCell";
import { CELL_COMPONENTS } from "./cells/registry.gen";

type CellComponent<T extends CellType> = ComponentType<{ cell: CellOf<T> }>;

// Cells almost every page has ship with the site's main script.
const EAGER = { prose: ProseCell, hero: HeroCell, cta: CtaCell, card: CardCell, list: ListCell } satisfies {
  [T in "prose" | "hero" | "cta" | "card" | "list"]: CellComponent<T>;
};
type EagerType = keyof typeof EAGER;

// The others are split per type: a page downloads only the cells it shows. Which module shows
// which type is generated from the cell models (cells/registry.gen.ts).
type LazyType = Exclude<CellType, EagerType>;
const isEager = (type: CellType): type is EagerType => type in EAGER;

/** The cell types whose component is loaded on demand. */
export const LAZY_CELL_TYPES = (Object.keys(CELL_COMPONENTS) as CellType[]).filter(
  (type): type is LazyType => !isEager(type),
);

type Module = Record<string, CellComponent<CellType>>;
const modules = import.meta.glob<Module>([
  "./cells/*Cell.tsx",
  "!./cells/ProseCell.tsx",
  "!./cells/HeroCell.tsx",
  "!./cells/CtaCell.tsx",
  "!./cells/CardCell.tsx",
  "!./cells/ListCell.tsx",
]);

const components = new Map<CellType, Tracked<CellComponent<CellType>>>();

/** The source file of a lazy cell type, as the build manifest names it. */
export function cellSourceFile(type: CellType): string | null {
  return isEager(type) ? null : `src/components/cells/${CELL_COMPONENTS[type]}.tsx`;
}

export function loadCellComponent(type: CellType): Tracked<CellComponent<CellType>> {
  let promise = components.get(type);
  if (!promise) {
    if (isEager(type)) {
      promise = fulfilled(EAGER[type] as CellComponent<CellType>);
    } else {
      const name = CELL_COMPONENTS[type];
      const load = modules[`./cells/${name}.tsx`];
      promise = tracked(
        load
          ? load().then((module) => {
              const component = module[name];
              if (!component) throw new Error(`cells/${name}.tsx does not export ${name}`);
              return component;
            })
          : Promise.reject(new Error(`No component module for cell "${type}"`)),
      );
    }
    components.set(type, promise);
  }
  return promise;
}

/** Loads the components of every cell of a page (before hydrating or rendering it). */
export async function preloadCells(cells: readonly Cell[]): Promise<void> {
  await Promise.all([...new Set(cells.map((cell) => cell.type))].map(loadCellComponent));
}

/** The component of a cell type: synchronous once loaded, else suspends until it is. */
export function useCellComponent<T extends CellType>(type: T): CellComponent<T> {
  return use(loadCellComponent(type)) as unknown as CellComponent<T>;
}
