/**
 * The content model as the editor knows it: read from `generated/model.gen.json`, which
 * `contenu schema` writes from the Pydantic models (tools/contenu/catalogue/editor_data.py).
 * Nothing here names a cell type or a collection.
 */
import data from "./generated/model.gen.json" with { type: "json" };

/** A cell type a coach may insert, with its French name and one-line summary. */
export interface CellType {
  /** The word between braces: ```{hero}. */
  name: string;
  /** French name (« Bannière d’ouverture »). */
  label: string;
  /** One French sentence: what the cell shows. */
  summary: string;
  /** A minimal valid YAML body (the catalogue's example). */
  example: string;
  /** The YAML body a new cell starts with: the example without what the coach must choose
   * (a link, an image and its alt text), so nothing in it is made up. */
  start: string;
  /** The documents it goes in. */
  places: Place[];
  /** What `contenu check` says of it in a document of another place. */
  misplaced: Partial<Record<Place, string>>;
  /** Key of its JSON Schema in `schemas` ("cells/hero"). */
  schema: string;
  /** The collection folder it shows (« temoignages »), or null. */
  collection: string | null;
}

/** A kind of file of content/: settings, page, article, or an entry of a collection. */
export interface FileKind {
  key: string;
  title: string;
  /** The folder holding files of this kind; null for a settings file. */
  folder: string | null;
  /** The folder's French title in the content list. */
  folderTitle: string | null;
  /** content/-relative path of a settings file, null otherwise. */
  path: string | null;
  /** The field the Markdown body fills (entries), null when the body holds cells. */
  bodyField: string | null;
  /** Whether the body may hold component cells (pages, articles). */
  cells: boolean;
  schema: string;
  /** A whole valid file, as `contenu new` starts it. */
  example: string;
}

export type JsonSchema = { [key: string]: unknown };

/** The kinds of document that hold cells: a page, an article, the error page (404). */
export type Place = "page" | "article" | "not-found";

export const CELL_TYPES: readonly CellType[] = data.cells as CellType[];
export const FILE_KINDS: readonly FileKind[] = data.kinds;
export const SCHEMAS: Readonly<Record<string, JsonSchema>> = data.schemas as Record<string, JsonSchema>;
export const FOLDERS = data.folders;

const cellTypes = new Map(CELL_TYPES.map((cell) => [cell.name, cell]));

export function cellType(name: string): CellType | undefined {
  return cellTypes.get(name);
}

/** Where a file of content/ belongs: its kind (null for none), folder and id. */
export interface Collection {
  kind: FileKind | null;
  /** What the pipeline calls it: page, article, entry, singleton, image or unknown. */
  role: "page" | "article" | "entry" | "singleton" | "image" | "unknown";
  folder: string;
  /** The file name without .md (the page's route, the article's slug, the entry's id). */
  id: string;
}

/** The collection of a path of content/ ("content/pages/index.md" or "pages/index.md"). */
export function collectionOf(path: string): Collection {
  const rel = path.replace(/^\.?\/?content\//, "");
  const parts = rel.split("/");
  const folder = parts.length > 1 ? parts[0]! : "";
  const name = parts[parts.length - 1]!;
  const id = name.replace(/\.md$/, "");
  const singleton = FILE_KINDS.find((k) => k.path === rel);
  if (singleton) return { kind: singleton, role: "singleton", folder, id };
  if (folder === FOLDERS.images) return { kind: null, role: "image", folder, id: rel };
  const kind = parts.length === 2 && name.endsWith(".md") ? FILE_KINDS.find((k) => k.folder === folder) : undefined;
  if (!kind) return { kind: null, role: "unknown", folder, id };
  const role = folder === FOLDERS.pages ? "page" : folder === FOLDERS.articles ? "article" : "entry";
  return { kind, role, folder, id };
}

/** Where a document of content/ is, for its cells (null: a file that holds no cells). */
export function placeOf(path: string): Place | null {
  const { role, id } = collectionOf(path);
  if (role === "article") return "article";
  if (role === "page") return id === data.notFoundPage ? "not-found" : "page";
  return null;
}

/** The cell types that go in the document at `path`, in the catalogue's order. */
export function cellTypesFor(path: string): readonly CellType[] {
  const place = placeOf(path);
  return place ? CELL_TYPES.filter((cell) => cell.places.includes(place)) : [];
}
