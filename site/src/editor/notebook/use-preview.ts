// Each cell as the site draws it: unchanged since the last build, from the preview build's
// route data; a changed component cell, from the form's values laid over it; changed prose,
// rendered by the pipeline as it is typed (the backend does it when it can).
import { useEffect, useMemo, useRef, useState } from "react";
import { dataOf, type BodyCell, type EditorDocument } from "../core/index.ts";
import { overlay } from "../preview/CellPreview.tsx";
import { useRouteBundle } from "../preview/route-data.ts";
import type { Storage } from "../storage.ts";
import { routeKey, routeOf } from "../workspace.ts";
import type { Cell } from "../../types.ts";
import { PROSE } from "./AddCell.tsx";
import { useRenderedProse, type ProseToRender } from "./rendered-prose.ts";

/** What identifies a cell's content: unchanged since the build ⇒ drawn from the build. */
function cellKey(cell: BodyCell): string {
  return cell.kind === "prose" ? `prose\u0000${cell.markdown}` : `${cell.type}\u0000${cell.text}`;
}

const typeOf = (cell: BodyCell) => (cell.kind === "prose" ? PROSE : cell.type);

/** `loaded`: the document as its file was read; `doc`: as edited. */
export function usePreview(path: string, loaded: EditorDocument | null, doc: EditorDocument | null, storage: Storage) {
  const route = routeOf(path);
  const { bundle, serial } = useRouteBundle(route ? routeKey(route) : null);
  // Cells as the last build saw them: as read, then as the last save wrote them once the
  // build has caught up with it.
  const [rebuilt, setRebuilt] = useState<Set<string> | null>(null);
  const savedKeys = useRef<Set<string> | null>(null);
  useEffect(() => {
    if (savedKeys.current) {
      setRebuilt(savedKeys.current);
      savedKeys.current = null;
    }
  }, [serial]);
  const builtKeys = useMemo(() => rebuilt ?? new Set(loaded ? loaded.cells.map(cellKey) : []), [rebuilt, loaded]);

  // The prose the last build did not render: drawn by the pipeline's renderer as it is typed.
  const proseToRender = useMemo<ProseToRender[]>(
    () =>
      doc
        ? doc.cells.flatMap((cell, index) =>
            cell.kind === "prose" && !builtKeys.has(cellKey(cell)) ? [{ index, markdown: cell.markdown }] : [],
          )
        : [],
    [doc, builtKeys],
  );
  const renderProse = useMemo(() => storage.renderProse?.bind(storage), [storage]);
  const prose = useRenderedProse(proseToRender, renderProse);

  // The build's cell for a cell of the document: the same type, the same rank among them.
  const built = (edited: EditorDocument, index: number): Cell | null => {
    if (!bundle) return null;
    const type = typeOf(edited.cells[index] as BodyCell);
    const rank = edited.cells.slice(0, index).filter((cell) => typeOf(cell) === type).length;
    return (bundle.cells.filter((cell) => cell.type === type)[rank] as Cell | undefined) ?? null;
  };

  return {
    /** The site's address of the document, null when it is no page of its own. */
    route,
    /** Cell `index` of `edited` as the site draws it; `stale`: the last drawing, not yet this text. */
    previewOf(edited: EditorDocument, index: number): { cell: Cell | null; stale: boolean } {
      const cell = edited.cells[index] as BodyCell;
      const base = built(edited, index);
      if (builtKeys.has(cellKey(cell))) return { cell: base, stale: false };
      if (cell.kind === "prose") {
        const drawn = prose.htmlOf(index, cell.markdown);
        return drawn ? { cell: { type: "prose", html: drawn.html } as Cell, stale: drawn.stale } : { cell: base, stale: true };
      }
      return { cell: overlay(base ?? {}, { ...(dataOf(edited, index) as object), type: cell.type }) as Cell, stale: false };
    },
    /** `saved` was written: the next build of the route shows it. */
    saved(saved: EditorDocument) {
      savedKeys.current = new Set(saved.cells.map(cellKey));
    },
  };
}
