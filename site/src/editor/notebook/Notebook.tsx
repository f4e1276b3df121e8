// A document as a notebook: the frontmatter form, then its cells in order, each with its
// preview; cells added between any two, moved, removed (with undo); « Enregistrer » writes
// the file through the backend; every change is kept in IndexedDB until then. Each concern is
// a hook of its own: the file (use-document-file), the draft (use-draft), the verdict
// (use-validation), the preview (use-preview), the edits (use-cell-edits).
import { useId, useState } from "react";
import { CELL_TYPES, SCHEMAS, collectionOf, dataOf, type EditorDiagnostic, type Target } from "../core/index.ts";
import { pathKey } from "../fields/messages.tsx";
import type { FormContext } from "../forms/context.ts";
import { SchemaForm } from "../forms/SchemaForm.tsx";
import { LOCAL_SCOPE, StorageChanged, type Storage } from "../storage.ts";
import { diagnosticText, t } from "../texts.ts";
import { otherCategories, type Workspace } from "../workspace.ts";
import { AddCell } from "./AddCell.tsx";
import { cellLabel } from "./cell-label.ts";
import { CellView } from "./CellView.tsx";
import { PagePreview } from "./PagePreview.tsx";
import { SaveConflict } from "./SaveConflict.tsx";
import { useCellEdits } from "./use-cell-edits.ts";
import { useDocumentFile } from "./use-document-file.ts";
import { useDraft } from "./use-draft.ts";
import { usePreview } from "./use-preview.ts";
import { useValidation } from "./use-validation.ts";

interface Props {
  path: string;
  title: string;
  storage: Storage;
  workspace: Workspace;
  onImageAdded(path: string, size: number): void;
  onSaved(path: string): void;
}

function byTarget(diagnostics: readonly EditorDiagnostic[]): Map<Target | null, EditorDiagnostic[]> {
  const map = new Map<Target | null, EditorDiagnostic[]>();
  for (const d of diagnostics) map.set(d.target, [...(map.get(d.target) ?? []), d]);
  return map;
}

export function Notebook({ path, title, storage, workspace, onImageAdded, onSaved }: Props) {
  const [status, setStatus] = useState("");
  const [saving, setSaving] = useState(false);
  // A save refused because the file changed meanwhile: the version she opened (or last
  // saved), her text and the file's now.
  const [conflict, setConflict] = useState<{ base: string; ours: string; theirs: string } | null>(null);
  const routesListId = useId();
  const kind = collectionOf(path).kind;
  const documentFile = useDocumentFile(path, storage);
  const { file, edited, text, dirty } = documentFile;
  const doc = edited?.doc ?? null;
  const draft = useDraft(storage.scope ?? LOCAL_SCOPE, path, file, text);
  const validation = useValidation(path, doc, storage, workspace);
  const preview = usePreview(path, documentFile.loaded, doc, storage, validation.settings, workspace.routes);
  const edits = useCellEdits(edited, documentFile.setEdited, setStatus);

  if (documentFile.problem) return <p role="alert">{t("loadFailed", { error: documentFile.problem })}</p>;
  if (!edited || !doc || file === null || text === null) return <p>{t("loading")}</p>;

  const { offer } = draft;
  const { removed, edit } = edits;
  const route = preview.route;
  const save = async () => {
    setSaving(true);
    // The verdict of what is saved, not of what was typed 60 ms ago: a save right after a
    // keystroke must not say « Enregistré » for a document with an error.
    const verdict = await validation.checkNow(doc);
    try {
      await documentFile.write(text);
      preview.saved(doc);
      await draft.drop();
      const errors = verdict.filter((d) => d.severity === "error").length;
      setStatus(errors ? t("savedWithErrors", { count: errors }) : t("saved"));
      onSaved(path);
    } catch (error) {
      const theirs = error instanceof StorageChanged ? await storage.readFile(path).catch(() => null) : null;
      if (theirs !== null) setConflict({ base: file, ours: text, theirs });
      else setStatus(t("saveFailed", { error: error instanceof Error ? error.message : String(error) }));
    } finally {
      setSaving(false);
    }
  };
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
  const previewOf = (index: number) => preview.previewOf(doc, index);

  return (
    <article className="carnet-notebook" aria-labelledby={`${routesListId}-title`}>
      <datalist id={routesListId}>
        {workspace.routes.map((r) => (
          <option key={r} value={r} />
        ))}
      </datalist>
      <header className="carnet-notebook__header">
        <h1 id={`${routesListId}-title`}>{title}</h1>
        <p className="carnet-notebook__path">
          <code>content/{path}</code>
        </p>
        <div className="carnet-savebar">
          <button type="button" className="carnet-primary" onClick={() => void save()} disabled={saving}>
            {saving ? t("saving") : t("save")}
          </button>
          <button type="button" onClick={revert} disabled={!dirty && !offer}>
            {t("revert")}
          </button>
          {route && <PagePreview route={route} draft={preview.draftPage && (() => preview.draftPage!(doc))} />}
          <span className="carnet-savebar__state">{dirty ? t("unsaved") : t("upToDate")}</span>
        </div>
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
          {allowCells && <AddCell position={0} onAdd={(type) => edits.insert(0, type)} />}
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
                />
                {allowCells && <AddCell position={index + 1} onAdd={(type) => edits.insert(index + 1, type)} />}
              </div>
            );
          })}
        </section>
      )}
    </article>
  );
}
