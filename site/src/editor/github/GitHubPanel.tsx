// The GitHub side of the editor: who is signed in, the changes waiting to be proposed,
// « Proposer mes modifications », the pull request and its checks, conflicts, « Se déconnecter ».
import { useCallback, useContext, useEffect, useId, useMemo, useRef, useState, useSyncExternalStore } from "react";
import { createPortal } from "react-dom";
import { DocumentBarContext, type DocumentBar } from "../frame-slots.ts";
import { draftsOf, dropDraft, dropDrafts } from "../drafts.ts";
import type { Checks } from "./checks.ts";
import type { GitHubClient } from "./client.ts";
import { ConflictChooser } from "../conflict/ConflictChooser.tsx";
import { PublishPanel } from "./PublishPanel.tsx";
import { ConflictError, type FileConflict, GitHubError, NothingToProposeError } from "./errors.ts";
import { toBase64 } from "./git-blob.ts";
import { parseDocument, validateDocument } from "../core/index.ts";
import { workspaceOf } from "../workspace.ts";
import type { PendingChanges } from "./pending.ts";
import { PendingReview } from "./PendingReview.tsx";
import { ProposeAction } from "./ProposeAction.tsx";
import { SignOutAsk } from "./SignOutAsk.tsx";
import { anchorTo } from "../scroll-anchor.ts";
import { asChanges, type GitHubStorage } from "./storage.ts";
import { TITLE_MAX } from "./summary.ts";
import { LABELS, PANEL } from "./texts.ts";

const CHECKS_EVERY_MS = 3000;

interface Props {
  client: GitHubClient;
  login: string;
  pending: PendingChanges;
  storage: GitHubStorage;
  /** Bumped by the editor's saves: the pending count is read again. */
  version: number;
  onSignOut: () => void;
  onChanged: () => void;
  onProposed: () => void;
  /** The files changed underneath the notebook (a change removed): read them again. */
  onReload: () => void;
  /** The last checks read, for the notebook to show their annotations at their cells. */
  onChecks: (checks: Checks) => void;
}

/** Errors `contenu check` will find in the changes waiting to be proposed (the editor's own
 * validator, on each pending document). */
function pendingErrors(pending: PendingChanges, storage: GitHubStorage): number {
  const files = storage.known();
  const context = { routes: workspaceOf(files).routes, files: files.map((f) => f.path) };
  return pending
    .list()
    .filter((file) => file.path.endsWith(".md") && file.text !== undefined)
    .flatMap((file) => validateDocument(parseDocument(file.path, file.text ?? ""), context))
    .filter((d) => d.severity === "error").length;
}

const noBar = () => null;
const noSubscription = () => () => undefined;

