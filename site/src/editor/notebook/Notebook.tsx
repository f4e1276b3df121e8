// A document as a notebook: the frontmatter form, then its cells in order, each with its
// preview; cells added between any two, moved, removed (with undo); « Enregistrer » writes
// the file through the storage; every change is kept in IndexedDB until then.
import { useEffect, useId, useMemo, useRef, useState } from "react";
import {
  CELL_TYPES,
  SCHEMAS,
  collectionOf,
  dataOf,
  SETTINGS_PATH,
  indexContext,
  insertCell,
  moveCell,
  moveItem,
  parseDocument,
  removeCell,
  serializeDocument,
  setProse,
  setValue,
  validateDocument,
  type BodyCell,
  type EditorDiagnostic,
  type EditorDocument,
  type Path,
  type Target,
} from "../core/index.ts";
import { draftOf, dropDraft, keepDraft, type Draft } from "../drafts.ts";
import { useCheckDiagnostics } from "../github/annotations.ts";
import { pathKey } from "../fields/messages.tsx";
import { SchemaForm } from "../forms/SchemaForm.tsx";
import type { FormContext } from "../forms/context.ts";
import { shownPath } from "../forms/shown-path.ts";
import { overlay } from "../preview/CellPreview.tsx";
import { useRouteBundle } from "../preview/route-data.ts";
import type { Storage } from "../storage.ts";
import { diagnosticText, t } from "../texts.ts";
import { routeKey, routeOf, type Workspace } from "../workspace.ts";
import type { Cell } from "../../types";
import { AddCell, PROSE } from "./AddCell.tsx";
import { CellView, type CellAction } from "./CellView.tsx";
import { PagePreview } from "./PagePreview.tsx";
import { useRenderedProse, type ProseToRender } from "./rendered-prose.ts";

/** Validation waits this long after a keystroke (the issue asks ≤ 100 ms to the message). */
const VALIDATE_AFTER_MS = 60;

interface Props {
  path: string;
  title: string;
  storage: Storage;
  workspace: Workspace;
  onImageAdded(path: string, size: number): void;
  onSaved(path: string): void;
}

interface State {
  doc: EditorDocument;
  /** A stable id per cell (React keys, focus after a move). */
  ids: number[];
}

let nextId = 0;
const freshIds = (count: number) => Array.from({ length: count }, () => nextId++);

/** What identifies a cell's content: unchanged since the build ⇒ drawn from the build. */
function cellKey(cell: BodyCell): string {
  return cell.kind === "prose" ? `prose\u0000${cell.markdown}` : `${cell.type}\u0000${cell.text}`;
}

const typeOf = (cell: BodyCell) => (cell.kind === "prose" ? PROSE : cell.type);

function labelOf(cell: BodyCell): string {
  if (cell.kind === "prose") return t("proseLabel");
  return CELL_TYPES.find((type) => type.name === cell.type)?.label ?? cell.type;
}

function byTarget(diagnostics: readonly EditorDiagnostic[]): Map<Target | null, EditorDiagnostic[]> {
  const map = new Map<Target | null, EditorDiagnostic[]>();
  for (const d of diagnostics) map.set(d.target, [...(map.get(d.target) ?? []), d]);
  return map;
}

