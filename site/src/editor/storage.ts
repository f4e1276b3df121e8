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
  /** The text the change was made on (null: the file did not exist). A file that is no
   * longer this text is refused with StorageChanged: someone else saved it meanwhile. */
  base?: string | null;
}

export interface Storage {
  /** Whose work this is: drafts and pending changes are kept under it (the repository and
   * the GitHub login; « local » when absent), never under a path alone. */
  scope?: string;
  listFiles(): Promise<ContentFile[]>;
  readFile(path: string): Promise<string>;
  writeFiles(files: FileToWrite[]): Promise<void>;
  /** An image of content/, for a thumbnail (shown through a blob: URL). */
  readImage(path: string): Promise<Blob>;
  /** Prose Markdown as the build renders it, when the backend can (the local one asks the
   * pipeline); without it the carnet renders the text itself (prose/). */
  renderProse?(markdown: string): Promise<string | null>;
  /** The site's data the previews start from is rebuilt at each save (the dev server): a
   * cell unchanged since the last save is drawn from it. Otherwise (GitHub) that data is the
   * published site's, older than the branch: every cell is drawn from what is written. */
  buildFollowsSaves?: boolean;
  /** The version of a file as listed (a blob id), when the backend knows it without reading
   * the file: what the list's summaries are cached by. */
  versionOf?(path: string): string | undefined;
  /** Many files' texts in few requests (the list's summaries); null for one it cannot give. */
  readTexts?(paths: readonly string[]): Promise<Map<string, string | null>>;
}

/** The scope of the local backend's drafts (one coach, her own computer). */
export const LOCAL_SCOPE = "local";

/** The French message of a refused request. */
export class StorageError extends Error {}

/** The file changed since the text the change was made on: nothing was written. */
export class StorageChanged extends StorageError {
  constructor(
    message: string,
    readonly path: string,
  ) {
    super(message);
  }
}

/** A new file's name is taken: nothing was written. */
export class StorageExists extends StorageError {}
