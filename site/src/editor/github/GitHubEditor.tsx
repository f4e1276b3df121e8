// The editor on the published site: sign in to GitHub, then the notebook editor reading the
// repository, with the changes kept until « Proposer mes modifications ».
import { useCallback, useEffect, useMemo, useState } from "react";
import { createPortal } from "react-dom";
import { EditorApp } from "../App.tsx";
import { BackendBanner, BackendNotes, type BannerOf, type NotesOf } from "../backend-notes.ts";
import { DocumentBarContext, type DocumentBar, FramePanelContext, SlotStore } from "../frame-slots.ts";
import { checkDiagnostics } from "./annotations.ts";
import type { Annotation } from "./checks.ts";
import { type SignedIn, checkToken } from "./client.ts";
import { GitHubPanel } from "./GitHubPanel.tsx";
import { PendingChanges, scopeOf } from "./pending.ts";
import { SignIn } from "./SignIn.tsx";
import { githubStorage } from "./storage.ts";
import type { SavedProposal } from "./client.ts";
import { forgetToken, loadProposal, loadToken, saveProposal } from "./token-store.ts";
import { PANEL } from "./texts.ts";
import { ClashNotice } from "./proposals/ClashNotice.tsx";
import { clashesWith } from "./proposals/list.ts";
import { ProposalList } from "./proposals/ProposalList.tsx";
import { useProposalActions } from "./proposals/use-proposal-actions.ts";
import { useProposals } from "./proposals/use-proposals.ts";
import "./github.css";

export function GitHubEditor() {
  const [session, setSession] = useState<SignedIn | null>(null);
  // The coach's own changes: read once she is signed in, under her repository and login.
  const [pending, setPending] = useState<PendingChanges | null>(null);
  const [ready, setReady] = useState(false);
  const [version, setVersion] = useState(0);
  const [proposals, setProposals] = useState(0);
  // « Mes propositions » is read again after each proposal made or withdrawn.
  const [listings, setListings] = useState(0);
  // The frame's places in the carnet: the panel under its header, « Proposer » in the bar.
  const [panelHost] = useState(() => {
    const host = document.createElement("div");
    host.className = "carnet-frame-panel__host";
    return host;
  });
  const [bars] = useState(() => new SlotStore<DocumentBar>());
  const changed = useCallback(() => setVersion((v) => v + 1), []);
  const reload = useCallback(() => setProposals((n) => n + 1), []);
  const proposed = useCallback(() => {
    const kept = session?.client.snapshot();
    if (kept) saveProposal(kept);
    setProposals((n) => n + 1);
    setListings((n) => n + 1);
  }, [session]);
  // Another proposal opened (or left): the notebook reads that branch.
  const switched = useCallback(() => {
    saveProposal(session?.client.snapshot() ?? null);
    setProposals((n) => n + 1);
  }, [session]);
  const listed = useProposals(session?.client ?? null, listings);
  const actions = useProposalActions(session?.client ?? null, pending, switched, () => setListings((n) => n + 1));
  // Signed in (again): go on with the proposal of this tab, if its pull request is open.
  const signedIn = useCallback(async (done: SignedIn) => {
    const kept = loadProposal<SavedProposal>();
    if (kept) await done.client.resume(kept).catch(() => false);
    const changes = new PendingChanges(scopeOf(done.client.fullName, done.user.login));
    await changes.load().catch(() => undefined);
    setPending(changes);
    setSession(done);
  }, []);
  // Another tab of the coach saved, proposed or removed a change: the count follows.
  useEffect(() => pending?.subscribe(changed), [pending, changed]);
  const [annotations, setAnnotations] = useState<readonly Annotation[]>([]);
  const checked = useCallback((checks: { annotations: Annotation[] }) => setAnnotations(checks.annotations), []);
  const notes = useCallback<NotesOf>((path, doc) => checkDiagnostics(annotations, path, doc), [annotations]);
  const current = session?.client.pull?.number ?? null;
  const login = session?.user.login ?? "";
  const { open } = actions;
  const banner = useCallback<BannerOf>(
    (path) => <ClashNotice clashes={clashesWith(listed.list ?? [], path, current)} login={login} onOpen={(p) => void open(p)} />,
    [listed.list, current, login, open],
  );

  useEffect(() => {
    const kept = loadToken();
    void (kept ? checkToken(kept.token).then(signedIn) : Promise.resolve())
      .catch(() => undefined)
      .finally(() => setReady(true));
  }, [signedIn]);

  const storage = useMemo(
    () => (session && pending ? githubStorage(session.client, pending, changed) : null),
    [session, pending, changed],
  );

  if (!ready) return <p role="status">{PANEL.checking}</p>;
  if (!session || !pending || !storage) return <SignIn onSignedIn={(done) => void signedIn(done)} />;
  const signOut = () => {
    forgetToken();
    setSession(null);
    setPending(null);
  };
  const panel = (
    <GitHubPanel
      client={session.client}
      login={session.user.login}
      pending={pending}
      storage={storage}
      version={version}
      onSignOut={signOut}
      onChanged={changed}
      onProposed={proposed}
      onReload={reload}
      onChecks={checked}
    />
  );
  return (
    <FramePanelContext.Provider value={panelHost}>
      <DocumentBarContext.Provider value={bars}>
        {/* Always drawn in the same element, which the carnet puts under its header. */}
        {createPortal(
          <>
            {panel}
            <ProposalList
              proposals={listed}
              current={current}
              login={login}
              busy={actions.busy}
              notice={actions.notice}
              onOpen={(p) => void actions.open(p)}
              onLeave={() => void actions.leave()}
              onRemove={(p) => void actions.remove(p)}
            />
          </>,
          panelHost,
        )}
        {/* Read again from the new head once a proposal is committed, opened or left. */}
        <BackendNotes.Provider value={notes}>
          <BackendBanner.Provider value={banner}>
            <EditorApp key={proposals} storage={storage} />
          </BackendBanner.Provider>
        </BackendNotes.Provider>
      </DocumentBarContext.Provider>
    </FramePanelContext.Provider>
  );
}
