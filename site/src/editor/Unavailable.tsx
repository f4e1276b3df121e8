// What the editor's address shows where it has nothing to edit: a site built without a
// GitHub repository (a local `nox -s build`) and not served by `contenu dev`. The same frame
// as the editor, so a coach who lands here sees where she is and what to do.
import { t } from "./texts.ts";

export function Unavailable() {
  return (
    <>
      <header className="carnet-top">
        <p className="carnet-top__name">{t("appName")}</p>
        <p className="carnet-top__tagline">{t("appTagline")}</p>
      </header>
      <main id="carnet-main">
        <h1>{t("unavailableTitle")}</h1>
        <p role="alert">{t("noStorage")}</p>
      </main>
    </>
  );
}
