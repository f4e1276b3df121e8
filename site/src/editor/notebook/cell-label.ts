// The French name of a cell of a document: its type's, or « Texte » for prose.
import { CELL_TYPES, type BodyCell } from "../core/index.ts";
import { t } from "../texts.ts";

export function cellLabel(cell: BodyCell): string {
  if (cell.kind === "prose") return t("proseLabel");
  return CELL_TYPES.find((type) => type.name === cell.type)?.label ?? cell.type;
}