export function GitHubPanel(props: Props) {
  const { client, login, pending, storage, version, onSignOut, onChanged, onProposed, onReload, onChecks } = props;
  const id = useId();
  const [title, setTitle] = useState("");
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<GitHubError | null>(null);
  const [notice, setNotice] = useState("");
  const [conflicts, setConflicts] = useState<FileConflict[]>([]);
  const [checks, setChecks] = useState<Checks | null>(null);
  const [leaving, setLeaving] = useState<{ files: number; drafts: number } | null>(null);
  const pull = client.pull;
  // Another proposal opened (« Mes propositions »): its checks, not the last one's.
  const [checksOf, setChecksOf] = useState(pull?.number);
  if (checksOf !== pull?.number) {
    setChecksOf(pull?.number);
    setChecks(null);
  }
  // The open document's sticky bar: « Proposer » is drawn there, and saves the document first.
  const bars = useContext(DocumentBarContext);
  const bar: DocumentBar | null = useSyncExternalStore(bars?.subscribe ?? noSubscription, bars?.current ?? noBar);
  // Read again at each save (`version`): the pending files changed.
  const errors = useMemo(() => (version >= 0 ? pendingErrors(pending, storage) : 0), [pending, storage, version]);
  // Documents typed in but not saved (the list's « Proposer » says to open them first).
  const [drafts, setDrafts] = useState(0);
  useEffect(() => {
    let live = true;
    void draftsOf(pending.scope)
      .then((found) => live && setDrafts(found.length))
      .catch(() => undefined);
    return () => {
      live = false;
    };
  }, [pending, version, bar]);

  /** One proposal at a time across the coach's tabs, of the changes as IndexedDB holds
   * them now; true once GitHub has them (or there was nothing to propose). */
  const propose = useCallback(async (): Promise<boolean> => {
    setBusy(true);
    setProblem(null);
    setNotice("");
    try {
      const result = await pending.exclusive(async () => {
        await pending.load();
        const proposed = pending.list();
        if (!proposed.length) return null;
        try {
          const made = await client.propose(asChanges(proposed), { title, errors: pendingErrors(pending, storage) });
          await pending.done(proposed);
          return made;
        } catch (error) {
          if (!(error instanceof NothingToProposeError)) throw error;
          // Her choices were GitHub's versions: nothing is left to send, nothing is lost.
          await pending.done(proposed);
          return error;
        }
      });
      if (result instanceof NothingToProposeError) {
        setNotice(result.message);
        onProposed();
      } else if (result) {
        setChecks(null);
        setNotice(PANEL.proposed(result.pull.number));
        onProposed();
      }
      onChanged();
      return true;
    } catch (error) {
      if (error instanceof ConflictError) setConflicts(error.conflicts);
      setProblem(error instanceof GitHubError ? error : new GitHubError(String(error)));
      return false;
    } finally {
      setBusy(false);
    }
  }, [client, pending, storage, title, onChanged, onProposed]);

  // From the document's bar: its changes saved first (a save refused proposes nothing).
  const proposeFromBar = async () => {
    if (bar?.dirty && !(await bar.save())) return;
    await propose();
  };
  const action = (
    <ProposeAction
      busy={busy}
      waiting={pending.size}
      dirty={bar?.dirty ?? false}
      drafts={drafts}
      errors={errors}
      onPropose={() => void proposeFromBar()}
    />
  );
  // The proposal's title is asked for as soon as a document is open, not at her first
  // keystroke: a field appearing above would push the one she types in down the page.
  const titled = pending.size > 0 || bar !== null;

  // What « Proposer » answered is shown here, at the top: clicked in a document's bar far
  // below, the page comes up to it (a conflict, a refusal, the proposal's number).
  const answer = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (!problem && !notice) return;
    anchorTo("panel"); // what grows under the answer now leaves it in sight
    answer.current?.scrollIntoView({ block: "nearest" });
  }, [problem, notice]);

  const remove = async (path: string) => {
    await pending.remove(path);
    await dropDraft(pending.scope, path).catch(() => undefined);
    setNotice(PANEL.removedFile(path));
    onChanged();
    onReload();
  };

  // « Se déconnecter » asks first when work of the coach is still on this device.
  const signOut = async () => {
    await pending.load().catch(() => undefined);
    const drafts = (await draftsOf(pending.scope).catch(() => [])).length;
    if (pending.size || drafts) setLeaving({ files: pending.size, drafts });
    else onSignOut();
  };
  const erase = async () => {
    await pending.clear();
    await dropDrafts(pending.scope).catch(() => undefined);
    onSignOut();
  };

  // The checks of the proposal, followed until they end.
  useEffect(() => {
    if (!pull || (checks && checks.state !== "pending")) return;
    const timer = window.setTimeout(() => {
      client.checks().then((read) => {
        setChecks(read);
        onChecks(read);
      }, () => undefined);
    }, checks ? CHECKS_EVERY_MS : 0);
    return () => window.clearTimeout(timer);
  }, [client, pull, checks, version, onChecks]);

  const resolve = async (conflict: FileConflict, text: string | null, bytes: Uint8Array | null) => {
    const path = conflict.path.replace(/^content\//, "");
    await pending.put(text !== null ? { path, text } : { path, base64: toBase64(bytes ?? new Uint8Array()) });
    client.markResolved(conflict.path, conflict.theirsSha);
    const left = conflicts.filter((c) => c.path !== conflict.path);
    setConflicts(left);
    onChanged();
    // Every conflict has its choices: the proposal she asked for goes on with them.
    if (!left.length) await propose();
  };

  return (
    <section className="carnet-github" aria-label={PANEL.region}>
      <div className="carnet-github__who">
        <p>
          {PANEL.connectedAs(login)} <span className="carnet-github__repo">{PANEL.repository(client.fullName)}</span>
        </p>
        <button type="button" onClick={() => void signOut()}>
          {LABELS.signOut}
        </button>
      </div>
      {leaving && (
        <SignOutAsk
          {...leaving}
          busy={busy}
          onPropose={() => void propose().then((sent) => sent && onSignOut())}
          onErase={() => void erase()}
          onStay={() => setLeaving(null)}
        />
      )}
      {pending.dropped.map((dropped) => (
        <p key={dropped.path} role="alert">
          {PANEL.dropped(dropped.path, dropped.reason)}
        </p>
      ))}
      <p role="status" className="carnet-github__pending">
        {PANEL.pending(pending.size)}
      </p>
      {titled && (
        <p className="carnet-github__title">
          <label htmlFor={`${id}-title`}>{PANEL.title}</label>
          <input
            id={`${id}-title`}
            type="text"
            value={title}
            maxLength={TITLE_MAX}
            onChange={(event) => setTitle(event.target.value)}
            aria-describedby={`${id}-help`}
          />
          <small id={`${id}-help`} className="carnet-help">
            {PANEL.titleHelp(TITLE_MAX)}
          </small>
        </p>
      )}
      <PendingReview client={client} pending={pending} version={version} onRemove={(path) => void remove(path)} />
      {/* In the open document's bar when there is one, here on the list. */}
      {bar ? createPortal(action, bar.element) : action}
      <div ref={answer} className="carnet-github__answer">
        {problem && (
          <div role="alert">
            <p>{problem.message}</p>
            {problem.retryable && (
              <button type="button" onClick={() => void propose()}>
                {LABELS.retry}
              </button>
            )}
          </div>
        )}
        {notice && <p role="status">{notice}</p>}
      </div>
      {conflicts.map((conflict) => (
        <ConflictChooser
          key={conflict.path}
          conflict={conflict}
          onResolved={(text, bytes) => void resolve(conflict, text, bytes)}
        />
      ))}
      {pull && (
        <div className="carnet-github__pull">
          <p>
            <a href={pull.url} target="_blank" rel="noreferrer">
              {PANEL.pullLink(pull.number)}
            </a>{" "}
            ·{" "}
            <a href={`${pull.url}/checks`} target="_blank" rel="noreferrer">
              {PANEL.checksPage}
            </a>
          </p>
          {/* Drawn before GitHub answers: the document under the panel does not move then. */}
          <p>{PANEL.checks(checks?.label ?? PANEL.checksReading)}</p>
          {checks?.hidden && <p>{checks.hidden}</p>}
          {checks?.state === "success" && <p>{PANEL.green}</p>}
          <PublishPanel client={client} login={login} checks={checks} head={client.head} />
          {checks && checks.annotations.length > 0 && (
            <>
              <h2>{PANEL.annotations}</h2>
              <ul>
                {checks.annotations.map((a, i) => (
                  <li key={i}>
                    <a href={`#fichier=${encodeURIComponent(a.path.replace(/^content\//, ""))}`}>
                      {PANEL.annotation(a.path, a.line, a.title, a.message)}
                    </a>
                  </li>
                ))}
              </ul>
            </>
          )}
        </div>
      )}
    </section>
  );
}