export function Notebook({ path, title, storage, workspace, onImageAdded, onSaved }: Props) {
  const [file, setFile] = useState<string | null>(null);
  const [state, setState] = useState<State | null>(null);
  const [problem, setProblem] = useState("");
  const [status, setStatus] = useState("");
  const [offer, setOffer] = useState<Draft | null>(null);
  const [removed, setRemoved] = useState<{ before: State; label: string } | null>(null);
  const [diagnostics, setDiagnostics] = useState<EditorDiagnostic[]>([]);
  const [saving, setSaving] = useState(false);
  // The cell whose button gets the focus after the next render (a moved or added cell).
  const focusCell = useRef<{ id: number; action: CellAction } | null>(null);
  // Cells as the last build saw them, and as the last save wrote them (the build catches up).
  const [builtKeys, setBuiltKeys] = useState<Set<string>>(new Set());
  const savedKeys = useRef<Set<string> | null>(null);
  const routesListId = useId();
  const checkDiagnostics = useCheckDiagnostics(path, state?.doc ?? null);
  const kind = collectionOf(path).kind;
  const route = routeOf(path);
  const { bundle, serial } = useRouteBundle(route ? routeKey(route) : null);

  useEffect(() => {
    let live = true;
    void (async () => {
      try {
        const text = await storage.readFile(path);
        const doc = parseDocument(path, text);
        if (!live) return;
        setFile(text);
        setState({ doc, ids: freshIds(doc.cells.length) });
        setBuiltKeys(new Set(doc.cells.map(cellKey)));
        const draft = await draftOf(path).catch(() => undefined);
        if (live && draft && draft.text !== text) setOffer(draft);
      } catch (error) {
        if (live) setProblem(error instanceof Error ? error.message : String(error));
      }
    })();
    return () => {
      live = false;
    };
  }, [path, storage]);

  // A new build of the route after a save: what it shows is what was saved.
  useEffect(() => {
    if (savedKeys.current) {
      setBuiltKeys(savedKeys.current);
      savedKeys.current = null;
    }
  }, [serial]);

  const doc = state?.doc ?? null;
  const text = useMemo(() => (doc ? serializeDocument(doc) : null), [doc]);
  const dirty = text !== null && file !== null && text !== file;

  // Every change kept as typed; none kept once saved or cancelled.
  useEffect(() => {
    if (text === null || file === null || offer) return;
    if (text === file) void dropDraft(path).catch(() => undefined);
    else void keepDraft({ path, text, base: file, at: new Date().toISOString() }).catch(() => undefined);
  }, [text, file, path, offer]);

  // The cross-file facts (routes, images, entries), computed once per tree, not per keystroke.
  // The settings' values, for the prices, e-mail and name typed by hand instead of a variable.
  const [settings, setSettings] = useState<string | undefined>(undefined);
  useEffect(() => {
    let live = true;
    storage.readFile(SETTINGS_PATH).then(
      (text) => live && setSettings(text),
      () => undefined,
    );
    return () => {
      live = false;
    };
  }, [storage, workspace]);
  const index = useMemo(
    () => indexContext({ routes: workspace.routes, files: workspace.files.map((f) => f.path), settings }),
    [workspace, settings],
  );
  useEffect(() => {
    if (!doc) return;
    const timer = setTimeout(() => setDiagnostics(validateDocument(doc, index)), VALIDATE_AFTER_MS);
    return () => clearTimeout(timer);
  }, [doc, index]);

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

  useEffect(() => {
    const wanted = focusCell.current;
    if (!wanted || !state) return;
    focusCell.current = null;
    const index = state.ids.indexOf(wanted.id);
    const cell = document.querySelector(`[data-cell-index="${index}"]`);
    const button = cell?.querySelector<HTMLButtonElement>(`button[data-action="${wanted.action}"]:not(:disabled)`);
    (button ?? cell?.querySelector<HTMLButtonElement>("button"))?.focus();
  });

  if (problem) return <p role="alert">{t("loadFailed", { error: problem })}</p>;
  if (!state || !doc || file === null) return <p>{t("loading")}</p>;

  const update = (next: EditorDocument, ids = state.ids) => {
    setState({ doc: next, ids });
    setStatus("");
  };
  // A part the YAML reader could not read (its message is shown) cannot take an edit: say
  // so rather than fail.
  const safely = (change: () => EditorDocument) => {
    try {
      update(change());
    } catch (error) {
      setStatus(t("editFailed", { error: error instanceof Error ? error.message : String(error) }));
    }
  };
  const edit = (target: Target) => ({
    onField: (fieldPath: Path, value: unknown) => safely(() => setValue(doc, target, fieldPath, value)),
    onMoveItem: (fieldPath: Path, from: number, to: number) => safely(() => moveItem(doc, target, fieldPath, from, to)),
  });
  const insert = (index: number, type: string) => {
    const ids = [...state.ids];
    const id = nextId++;
    ids.splice(index, 0, id);
    update(insertCell(doc, index, type), ids);
    focusCell.current = { id, action: "remove" };
  };
  const act = (index: number, action: CellAction) => {
    const ids = [...state.ids];
    const id = ids[index] as number;
    if (action === "remove") {
      ids.splice(index, 1);
      setRemoved({ before: state, label: labelOf(doc.cells[index] as BodyCell) });
      update(removeCell(doc, index), ids);
      return;
    }
    const to = action === "up" ? index - 1 : index + 1;
    ids.splice(index, 1);
    ids.splice(to, 0, id);
    update(moveCell(doc, index, to), ids);
    focusCell.current = { id, action };
  };
  const undoRemove = () => {
    if (!removed) return;
    setState(removed.before);
    setRemoved(null);
  };
  const save = async () => {
    setSaving(true);
    // The verdict of what is saved, not of what was typed 60 ms ago: a save right after a
    // keystroke must not say « Enregistré » for a document with an error.
    const verdict = validateDocument(doc, index);
    setDiagnostics(verdict);
    try {
      await storage.writeFiles([{ path, text: text as string }]);
      savedKeys.current = new Set(doc.cells.map(cellKey));
      setFile(text);
      await dropDraft(path).catch(() => undefined);
      const errors = verdict.filter((d) => d.severity === "error").length;
      setStatus(errors ? t("savedWithErrors", { count: errors }) : t("saved"));
      onSaved(path);
    } catch (error) {
      setStatus(t("saveFailed", { error: error instanceof Error ? error.message : String(error) }));
    } finally {
      setSaving(false);
    }
  };
  const revert = () => {
    const original = parseDocument(path, file);
    setState({ doc: original, ids: freshIds(original.cells.length) });
    setOffer(null);
    setRemoved(null);
    void dropDraft(path).catch(() => undefined);
    setStatus(t("reverted"));
  };
  const resume = (draft: Draft) => {
    const restored = parseDocument(path, draft.text);
    setState({ doc: restored, ids: freshIds(restored.cells.length) });
    setOffer(null);
  };

  const context: FormContext = { routesListId, images: workspace.images, storage, onImageAdded };
  // The browser's verdict, and on GitHub the last checks' annotations of this file.
  // An annotation's field is shown as the form shows it (an unknown key: at its parent).
  const checkSchemaOf = (target: EditorDiagnostic["target"]) => {
    if (target === "frontmatter") return kind ? { root: SCHEMAS[kind.schema], skip: kind.bodyField ? [kind.bodyField] : [] } : undefined;
    const cell = target === null ? undefined : state?.doc.cells[target];
    const typeInfo = cell?.kind === "cell" ? CELL_TYPES.find((c) => c.name === cell.type) : undefined;
    return typeInfo ? { root: SCHEMAS[typeInfo.schema], skip: [] } : undefined;
  };
  const checks = checkDiagnostics.map((d) => {
    const form = checkSchemaOf(d.target);
    return { ...d, path: form?.root ? shownPath(d.path, form.root, form.skip) : [] };
  });
  const shown = [...diagnostics, ...checks];
  const grouped = byTarget(shown);
  const errorCount = shown.filter((d) => d.severity === "error").length;
  const frontSchema = kind ? SCHEMAS[kind.schema] : undefined;
  const frontDiagnostics = new Map<string, EditorDiagnostic[]>();
  for (const d of grouped.get("frontmatter") ?? []) frontDiagnostics.set(pathKey(d.path), [...(frontDiagnostics.get(pathKey(d.path)) ?? []), d]);
  const allowCells = kind?.cells ?? false;

  // The build's cell for a cell of the document: the same type, the same rank among them.
  const built = (index: number): Cell | null => {
    if (!bundle) return null;
    const type = typeOf(doc.cells[index] as BodyCell);
    const rank = doc.cells.slice(0, index).filter((cell) => typeOf(cell) === type).length;
    return (bundle.cells.filter((cell) => cell.type === type)[rank] as Cell | undefined) ?? null;
  };
  const previewOf = (index: number): { cell: Cell | null; stale: boolean } => {
    const cell = doc.cells[index] as BodyCell;
    const base = built(index);
    if (builtKeys.has(cellKey(cell))) return { cell: base, stale: false };
    if (cell.kind === "prose") {
      const drawn = prose.htmlOf(index, cell.markdown);
      return drawn ? { cell: { type: "prose", html: drawn.html } as Cell, stale: drawn.stale } : { cell: base, stale: true };
    }
    return { cell: overlay(base ?? {}, { ...(dataOf(doc, index) as object), type: cell.type }) as Cell, stale: false };
  };

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
          {route && <PagePreview route={route} />}
          <span className="carnet-savebar__state">{dirty ? t("unsaved") : t("upToDate")}</span>
        </div>
        <div role="status" aria-live="polite" className="carnet-status">
          {status}
        </div>
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
          <button type="button" onClick={undoRemove}>
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
          {allowCells && <AddCell position={0} onAdd={(type) => insert(0, type)} />}
          {doc.cells.map((cell, index) => {
            const typeInfo = cell.kind === "cell" ? CELL_TYPES.find((c) => c.name === cell.type) : undefined;
            const schema = typeInfo ? SCHEMAS[typeInfo.schema] : undefined;
            const preview = previewOf(index);
            return (
              <div key={state.ids[index]} className="carnet-cells__slot">
                <CellView
                  index={index}
                  count={doc.cells.length}
                  label={labelOf(cell)}
                  form={cell.kind === "cell" && schema && typeInfo ? { schema, orderKey: typeInfo.schema, value: dataOf(doc, index) } : null}
                  markdown={cell.kind === "prose" ? cell.markdown : ""}
                  diagnostics={grouped.get(index) ?? []}
                  context={context}
                  preview={preview.cell}
                  previewStale={preview.stale}
                  {...edit(index)}
                  onProse={(markdown) => safely(() => setProse(doc, index, markdown))}
                  onAction={(action) => act(index, action)}
                />
                {allowCells && <AddCell position={index + 1} onAdd={(type) => insert(index + 1, type)} />}
              </div>
            );
          })}
        </section>
      )}
    </article>
  );
}
