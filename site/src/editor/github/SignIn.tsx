// The sign-in screen: a fine-grained token, checked at once. On the site's shared address it
// stays in memory and the page says what exposure remains; on the carnet's own origin it is
// kept for the tab unless the coach ticks « Se souvenir sur cet appareil » (token-store.ts).
import { type FormEvent, useId, useState } from "react";
import { checkToken, type SignedIn } from "./client.ts";
import { GITHUB_REPOSITORY, guideUrl } from "./config.ts";
import { onOwnOrigin, saveToken } from "./token-store.ts";
import { GUIDE_PAGE, LABELS, PANEL, SIGN_IN } from "./texts.ts";

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
    <main id="carnet-main" className="carnet-signin">
      <h1>{LABELS.signIn}</h1>
      <p>{PANEL.repository(GITHUB_REPOSITORY)}</p>
      <form onSubmit={(event) => void submit(event)}>
        <p>
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
          <p>
            <label>
              <input type="checkbox" checked={remember} onChange={(event) => setRemember(event.target.checked)} />{" "}
              {LABELS.remember}
            </label>
          </p>
        ) : (
          <p className="carnet-signin__exposure">{SIGN_IN.sharedOrigin}</p>
        )}
        <button type="submit" disabled={busy}>
          {LABELS.signIn}
        </button>
        {busy && <p role="status">{PANEL.checking}</p>}
      </form>
      {problem && <p role="alert">{problem}</p>}
      <p>
        <a href={guideUrl(GUIDE_PAGE)} target="_blank" rel="noopener noreferrer">
          {LABELS.guide}
        </a>
      </p>
    </main>
  );
}
