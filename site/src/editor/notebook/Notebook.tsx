// A document as a notebook: the frontmatter form, then its cells in order, each with its
// preview; cells added between any two (those that go in this document), moved, removed
// (with undo); « Plan du document » jumps to any part; « Enregistrer » (or Ctrl+S) writes the
// file through the backend; every change is kept in IndexedDB until then. Each concern is a
// hook of its own: the file (use-document-file), the draft (use-draft), the verdict
// (use-validation), the preview (use-preview), the edits (use-cell-edits), the save (use-save).
import { useEffect, useId, useRef, useState } from "react";
import { CELL_TYPES, SCHEMAS, cellTypesFor, collectionOf, dataOf, type EditorDiagnostic, type Target } from "../core/index.ts";
import { pathKey } from "../fields/messages.tsx";
import type { FormContext } from "../forms/context.ts";
import { SchemaForm } from "../forms/SchemaForm.tsx";
import { SteadyLabel } from "../SteadyLabel.tsx";
import { LOCAL_SCOPE, StorageChanged, type Storage } from "../storage.ts";
import { diagnosticText, t } from "../texts.ts";
import { useMediaQuery } from "../use-media-query.ts";
import { otherCategories, type Workspace } from "../workspace.ts";
import { AddCell } from "./AddCell.tsx";
import { cellLabel } from "./cell-label.ts";
import { CellView } from "./CellView.tsx";
import { DocumentBarSlot } from "./DocumentBarSlot.tsx";
import { Outline } from "./Outline.tsx";
import { FRONT_KEY, outlineEntries } from "./outline-entries.ts";
import { PagePreview } from "./PagePreview.tsx";
import { SaveConflict } from "./SaveConflict.tsx";
import { useCellEdits } from "./use-cell-edits.ts";
import { useDocumentFile } from "./use-document-file.ts";
import { useDraft } from "./use-draft.ts";
import { usePreview } from "./use-preview.ts";
import { useSave } from "./use-save.ts";
import { useValidation } from "./use-validation.ts";

interface Props {
  path: string;
  title: string;
  storage: Storage;
  workspace: Workspace;
  onImageAdded(path: string, size: number): void;
  onSaved(path: string): void;
  /** Whether the document has changes not saved (leaving then asks first). */
  onDirty?(dirty: boolean): void;
}

/** A phone's width: the document's bar that stays at the top holds only what she needs at any
 * depth of the document (« Enregistrer », « Plan du document », the state, « Proposer »);
 * « Annuler les modifications » and « Aperçu de la page » stay under it, at the document's top
 * (at 375 px the bar took 303 px of the screen with them, 38 % of an 800 px-high one). */
const PHONE = "(max-width: 40rem)";

function byTarget(diagnostics: readonly EditorDiagnostic[]): Map<Target | null, EditorDiagnostic[]> {
  const map = new Map<Target | null, EditorDiagnostic[]>();
  for (const d of diagnostics) map.set(d.target, [...(map.get(d.target) ?? []), d]);
  return map;
}

/** The first field of a part of the notebook gets the focus, in view under the sticky bar. */
function focusFirstField(part: Element | null) {
  const field =
    part?.querySelector<HTMLElement>("input:not([type=file]):not(:disabled), select, textarea") ??
    part?.querySelector<HTMLElement>("button:not(:disabled), [href]");
  field?.focus({ preventScroll: true });
  field?.scrollIntoView({ block: "center" });
}

