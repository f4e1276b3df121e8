// The edits of a notebook: a field's value, a list's order, cells added, moved and removed
// (with undo), the focus following the cell it acted on.
import { useEffect, useRef, useState } from "react";
import {
  insertCell,
  moveCell,
  moveItem,
  removeCell,
  setProse,
  setValue,
  type BodyCell,
  type EditorDocument,
  type Path,
  type Target,
} from "../core/index.ts";
import { t } from "../texts.ts";
import { cellLabel } from "./cell-label.ts";
import type { CellAction } from "./CellView.tsx";
import { newCellId, type EditedDocument } from "./use-document-file.ts";

/** `say`: the notebook's status line ("" once the document changes). */
export function useCellEdits(edited: EditedDocument | null, setEdited: (next: EditedDocument) => void, say: (status: string) => void) {
  const [removed, setRemoved] = useState<{ before: EditedDocument; label: string } | null>(null);
  // The cell whose button gets the focus after the next render (a moved or added cell).
  const focusCell = useRef<{ id: number; action: CellAction } | null>(null);

  useEffect(() => {
    const wanted = focusCell.current;
    if (!wanted || !edited) return;
    focusCell.current = null;
    const index = edited.ids.indexOf(wanted.id);
    const cell = document.querySelector(`[data-cell-index="${index}"]`);
    const button = cell?.querySelector<HTMLButtonElement>(`button[data-action="${wanted.action}"]:not(:disabled)`);
    (button ?? cell?.querySelector<HTMLButtonElement>("button"))?.focus();
  });

  const update = (next: EditorDocument, ids: number[]) => {
    setEdited({ doc: next, ids });
    say("");
  };
  // A part the YAML reader could not read (its message is shown) cannot take an edit: say
  // so rather than fail.
  const safely = (change: (doc: EditorDocument) => EditorDocument) => {
    if (!edited) return;
    try {
      update(change(edited.doc), edited.ids);
    } catch (error) {
      say(t("editFailed", { error: error instanceof Error ? error.message : String(error) }));
    }
  };

  return {
    /** The cell last removed, until it is put back or another change is given up. */
    removed,
    forgetRemoved: () => setRemoved(null),
    /** The edits of one part: a field's value, the order of a list's items. */
    edit: (target: Target) => ({
      onField: (fieldPath: Path, value: unknown) => safely((doc) => setValue(doc, target, fieldPath, value)),
      onMoveItem: (fieldPath: Path, from: number, to: number) => safely((doc) => moveItem(doc, target, fieldPath, from, to)),
    }),
    onProse: (index: number, markdown: string) => safely((doc) => setProse(doc, index, markdown)),
    insert(index: number, type: string) {
      if (!edited) return;
      const ids = [...edited.ids];
      const id = newCellId();
      ids.splice(index, 0, id);
      update(insertCell(edited.doc, index, type), ids);
      focusCell.current = { id, action: "remove" };
    },
    act(index: number, action: CellAction) {
      if (!edited) return;
      const ids = [...edited.ids];
      const id = ids[index] as number;
      if (action === "remove") {
        ids.splice(index, 1);
        setRemoved({ before: edited, label: cellLabel(edited.doc.cells[index] as BodyCell) });
        update(removeCell(edited.doc, index), ids);
        return;
      }
      const to = action === "up" ? index - 1 : index + 1;
      ids.splice(index, 1);
      ids.splice(to, 0, id);
      update(moveCell(edited.doc, index, to), ids);
      focusCell.current = { id, action };
    },
    undoRemove() {
      if (!removed) return;
      setEdited(removed.before);
      setRemoved(null);
    },
  };
}
