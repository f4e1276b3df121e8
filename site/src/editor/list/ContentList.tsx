// Every file of content/, grouped by collection under the guide's French names, each opened
// from a link named by its title, with its state (and whether changes to it are not saved);
// a search box; « Nouveau » per collection.
import { useId, useState } from "react";
import { FILE_KINDS, collectionOf, nameProblem, type FileKind } from "../core/index.ts";
import { FOLDERS } from "../core/model.ts";
import type { Storage } from "../storage.ts";
import { t } from "../texts.ts";
import type { Workspace } from "../workspace.ts";
import { namesOf, type SearchNames } from "./search-names.ts";
import { NEW_KINDS, newFile, type Summary } from "./summaries.ts";

interface Props {
  workspace: Workspace;
  summaries: ReadonlyMap<string, Summary>;
  /** The files with changes kept on this device, not saved yet. */
  unsaved: ReadonlySet<string>;
  /** What a coach calls a file beside its title (its menu labels…). */
  names: SearchNames;
  storage: Storage;
  onCreated(path: string): void;
}

interface Group {
  key: string;
  title: string;
  kind: FileKind | null;
  paths: string[];
}

/** Accents and case left aside: « ecran » finds « Écrans ». */
const fold = (text: string) => text.normalize("NFD").replace(/\p{M}/gu, "").toLowerCase();

export const fileHref = (path: string) => `#fichier=${encodeURIComponent(path)}`;

function groupsOf(paths: readonly string[]): Group[] {
  const groups: Group[] = [];
  const settings: Group = { key: "reglages", title: t("settingsGroup"), kind: null, paths: [] };
  for (const kind of FILE_KINDS) {
    if (kind.folder) groups.push({ key: kind.folder, title: kind.folderTitle ?? kind.title, kind, paths: [] });
  }
  const images: Group = { key: FOLDERS.images, title: t("images"), kind: null, paths: [] };
  for (const path of paths) {
    const { role, folder } = collectionOf(path);
    if (role === "singleton") settings.paths.push(path);
    else if (role === "image") images.paths.push(path);
    else groups.find((group) => group.key === folder)?.paths.push(path);
  }
  return [settings, ...groups, images];
}

function NewFile({ kind, title, storage, images, onCreated }: { kind: FileKind; title: string; storage: Storage; images: readonly string[]; onCreated(path: string): void }) {
  const [open, setOpen] = useState(false);
  const [value, setValue] = useState("");
  const [problem, setProblem] = useState("");
  const id = useId();
  const create = async () => {
    if (!value.trim()) return;
    const file = newFile(kind, value, images);
    // A name the build could not write is refused in contenu check's words, before any file.
    const long = nameProblem(file.path);
    if (long) {
      setProblem(long);
      return;
    }
    try {
      await storage.writeFiles([{ ...file, create: true }]);
      onCreated(file.path);
    } catch (error) {
      setProblem(error instanceof Error ? error.message : String(error));
    }
  };
  if (!open) {
    return (
      <button type="button" className="carnet-new" aria-label={t("newFileIn", { collection: title })} onClick={() => setOpen(true)}>
        {t("newFile")}
      </button>
    );
  }
  return (
    <form
      className="carnet-new__form"
      aria-label={t("newFileIn", { collection: title })}
      onSubmit={(event) => {
        event.preventDefault();
        void create();
      }}
    >
      <label htmlFor={id}>{t("newTitle")}</label>
      <input
        id={id}
        type="text"
        value={value}
        required
        aria-invalid={problem ? true : undefined}
        aria-describedby={problem ? `${id}-aide ${id}-probleme` : `${id}-aide`}
        onChange={(e) => setValue(e.target.value)}
        autoFocus
      />
      <p id={`${id}-aide`} className="carnet-help">
        {t("newTitleHelp")}
      </p>
      {problem && (
        <p role="alert" id={`${id}-probleme`} className="carnet-diag carnet-diag--error">
          {problem}
        </p>
      )}
      <button type="submit" className="carnet-primary">
        {t("create")}
      </button>
      <button type="button" onClick={() => setOpen(false)}>
        {t("cancel")}
      </button>
    </form>
  );
}

export function ContentList({ workspace, summaries, unsaved, names, storage, onCreated }: Props) {
  const [query, setQuery] = useState("");
  const searchId = useId();
  const wanted = fold(query.trim());
  const matches = (path: string) =>
    !wanted || [summaries.get(path)?.title ?? "", path, ...namesOf(path, names)].some((name) => fold(name).includes(wanted));
  const groups = groupsOf(workspace.files.map((file) => file.path));
  const shown = groups.map((group) => ({ ...group, paths: group.paths.filter(matches) }));
  const total = shown.reduce((sum, group) => sum + group.paths.length, 0);
  return (
    <div className="carnet-list-view">
      <div className="carnet-search" role="search">
        <label htmlFor={searchId}>{t("search")}</label>
        <input
          id={searchId}
          type="search"
          value={query}
          aria-describedby={`${searchId}-aide`}
          onChange={(event) => setQuery(event.target.value)}
        />
        <p id={`${searchId}-aide`} className="carnet-help">
          {t("searchHelp")}
        </p>
      </div>
      {wanted && total === 0 && <p role="status">{t("noResult", { query })}</p>}
      {shown.map((group) => {
        const newKind = NEW_KINDS.find((kind) => kind === group.kind);
        if (!group.paths.length && !newKind) return null;
        return (
          <section key={group.key} className="carnet-collection" aria-labelledby={`${searchId}-${group.key}`}>
            <div className="carnet-collection__header">
              <h2 id={`${searchId}-${group.key}`}>{group.title}</h2>
              {newKind && <NewFile kind={newKind} title={group.title} storage={storage} images={workspace.images} onCreated={onCreated} />}
            </div>
            <ul className="carnet-files">
              {group.paths.map((path) => {
                const summary = summaries.get(path);
                if (group.key === FOLDERS.images) {
                  return (
                    <li key={path}>
                      <code>{path.replace(/^images\//, "")}</code>
                    </li>
                  );
                }
                return (
                  <li key={path}>
                    <a href={fileHref(path)}>{summary?.title ?? path}</a>
                    <span className="carnet-files__state">{summary?.state ?? ""}</span>
                    {unsaved.has(path) && <span className="carnet-files__unsaved">{t("stateUnsaved")}</span>}
                    <code className="carnet-files__path">{path}</code>
                  </li>
                );
              })}
            </ul>
          </section>
        );
      })}
    </div>
  );
}