export function Notebook({ path, title, storage, workspace, onImageAdded, onSaved, onDirty }: Props) {
  const [status, setStatus] = useState("");
  // A save refused because the file changed meanwhile: the version she opened (or last
  // saved), her text and the file's now.
  const [conflict, setConflict] = useState<{ base: string; ours: string; theirs: string } | null>(null);
  const routesListId = useId();
  const heading = useRef<HTMLHeadingElement>(null);
  // The part « Plan du document » jumped to last, with a count that changes at each jump.
  const [reveal, setReveal] = useState<{ key: string; n: number } | null>(null);
  const kind = collectionOf(path).kind;
  const phone = useMediaQuery(PHONE);
  const documentFile = useDocumentFile(path, storage);
  const { file, edited, text, dirty } = documentFile;
  const doc = edited?.doc ?? null;
  const draft = useDraft(storage.scope ?? LOCAL_SCOPE, path, file, text);
  const validation = useValidation(path, doc, storage, workspace);
  const preview = usePreview(path, documentFile.loaded, doc, storage, validation.settings, workspace.routes);
  const edits = useCellEdits(edited, documentFile.setEdited, setStatus);
  const { saving, save } = useSave({
    doc,
    text,
    write: documentFile.write,
    checkNow: validation.checkNow,
    written: async (saved) => {
      preview.saved(saved);
      await draft.drop();
    },
    say: setStatus,
    onSaved: () => onSaved(path),
    // Saved meanwhile by someone else: the coach chooses, part by part (SaveConflict).
    refused: async (error, ours) => {
      const theirs = error instanceof StorageChanged ? await storage.readFile(path).catch(() => null) : null;
      if (theirs !== null && file !== null) setConflict({ base: file, ours, theirs });
      return theirs !== null;
    },
  });
  const loaded = doc !== null;
  useEffect(() => {
    onDirty?.(dirty);
  }, [dirty, onDirty]);
  // Opened: the focus on its title, the outline and every field a few Tabs away (a draft
  // offered back takes it instead, for its answer).
  useEffect(() => {
    if (loaded) heading.current?.focus({ preventScroll: true });
  }, [loaded]);
  useEffect(() => {
    if (reveal?.key === FRONT_KEY) focusFirstField(document.getElementById(`${routesListId}-front`)?.parentElement ?? null);
  }, [reveal, routesListId]);

  if (documentFile.problem) return <p role="alert">{t("loadFailed", { error: documentFile.problem })}</p>;
  if (!edited || !doc || file === null || text === null) return <p>{t("loading")}</p>;

  const { offer } = draft;
  const { removed, edit } = edits;
  const route = preview.route;
  // The parts chosen make the document; the version saved meanwhile is what it replaces.
  const keepChoices = (merged: string, theirs: string) => {
    documentFile.takeOver(merged, theirs);
    setConflict(null);
    setStatus(t("conflictKept"));
  };
  const revert = () => {
    documentFile.reset(file);
    draft.answered();
    edits.forgetRemoved();
    void draft.drop();
    setStatus(t("reverted"));
  };
  const resume = (kept: { text: string }) => {
    documentFile.reset(kept.text);
    draft.answered();
  };

  const context: FormContext = { routesListId, images: workspace.images, categories: otherCategories(workspace, path), storage, onImageAdded };
  // The browser's verdict, and the backend's notes of this file (on GitHub: its checks').
  const shown = validation.shown;
  const grouped = byTarget(shown);
  const errorCount = shown.filter((d) => d.severity === "error").length;
  const frontSchema = kind ? SCHEMAS[kind.schema] : undefined;
  const frontDiagnostics = new Map<string, EditorDiagnostic[]>();
  for (const d of grouped.get("frontmatter") ?? []) frontDiagnostics.set(pathKey(d.path), [...(frontDiagnostics.get(pathKey(d.path)) ?? []), d]);
  const allowCells = kind?.cells ?? false;
  const cellTypes = cellTypesFor(path);
  const previewOf = (index: number) => preview.previewOf(doc, index);
  const invalid = new Set(shown.filter((d) => d.severity === "error").map((d) => d.target));
  const outline = outlineEntries(doc, edited.ids, Boolean(frontSchema), invalid);
  const jump = (key: string) => setReveal({ key, n: (reveal?.n ?? 0) + 1 });
  // Never « Tout est enregistré » beside « Reprendre vos modifications ? ».
  const state = offer ? t("draftWaiting") : dirty ? t("unsaved") : t("upToDate");
  const occasional = (
    <>
      <button type="button" onClick={revert} disabled={!dirty && !offer}>
        {t("revert")}
      </button>
      {route && <PagePreview route={route} draft={preview.draftPage && (() => preview.draftPage!(doc))} />}
    </>
  );

  return (
    <article className="carnet-notebook" aria-labelledby={`${routesListId}-title`}>
      <datalist id={routesListId}>
        {workspace.routes.map((r) => (
          <option key={r} value={r} />
        ))}
      </datalist>
      <header className="carnet-notebook__header">
        <h1 id={`${routesListId}-title`} ref={heading} tabIndex={-1}>
          {title}
        </h1>
        <p className="carnet-notebook__path">
          <code>content/{path}</code>
        </p>
        <div className="carnet-savebar">
          <button
            type="button"
            className="carnet-primary"
            onClick={() => void save()}
            disabled={saving}
            aria-keyshortcuts="Control+S Meta+S"
            title={t("saveShortcut")}
          >
            <SteadyLabel labels={[t("save"), t("saving")]} shown={saving ? t("saving") : t("save")} />
          </button>
          {!phone && occasional}
          <Outline entries={outline} onJump={jump} />
          <span className="carnet-savebar__state">
            {/* As wide saved as not: « Proposer », after it, stays where her pointer goes. */}
            <SteadyLabel labels={offer ? [state] : [t("unsaved"), t("upToDate")]} shown={state} />
          </span>
          <DocumentBarSlot dirty={dirty} save={save} />
        </div>
        {phone && <div className="carnet-docactions">{occasional}</div>}
        <div role="status" aria-live="polite" className="carnet-status">
          {status}
        </div>
        {conflict && (
          <SaveConflict path={path} {...conflict} onResolved={(merged) => keepChoices(merged, conflict.theirs)} />
        )}
        {errorCount > 0 && (
          <div className="carnet-errors" role="note">
            <p>{t("errorsBanner", { count: errorCount })}</p>
            <details>
              <summary>{t("documentProblems")}</summary>
              <ul>
                {shown.map((d, n) => (
                  <li key={n} className={`carnet-diag carnet-diag--${d.severity}`}>
                    {diagnosticText(d)}
                  </li>
                ))}
              </ul>
            </details>
          </div>
        )}
      </header>

      {offer && (
        <div className="carnet-offer" role="group" aria-labelledby={`${routesListId}-offer`}>
          <p id={`${routesListId}-offer`}>
            <strong>{t("resumeQuestion")}</strong> {t("resumeHelp", { date: new Date(offer.at).toLocaleString("fr-FR") })}
          </p>
          {/* The question comes first: the focus goes to its answer. */}
          <button type="button" className="carnet-primary" onClick={() => resume(offer)} autoFocus>
            {t("resume")}
          </button>
          <button type="button" onClick={revert}>
            {t("discard")}
          </button>
        </div>
      )}

      {removed && (
        <div className="carnet-undo" role="status">
          {t("removed", { cell: removed.label })}{" "}
          <button type="button" onClick={edits.undoRemove}>
            {t("undo")}
          </button>
        </div>
      )}

      {frontSchema && (
        <section className="carnet-front" aria-labelledby={`${routesListId}-front`}>
          <h2 id={`${routesListId}-front`}>{t("frontmatter")}</h2>
          <SchemaForm
            root={frontSchema}
            orderKey={kind?.schema}
            value={dataOf(doc, "frontmatter")}
            context={context}
            diagnostics={frontDiagnostics}
            skip={kind?.bodyField ? [kind.bodyField] : []}
            onChange={edit("frontmatter").onField}
            onMove={edit("frontmatter").onMoveItem}
          />
        </section>
      )}

      {(allowCells || doc.cells.length > 0) && (
        <section className="carnet-cells" aria-labelledby={`${routesListId}-cells`}>
          <h2 id={`${routesListId}-cells`}>{t("cells")}</h2>
          {allowCells && <AddCell types={cellTypes} position={0} onAdd={(type) => edits.insert(0, type)} />}
          {doc.cells.map((cell, index) => {
            const typeInfo = cell.kind === "cell" ? CELL_TYPES.find((c) => c.name === cell.type) : undefined;
            const schema = typeInfo ? SCHEMAS[typeInfo.schema] : undefined;
            const preview = previewOf(index);
            return (
              <div key={edited.ids[index]} className="carnet-cells__slot">
                <CellView
                  index={index}
                  count={doc.cells.length}
                  label={cellLabel(cell)}
                  form={cell.kind === "cell" && schema && typeInfo ? { schema, orderKey: typeInfo.schema, value: dataOf(doc, index) } : null}
                  markdown={cell.kind === "prose" ? cell.markdown : ""}
                  diagnostics={grouped.get(index) ?? []}
                  context={context}
                  preview={preview.cell}
                  previewStale={preview.stale}
                  {...edit(index)}
                  onProse={(markdown) => edits.onProse(index, markdown)}
                  onAction={(action) => edits.act(index, action)}
                  reveal={reveal?.key === String(edited.ids[index]) ? reveal.n : 0}
                  onReveal={focusFirstField}
                />
                {allowCells && <AddCell types={cellTypes} position={index + 1} onAdd={(type) => edits.insert(index + 1, type)} />}
              </div>
            );
          })}
        </section>
      )}
    </article>
  );
}
