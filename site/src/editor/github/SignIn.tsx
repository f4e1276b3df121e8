// The sign-in screen, in the guide's order (docs/guide/connexion-github.md): 1. create the
// token on GitHub's page (a plain link: GitHub no longer documents prefilled token
// addresses, docs/decisions.md), 2. paste it and « Se connecter à GitHub ». The token is
// checked at once. On the site's shared address it stays in memory and the page says what
// exposure remains; on the carnet's own origin it is kept for the tab unless the coach ticks
// « Se souvenir sur cet appareil » (token-store.ts).
import { type FormEvent, useId, useState } from "react";
import { checkToken, type SignedIn } from "./client.ts";
import { GITHUB_REPOSITORY, guideUrl } from "./config.ts";
import { onOwnOrigin, saveToken } from "./token-store.ts";
import { t } from "../texts.ts";
import { GUIDE_PAGE, LABELS, PANEL, SIGN_IN, TOKEN_PAGE } from "./texts.ts";

export function SignIn({ onSignedIn }: { onSignedIn: (signedIn: SignedIn) => void }) {
  const id = useId();
  const [token, setToken] = useState("");
  const [remember, setRemember] = useState(false);
  const [busy, setBusy] = useState(false);
  const own = onOwnOrigin();
  const [problem, setProblem] = useState("");

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setBusy(true);
    setProblem("");
    try {
      const signedIn = await checkToken(token);
      saveToken(token.trim(), remember);
      setToken("");
      onSignedIn(signedIn);
    } catch (error) {
      setProblem(error instanceof Error ? error.message : String(error));
    } finally {
      setBusy(false);
    }
  };

  return (
    <>
      <header className="carnet-top">
        <p className="carnet-top__name">{t("appName")}</p>
        <p className="carnet-top__tagline">{t("appTagline")}</p>
      </header>
      <main id="carnet-main" className="carnet-signin">
        <h1>{SIGN_IN.title}</h1>
        <p>{SIGN_IN.intro}</p>
        <p className="carnet-signin__repository">{PANEL.repository(GITHUB_REPOSITORY)}</p>
        <ol className="carnet-signin__steps">
          <li>
            <h2>{SIGN_IN.createTitle}</h2>
            <p>{SIGN_IN.createHelp}</p>
            <p className="carnet-signin__links">
              <a className="carnet-signin__github" href={TOKEN_PAGE} target="_blank" rel="noopener noreferrer">
                {LABELS.tokenPage}
              </a>
              <a href={guideUrl(GUIDE_PAGE)} target="_blank" rel="noopener noreferrer">
                {LABELS.guide}
              </a>
            </p>
          </li>
          <li>
            <h2>{SIGN_IN.pasteTitle}</h2>
            <form onSubmit={(event) => void submit(event)}>
              <p className="carnet-field">
                <label htmlFor={`${id}-token`}>{LABELS.tokenField}</label>
                <input
                  id={`${id}-token`}
                  type="password"
                  autoComplete="off"
                  spellCheck={false}
                  required
                  value={token}
                  onChange={(event) => setToken(event.target.value)}
                />
              </p>
              {own ? (
                <p className="carnet-signin__remember">
                  <label>
                    <input type="checkbox" checked={remember} onChange={(event) => setRemember(event.target.checked)} />{" "}
                    {LABELS.remember}
                  </label>
                </p>
              ) : (
                <p className="carnet-signin__exposure carnet-help">{SIGN_IN.sharedOrigin}</p>
              )}
              <button type="submit" className="carnet-primary" disabled={busy}>
                {LABELS.signIn}
              </button>
              {busy && <p role="status">{PANEL.checking}</p>}
            </form>
            {problem && (
              <p role="alert" className="carnet-signin__problem">
                {problem}
              </p>
            )}
          </li>
        </ol>
      </main>
    </>
  );
}
