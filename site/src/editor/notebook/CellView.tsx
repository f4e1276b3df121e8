// One cell of the notebook: a group named by its type's French name, its tools (Monter,
// Descendre, Supprimer la cellule, fold), its form or its text, and beside it (below it on a
// phone, behind a toggle) the cell as the site draws it.
import { useEffect, useId, useRef, useState, type ReactNode } from "react";
import type { EditorDiagnostic, Path } from "../core/index.ts";
import { pathKey } from "../fields/messages.tsx";
import { SchemaForm } from "../forms/SchemaForm.tsx";
import type { FormContext } from "../forms/context.ts";
import type { Schema } from "../forms/schema.ts";
import { CellPreview } from "../preview/CellPreview.tsx";
import type { Cell } from "../../types.ts";
import { diagnosticText, t } from "../texts.ts";
import { ProseEditor } from "./ProseEditor.tsx";

export type CellAction = "up" | "down" | "remove";

interface Props {
  index: number;
  count: number;
  label: string;
  /** A component cell's schema and values; null for prose. */
  form: { schema: Schema; orderKey: string; value: unknown } | null;
  markdown: string;
  diagnostics: readonly EditorDiagnostic[];
  context: FormContext;
  preview: Cell | null;
  /** The preview is the last saved version (prose is rendered by the build, at save). */
  previewStale: boolean;
  onField(path: Path, value: unknown): void;
  onMoveItem(path: Path, from: number, to: number): void;
  onProse(markdown: string): void;
  onAction(action: CellAction): void;
  /** Changes each time « Plan du document » jumps to this cell (0: never): it unfolds and
   * `onReveal` gets its form or text, for its first field to take the focus. */
  reveal?: number;
  onReveal?(edit: Element | null): void;
}

function byPath(diagnostics: readonly EditorDiagnostic[]): Map<string, EditorDiagnostic[]> {
  const map = new Map<string, EditorDiagnostic[]>();
  for (const diagnostic of diagnostics) {
    const key = pathKey(diagnostic.path);
    map.set(key, [...(map.get(key) ?? []), diagnostic]);
  }
  return map;
}

export function CellView(props: Props) {
  const { index, count, label, form, diagnostics, context, preview } = props;
  const [folded, setFolded] = useState(false);
  const [revealed, setRevealed] = useState(props.reveal ?? 0);
  if ((props.reveal ?? 0) !== revealed) {
    setRevealed(props.reveal ?? 0);
    setFolded(false);
  }
  const edit = useRef<HTMLDivElement>(null);
  const { reveal, onReveal } = props;
  useEffect(() => {
    if (reveal) onReveal?.(edit.current);
  }, [reveal, onReveal]);
  const [previewOpen, setPreviewOpen] = useState(false);
  const bodyId = useId();
  const previewId = useId();
  const paths = byPath(diagnostics);
  // Messages about the cell as a whole (or about a field the form does not show).
  const whole = (paths.get("") ?? []).concat(form ? [] : diagnostics.filter((d) => d.path.length > 0));
  const errors = diagnostics.some((d) => d.severity === "error");
  let body: ReactNode;
  if (form) {
    body = (
      <SchemaForm
        root={form.schema}
        orderKey={form.orderKey}
        value={form.value}
        context={context}
        diagnostics={paths}
        onChange={props.onField}
        onMove={props.onMoveItem}
      />
    );
  } else {
    body = <ProseEditor value={props.markdown} onChange={props.onProse} invalid={errors} routesListId={context.routesListId} />;
  }
  const tool = (action: CellAction, text: string, disabled = false) => (
    <button type="button" data-action={action} disabled={disabled} onClick={() => props.onAction(action)}>
      {text}
    </button>
  );
  return (
    <section role="group" aria-label={label} className={`carnet-cell${errors ? " carnet-cell--invalid" : ""}`} data-cell-index={index}>
      <header className="carnet-cell__header">
        <h3 className="carnet-cell__title">
          <span className="carnet-cell__number">{t("cellNumber", { n: index + 1 })}</span> {label}
        </h3>
        <div className="carnet-cell__tools">
          <button type="button" aria-expanded={!folded} aria-controls={bodyId} onClick={() => setFolded(!folded)}>
            {folded ? t("unfold") : t("fold")}
          </button>
          {tool("up", t("moveUp"), index === 0)}
          {tool("down", t("moveDown"), index === count - 1)}
          {tool("remove", t("removeCell"))}
        </div>
      </header>
      <div id={bodyId} className="carnet-cell__body" hidden={folded}>
        <div className="carnet-cell__edit" ref={edit}>
          {whole.map((diagnostic, n) => (
            <p key={n} className={`carnet-diag carnet-diag--${diagnostic.severity}`}>
              {diagnosticText(diagnostic)}
            </p>
          ))}
          {body}
        </div>
        <div className="carnet-cell__preview">
          <button
            type="button"
            className="carnet-cell__preview-toggle"
            aria-expanded={previewOpen}
            aria-controls={previewId}
            onClick={() => setPreviewOpen(!previewOpen)}
          >
            {previewOpen ? t("hidePreview") : t("showPreview")}
          </button>
          <div id={previewId} className={`carnet-preview${previewOpen ? " is-open" : ""}`} aria-label={t("preview")} role="region">
            {props.previewStale && <p className="carnet-preview__note">{t("previewAfterSave")}</p>}
            <CellPreview cell={preview} />
          </div>
        </div>
      </div>
    </section>
  );
}
