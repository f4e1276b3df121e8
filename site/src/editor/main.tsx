// The editor's entry (editeur/index.html). Its own bundle: the site's pages never load it.
import { StrictMode } from "react";
import { createRoot } from "react-dom/client";
import "../styles/global.css";
import { EditorApp } from "./App.tsx";
import { GITHUB_REPOSITORY } from "./github/config.ts";
import { GitHubEditor } from "./github/GitHubEditor.tsx";
import "./editor.css";
import { loadPreviewSite } from "./preview/route-data.ts";
import { detectStorage } from "./local/storage.ts";
import { t } from "./texts.ts";
import { Unavailable } from "./Unavailable.tsx";

async function start(): Promise<void> {
  const container = document.getElementById("carnet");
  if (!container) return;
  document.title = t("appName");
  const storage = detectStorage();
  // The site's settings and colours, for the previews drawn by the site's components.
  await loadPreviewSite();
  const root = createRoot(container);
  // Served by `contenu dev`: the local files. On the published site: the repository on GitHub.
  let app = <Unavailable />;
  if (storage) app = <EditorApp storage={storage} />;
  else if (GITHUB_REPOSITORY) app = <GitHubEditor />;
  root.render(<StrictMode>{app}</StrictMode>);
}

void start();
