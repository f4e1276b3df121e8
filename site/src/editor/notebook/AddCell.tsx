// « Ajouter une cellule »: a menu of the cell types that go in this document (from the
// generated model: the 404 message is offered in the error page only) with their French name
// and one-line summary, plus a prose cell.
import { useEffect, useId, useRef, useState } from "react";
import type { CellType } from "../core/index.ts";
import { t } from "../texts.ts";

export const PROSE = "prose";

interface Props {
  /** The cell types that go in this document (`cellTypesFor`). */
  types: readonly CellType[];
  onAdd(type: string): void;
  position: number;
}

export function AddCell({ types, onAdd, position }: Props) {
  const [open, setOpen] = useState(false);
  const menu = useId();
  const first = useRef<HTMLButtonElement>(null);
  useEffect(() => {
    if (open) first.current?.focus();
  }, [open]);
  const choices = [{ name: PROSE, label: t("proseLabel"), summary: t("proseSummary") }, ...types];
  return (
    <div className="carnet-add" data-position={position}>
      <button type="button" aria-expanded={open} aria-controls={menu} onClick={() => setOpen(!open)}>
        {t("addCell")}
      </button>
      {open && (
        <div
          id={menu}
          className="carnet-add__menu"
          role="group"
          aria-label={t("addCellMenu")}
          onKeyDown={(event) => event.key === "Escape" && setOpen(false)}
        >
          <ul>
            {choices.map((choice, index) => (
              <li key={choice.name}>
                <button
                  type="button"
                  ref={index === 0 ? first : undefined}
                  onClick={() => {
                    setOpen(false);
                    onAdd(choice.name);
                  }}
                >
                  <span className="carnet-add__name">{choice.label}</span>
                  <span className="carnet-add__summary">{choice.summary}</span>
                </button>
              </li>
            ))}
          </ul>
          <button type="button" onClick={() => setOpen(false)}>
            {t("cancel")}
          </button>
        </div>
      )}
    </div>
  );
}
