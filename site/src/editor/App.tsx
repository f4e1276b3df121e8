// The editor's two views: the content list, and one document as a notebook (#fichier=…);
// leaving a document with changes not saved asks first (use-leave-guard.ts).
import { useCallback, useContext, useEffect, useEffectEvent, useMemo, useState, type MouseEvent } from "react";
import { BackendBanner } from "./backend-notes.ts";
import { draftsOf } from "./drafts.ts";
import { FramePanelSlot } from "./FramePanelSlot.tsx";
import { LeaveDialog } from "./LeaveDialog.tsx";
import { ContentList, fileHref } from "./list/ContentList.tsx";
import { summarise } from "./list/summarise.ts";
import type { Summary } from "./list/summaries.ts";
import { NO_NAMES, searchNamesOf, shownTitle, type SearchNames } from "./list/search-names.ts";
import { SETTINGS_PATH } from "./core/index.ts";
import { pathProblem } from "./content-path.ts";
import { followTheCoach } from "./scroll-anchor.ts";
import { Notebook } from "./notebook/Notebook.tsx";
import { LOCAL_SCOPE, type ContentFile, type Storage } from "./storage.ts";
import { t } from "./texts.ts";
import { useLeaveGuard } from "./use-leave-guard.ts";
import { workspaceOf } from "./workspace.ts";

function openedPath(hash = location.hash): string | null {
  const found = /^#fichier=(.+)$/.exec(hash);
  return found ? decodeURIComponent(found[1] as string) : null;
}

export function EditorApp({ storage }: { storage: Storage }) {
  const [files, setFiles] = useState<ContentFile[] | null>(null);
  const [summaries, setSummaries] = useState<Map<string, Summary>>(new Map());
  const [names, setNames] = useState<SearchNames>(NO_NAMES);
  const [opened, setOpened] = useState<string | null>(openedPath);
  const [problem, setProblem] = useState("");
  const bannerOf = useContext(BackendBanner);
  const guard = useLeaveGuard();
  // The files with changes kept on this device, not saved: marked in the list.
  const [unsaved, setUnsaved] = useState<ReadonlySet<string>>(new Set());

  const [reloads, setReloads] = useState(0);
  const refresh = useCallback(() => setReloads((n) => n + 1), []);
  // A written image is in the workspace at once, in the same update as the field that names
  // it; read from the storage again only afterwards, it would be « introuvable » until then.
  const imageAdded = useCallback(
    (path: string, size: number) => {
      setFiles((listed) => (listed && !listed.some((file) => file.path === path) ? [...listed, { path, size }] : listed));
      refresh();
    },
    [refresh],
  );

  useEffect(() => {
    let live = true;
    storage
      .listFiles()
      .then(async (listed) => {
        const markdown = listed.map((file) => file.path).filter((path) => path.endsWith(".md"));
        const found = await summarise(storage, markdown);
        // Titles as the site shows them (« À propos de Claire Delmas »), and what a coach
        // calls a page (its menu labels): read from the settings.
        const settings = await storage.readFile(SETTINGS_PATH).catch(() => undefined);
        const read = searchNamesOf(settings);
        for (const [path, summary] of found) found.set(path, { ...summary, title: shownTitle(summary.title, read) });
        if (!live) return;
        setNames(read);
        setSummaries(found);
        setFiles(listed);
      })
      .catch((error: unknown) => live && setProblem(error instanceof Error ? error.message : String(error)));
    return () => {
      live = false;
    };
  }, [storage, reloads]);

  // The address changed (a link, « back »): another view, unless the document opened has
  // changes not saved; then the address goes back to it until the coach answers.
  const onHash = useEffectEvent(() => {
    const next = openedPath();
    if (next === opened) return;
    if (opened && guard.dirty) {
      const asked = location.hash;
      history.replaceState(history.state, "", fileHref(opened));
      guard.hold(asked);
      return;
    }
    guard.setDirty(false);
    setOpened(next);
  });
  useEffect(() => {
    window.addEventListener("hashchange", onHash);
    return () => window.removeEventListener("hashchange", onHash);
  }, []);
  // The carnet's own links to the list ask before the address changes (no step in history).
  const toList = (event: MouseEvent) => {
    if (!opened || !guard.dirty) return;
    event.preventDefault();
    guard.hold("#");
  };
  const leave = () => {
    const asked = guard.asked ?? "#";
    guard.answered();
    history.pushState(history.state, "", asked || location.pathname + location.search);
    setOpened(openedPath(asked));
  };

  useEffect(() => {
    if (opened) return;
    let live = true;
    draftsOf(storage.scope ?? LOCAL_SCOPE)
      .catch(() => [])
      .then((drafts) => live && setUnsaved(new Set(drafts.map((draft) => draft.path))));
    return () => {
      live = false;
    };
  }, [opened, reloads, storage]);

  const workspace = useMemo(() => workspaceOf(files ?? [], summaries), [files, summaries]);
  const title = opened ? (summaries.get(opened)?.title ?? opened) : t("appName");
  useEffect(() => {
    document.title = opened ? `${title} – ${t("appName")}` : t("appName");
  }, [opened, title]);

  let main;
  if (problem) main = <p role="alert">{t("loadFailed", { error: problem })}</p>;
  else if (!files) main = <p>{t("loading")}</p>;
  else if (opened && pathProblem(opened)) {
    // Only a file the local API would serve: never « ../README.md » or a hidden file.
    main = <p role="alert">{t("openRefused", { error: pathProblem(opened) ?? "" })}</p>;
  } else if (opened) {
    main = (
      <>
        {bannerOf(opened)}
        <Notebook
          key={opened}
          path={opened}
          title={title}
          storage={storage}
          workspace={workspace}
          onImageAdded={imageAdded}
          onSaved={refresh}
          onDirty={guard.setDirty}
        />
      </>
    );
  } else {
    main = (
      <ContentList
        workspace={workspace}
        summaries={summaries}
        unsaved={unsaved}
        names={names}
        storage={storage}
        onCreated={(path) => {
          refresh();
          location.hash = fileHref(path);
        }}
      />
    );
  }
  return (
    <>
      <a className="carnet-skip" href="#carnet-main">
        {t("skipToContent")}
      </a>
      <header className="carnet-top">
        <p className="carnet-top__name">
          <a href="#" onClick={toList}>
            {t("appName")}
          </a>
        </p>
        <p className="carnet-top__tagline">{t("appTagline")}</p>
        {opened && (
          <nav aria-label={t("appName")}>
            <a href="#" onClick={toList}>
              {t("backToList")}
            </a>
          </nav>
        )}
      </header>
      <FramePanelSlot />
      <main id="carnet-main" tabIndex={-1} ref={followTheCoach}>
        {!opened && <h1>{t("appName")}</h1>}
        {main}
      </main>
      {guard.asked !== null && <LeaveDialog onStay={guard.stay} onLeave={leave} />}
    </>
  );
}
