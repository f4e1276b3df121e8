// The help and the diagnostics under a field, and the ids that point at them
// (aria-describedby): every kind of field shows its messages the same way.
import { useId } from "react";
import type { EditorDiagnostic, Path } from "../core/index.ts";
import { t } from "../texts.ts";

export const pathKey = (path: Path): string => path.join("/");

/** Messages under a field, and the ids that point at them. */
export function useMessages(path: Path, diagnostics: ReadonlyMap<string, readonly EditorDiagnostic[]>, help: string | undefined) {
  const id = useId();
  const found = diagnostics.get(pathKey(path)) ?? [];
  const helpId = help ? `${id}-aide` : undefined;
  const messageIds = found.map((_, index) => `${id}-diag-${index}`);
  const describedBy = [helpId, ...messageIds].filter(Boolean).join(" ") || undefined;
  const invalid = found.some((d) => d.severity === "error");
  const messages = (
    <>
      {help && (
        <p className="carnet-help" id={helpId}>
          {help}
        </p>
      )}
      {found.map((diagnostic, index) => (
        <p key={index} id={messageIds[index]} className={`carnet-diag carnet-diag--${diagnostic.severity}`}>
          <span className="carnet-diag__kind">{diagnostic.severity === "error" ? t("errorPrefix") : t("warningPrefix")}</span>
          {diagnostic.message}
        </p>
      ))}
    </>
  );
  return { id, describedBy, invalid, messages };
}
