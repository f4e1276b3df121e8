// What a backend says about a document beyond the browser's own checks (on GitHub: the
// annotations of the last checks run on the proposal), as diagnostics of its parts. The
// backend provides it (github/GitHubEditor.tsx); the notebook shows it and knows no backend.
import { type ReactNode, createContext } from "react";
import type { EditorDiagnostic, EditorDocument } from "./core/index.ts";

/** The backend's notes on content/`path`, placed in `doc`'s parts and fields. */
export type NotesOf = (path: string, doc: EditorDocument) => EditorDiagnostic[];

export const BackendNotes = createContext<NotesOf>(() => []);

/** What a backend says at the top of the document content/`path` (on GitHub: another open
 * proposal changes it too). */
export type BannerOf = (path: string) => ReactNode;

export const BackendBanner = createContext<BannerOf>(() => null);
