// Each cell as the site draws it: unchanged since the last build, from the preview build's
// route data (where that data follows the saves: the dev server); a changed component cell,
// from the form's values laid over it; any other prose rendered as it is typed, the settings'
// variables replaced (by the pipeline when the backend can ask it, else in the page: prose/).
// On GitHub the site's data is the published site's: every cell is drawn from what is
// written, and so is the whole page (`draftPage`).
import { useEffect, useMemo, useRef, useState } from "react";
import { collectionOf, dataOf, SCHEMAS, type BodyCell, type EditorDocument } from "../core/index.ts";
import { overlay } from "../preview/CellPreview.tsx";
import { draftBundle } from "../preview/draft-bundle.ts";
import { builtCellsOf, useRouteBundle } from "../preview/route-data.ts";
import { proseRenderer, withVariables } from "../prose/index.ts";
import type { Storage } from "../storage.ts";
import { routeKey, routeOf } from "../workspace.ts";
import type { Cell, RouteBundle } from "../../types.ts";
import { PROSE } from "./AddCell.tsx";
import { useRenderedProse, type ProseToRender } from "./rendered-prose.ts";

/** What identifies a cell's content: unchanged since the build ⇒ drawn from the build. */
function cellKey(cell: BodyCell): string {
  return cell.kind === "prose" ? `prose\u0000${cell.markdown}` : `${cell.type}\u0000${cell.text}`;
}

const typeOf = (cell: BodyCell) => (cell.kind === "prose" ? PROSE : cell.type);

/** The build's cell for a cell of the document: the same type, the same rank among them. */
function builtCell(bundle: RouteBundle | null, cells: readonly BodyCell[], index: number): Cell | null {
  if (!bundle) return null;
  const type = typeOf(cells[index] as BodyCell);
  const rank = cells.slice(0, index).filter((cell) => typeOf(cell) === type).length;
  return (bundle.cells.filter((cell) => cell.type === type)[rank] as Cell | undefined) ?? null;
}

/** A cell is drawn from the site's data only where that data follows the saves and holds
 * the cell as it is. */
function drawnFromBuild(
  followsSaves: boolean,
  builtKeys: ReadonlySet<string>,
  bundle: RouteBundle | null,
  cells: readonly BodyCell[],
  index: number,
): boolean {
  return followsSaves && builtKeys.has(cellKey(cells[index] as BodyCell)) && builtCell(bundle, cells, index) !== null;
}

/** Of a cell built for another page, only what the build derives (a collection's entries,
 * the blog's cards): nothing the coach types there (a title, an image) shows here. */
function derivedOf(cell: Cell | undefined): Record<string, unknown> {
  const properties = (SCHEMAS[`cells/${cell?.type}`]?.properties ?? {}) as Record<string, unknown>;
  return Object.fromEntries(Object.entries(cell ?? {}).filter(([key]) => key !== "type" && !Object.hasOwn(properties, key)));
}

/** Published pages' built cells, by type, fetched once some cell of the document has none of
 * its own (`missing`: the types, joined; "" while every cell has one or the route's data is
 * still on its way). */
function useBorrowedCells(missing: string, routes: readonly string[]): ReadonlyMap<string, Cell> {
  const [borrowed, setBorrowed] = useState<ReadonlyMap<string, Cell>>(new Map());
  useEffect(() => {
    if (!missing) return;
    let live = true;
    const pages = routes.filter((route) => !route.startsWith("/blog/")).map(routeKey);
    void builtCellsOf(pages).then((found) => live && setBorrowed(found as Map<string, Cell>));
    return () => {
      live = false;
    };
  }, [missing, routes]);
  return borrowed;
}

/** `loaded`: the document as its file was read; `doc`: as edited; `settings`: the settings'
 * text, for the variables; `routes`: the site's pages, where a cell not built in this one
 * is borrowed from. */
export function usePreview(
  path: string,
  loaded: EditorDocument | null,
  doc: EditorDocument | null,
  storage: Storage,
  settings: string | undefined,
  routes: readonly string[] = [],
) {
  const route = routeOf(path);
  const { bundle, serial } = useRouteBundle(route ? routeKey(route) : null);
  const missing = useMemo(() => {
    if (!doc || (route !== null && serial === 0)) return "";
    const types = doc.cells.flatMap((cell, index) => (cell.kind === "cell" && !builtCell(bundle, doc.cells, index) ? [cell.type] : []));
    return [...new Set(types)].sort().join(" ");
  }, [doc, bundle, route, serial]);
  const borrowed = useBorrowedCells(missing, routes);
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

  const followsSaves = storage.buildFollowsSaves === true;
  const proseToRender = useMemo<ProseToRender[]>(
    () =>
      doc
        ? doc.cells.flatMap((cell, index) =>
            cell.kind === "prose" && !drawnFromBuild(followsSaves, builtKeys, bundle, doc.cells, index)
              ? [{ index, markdown: cell.markdown }]
              : [],
          )
        : [],
    [doc, builtKeys, bundle, followsSaves],
  );
  const renderProse = useMemo(() => proseRenderer(storage, settings), [storage, settings]);
  const prose = useRenderedProse(proseToRender, renderProse);

  const previewOf = (edited: EditorDocument, index: number): { cell: Cell | null; stale: boolean } => {
    const cell = edited.cells[index] as BodyCell;
    const base = builtCell(bundle, edited.cells, index);
    if (drawnFromBuild(followsSaves, builtKeys, bundle, edited.cells, index)) return { cell: base, stale: false };
    if (cell.kind === "prose") {
      const drawn = prose.htmlOf(index, cell.markdown);
      if (drawn) return { cell: { type: "prose", html: drawn.html } as Cell, stale: drawn.stale };
      return { cell: followsSaves ? base : null, stale: followsSaves };
    }
    const data = withVariables(dataOf(edited, index), settings);
    const under = base ?? derivedOf(borrowed.get(cell.type));
    return { cell: overlay(under, { ...(data as object), type: cell.type }) as Cell, stale: false };
  };

  return {
    /** The site's address of the document, null when it is no page of its own. */
    route,
    /** Cell `index` of `edited` as the site draws it; `stale`: the last drawing, not yet this text. */
    previewOf,
    /** The whole page drawn from `edited`, where the site's data is the published site's
     * (null where the preview server's page shows the saved document). */
    draftPage: followsSaves
      ? null
      : (edited: EditorDocument): RouteBundle => {
          const cells = edited.cells.flatMap((_, index) => previewOf(edited, index).cell ?? []);
          const front = withVariables(edited.frontmatter ? dataOf(edited, "frontmatter") : {}, settings);
          const { role, id } = collectionOf(path);
          const kind = role === "article" ? ("article" as const) : ("page" as const);
          return draftBundle({ kind, id: id ?? "", front: (front ?? {}) as Record<string, unknown>, cells }, bundle);
        },
    /** `saved` was written: the next build of the route shows it. */
    saved(saved: EditorDocument) {
      savedKeys.current = new Set(saved.cells.map(cellKey));
    },
  };
}
