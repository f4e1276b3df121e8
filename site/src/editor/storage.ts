// The backend interface: where the editor reads and writes content/. Two backends implement
// it: local/ (the dev server of `contenu dev`, scripts/editor-api.ts) and github/ (the
// repository, changes proposed as a pull request). The generic editor (App, list/, notebook/,
// forms/, fields/) knows this interface and ../backend-notes.ts only, never a backend.

export interface ContentFile {
  /** Relative to content/ ("pages/index.md", "images/equipe/claire.jpg"). */
  path: string;
  size: number;
}

export interface FileToWrite {
  path: string;
  text?: string;
  /** An image, base64-encoded. */
  base64?: string;
  /** A new file: refused if it exists. */
  create?: boolean;
}

export interface Storage {
  listFiles(): Promise<ContentFile[]>;
  readFile(path: string): Promise<string>;
  writeFiles(files: FileToWrite[]): Promise<void>;
  /** An image of content/, for a thumbnail (shown through a blob: URL). */
  readImage(path: string): Promise<Blob>;
  /** Prose Markdown as the build renders it, when the backend can (the local one asks the
   * pipeline); null otherwise: the preview then shows the last saved version. */
  renderProse?(markdown: string): Promise<string | null>;
}

/** The French message of a refused request. */
export class StorageError extends Error {}
