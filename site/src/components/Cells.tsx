import type { Cell, CellOf, CellType } from "../types";
import { useCellComponent } from "./cell-registry";
import "./cells/first-screen.css";

function CellView<T extends CellType>({ cell }: { cell: CellOf<T> }) {
  const Component = useCellComponent(cell.type as T);
  // A module-level component looked up in the registry, not one created while rendering.
  // eslint-disable-next-line react-hooks/static-components
  return <Component cell={cell} />;
}

/** The cells of a page, in the order the coach wrote them. */
export function Cells({ cells }: { cells: readonly Cell[] }) {
  return (
    <>
      {cells.map((cell, index) => (
        <CellView key={`${index}-${cell.type}`} cell={cell} />
      ))}
    </>
  );
}
