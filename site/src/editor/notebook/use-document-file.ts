// The document file a notebook edits: read from the backend and parsed once, edited as a
// document whose cells carry stable ids, written back at « Enregistrer ».
import { useEffect, useMemo, useState } from "react";
import { parseDocument, serializeDocument, type EditorDocument } from "../core/index.ts";
import type { Storage } from "../storage.ts";

export interface EditedDocument {
  doc: EditorDocument;
  /** A stable id per cell (React keys, focus after a move). */
  ids: number[];
}

let nextId = 0;
/** An id no cell of this page had. */
export const newCellId = (): number => nextId++;
const freshIds = (count: number) => Array.from({ length: count }, newCellId);

export const editedOf = (doc: EditorDocument): EditedDocument => ({ doc, ids: freshIds(doc.cells.length) });

export function useDocumentFile(path: string, storage: Storage) {
  /** The file as the backend has it: as read, then as last saved. */
  const [file, setFile] = useState<string | null>(null);
  /** The document as the file was read (the preview's build shows it). */
  const [loaded, setLoaded] = useState<EditorDocument | null>(null);
  const [edited, setEdited] = useState<EditedDocument | null>(null);
  const [problem, setProblem] = useState("");

  useEffect(() => {
    let live = true;
    void (async () => {
      try {
        const text = await storage.readFile(path);
        const doc = parseDocument(path, text);
        if (!live) return;
        setFile(text);
        setLoaded(doc);
        setEdited(editedOf(doc));
      } catch (error) {
        if (live) setProblem(error instanceof Error ? error.message : String(error));
      }
    })();
    return () => {
      live = false;
    };
  }, [path, storage]);

  const doc = edited?.doc ?? null;
  const text = useMemo(() => (doc ? serializeDocument(doc) : null), [doc]);
  const dirty = text !== null && file !== null && text !== file;

  return {
    file,
    loaded,
    edited,
    setEdited,
    problem,
    /** The edited document as its file's text. */
    text,
    dirty,
    /** The edits given up for `text` (the file's, a kept draft's). */
    reset(to: string) {
      setEdited(editedOf(parseDocument(path, to)));
    },
    /** Writes `saved` to the file, made on the version read (or last saved): refused with
     * StorageChanged when the file is no longer that version (saved elsewhere meanwhile). */
    async write(saved: string) {
      await storage.writeFiles([{ path, text: saved, base: file }]);
      setFile(saved);
    },
    /** After a refused save: the parts the coach kept, made on the version saved meanwhile. */
    takeOver(merged: string, theirs: string) {
      setEdited(editedOf(parseDocument(path, merged)));
      setFile(theirs);
    },
  };
}
