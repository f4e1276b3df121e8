import { X } from "../components/icons";
import { fillTemplate } from "../lib/template";
import type { DiagnosticItem, PreviewTexts } from "../types";
import "./DiagnosticsOverlay.css";

/** The content errors of the live preview, over the last valid page (which stays below). */
export function DiagnosticsOverlay({
  diagnostics,
  texts,
  onClose,
}: {
  diagnostics: readonly DiagnosticItem[];
  texts: PreviewTexts;
  onClose: () => void;
}) {
  const errors = diagnostics.filter((item) => item.severity === "error");
  if (!errors.length) return null;
  return (
    <section className="preview-overlay" role="alert" aria-labelledby="preview-overlay-title" data-testid="preview-overlay">
      <div className="preview-overlay__panel">
        <button type="button" className="preview-overlay__close" aria-label={texts.close} onClick={onClose}>
          <X aria-hidden="true" focusable="false" size={20} />
        </button>
        <h2 id="preview-overlay-title" className="preview-overlay__title">
          {texts.title}
        </h2>
        <p className="preview-overlay__hint">{texts.hint}</p>
        <ul className="preview-overlay__list">
          {errors.map((item, index) => {
            // The cell and the field by their French names, as `contenu check` gives them.
            const { cell, label: field } = item;
            return (
              <li key={`${item.path}:${item.line}:${index}`} className="preview-overlay__item">
                <p className="preview-overlay__where">
                  <code className="preview-overlay__file">{item.path}</code>
                  {item.line > 0 ? (
                    <span>{fillTemplate(texts.line, { line: String(item.line) })}</span>
                  ) : null}
                  {cell ? <span>{fillTemplate(texts.cell, { cell })}</span> : null}
                  {field ? <span>{fillTemplate(texts.field, { field })}</span> : null}
                </p>
                <p className="preview-overlay__message">{item.message}</p>
                {item.source ? (
                  <pre className="preview-overlay__source">
                    <span className="preview-overlay__line-number" aria-hidden="true">
                      {item.line}
                    </span>
                    {item.source}
                  </pre>
                ) : null}
              </li>
            );
          })}
        </ul>
      </div>
    </section>
  );
}
