// « Enregistrer », also Ctrl+S (⌘+S on a Mac) from anywhere in the notebook: the document
// written through the backend, its draft dropped, and the status line saying plainly what
// happens to it (with errors, it will not go online until they are corrected).
import { useEffect, useEffectEvent, useRef, useState } from "react";
import type { EditorDiagnostic, EditorDocument } from "../core/index.ts";
import { t } from "../texts.ts";

interface Saving {
  doc: EditorDocument | null;
  /** The document as its file's text (null: not read yet). */
  text: string | null;
  write(text: string): Promise<void>;
  /** The verdict of the document saved (a save right after a keystroke must not take the last one). */
  checkNow(doc: EditorDocument): Promise<EditorDiagnostic[]>;
  /** After the write: the preview and the draft learn of it. */
  written(doc: EditorDocument): Promise<void>;
  say(status: string): void;
  onSaved(): void;
  /** A write refused: true when it is answered otherwise than by the status line. */
  refused?(error: unknown, text: string): Promise<boolean>;
}

export function savedText(verdict: readonly EditorDiagnostic[]): string {
  const errors = verdict.filter((d) => d.severity === "error").length;
  if (!errors) return t("saved");
  return errors === 1 ? t("savedWithError") : t("savedWithErrors", { count: errors });
}

/** Ctrl+S or ⌘+S, and no other modifier. */
const isSaveKey = (event: KeyboardEvent) =>
  (event.ctrlKey || event.metaKey) && !event.altKey && !event.shiftKey && event.key.toLowerCase() === "s";

export function useSave(saving: Saving) {
  const [busy, setBusy] = useState(false);
  // The save under way, in a ref rather than the state: « Proposer » tapped right after
  // « Enregistrer » (the same moment, before a render) must wait for that save and go on,
  // neither write the file a second time nor do nothing.
  const underWay = useRef<Promise<boolean> | null>(null);
  const write = async (doc: EditorDocument, text: string): Promise<boolean> => {
    const verdict = await saving.checkNow(doc);
    try {
      await saving.write(text);
      await saving.written(doc);
      saving.say(savedText(verdict));
      saving.onSaved();
      return true;
    } catch (error) {
      if (!(await saving.refused?.(error, text))) {
        saving.say(t("saveFailed", { error: error instanceof Error ? error.message : String(error) }));
      }
      return false;
    }
  };
  /** True once the file is written (a conflict or a failure: false, and said); asked while a
   * save is under way, the answer of that save. */
  const save = (): Promise<boolean> => {
    if (underWay.current) return underWay.current;
    const { doc, text } = saving;
    if (!doc || text === null) return Promise.resolve(false);
    setBusy(true);
    const written = write(doc, text).finally(() => {
      underWay.current = null;
      setBusy(false);
    });
    underWay.current = written;
    return written;
  };
  // The browser's « save the page » is not what the coach means in the carnet.
  const onKey = useEffectEvent((event: KeyboardEvent) => {
    if (!isSaveKey(event)) return;
    event.preventDefault();
    void save();
  });
  useEffect(() => {
    window.addEventListener("keydown", onKey);
    return () => window.removeEventListener("keydown", onKey);
  }, []);
  return { saving: busy, save };
}
