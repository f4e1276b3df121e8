// « Se déconnecter » with work not yet proposed on this device: propose it first, erase it,
// or stay. Work is never left behind for whoever uses the device next, nor lost unasked.
import { useEffect, useRef } from "react";
import { LABELS, PANEL } from "./texts.ts";

interface Props {
  files: number;
  drafts: number;
  busy: boolean;
  onPropose(): void;
  onErase(): void;
  onStay(): void;
}

export function SignOutAsk({ files, drafts, busy, onPropose, onErase, onStay }: Props) {
  const first = useRef<HTMLButtonElement>(null);
  useEffect(() => first.current?.focus(), []);
  return (
    <div role="group" aria-labelledby="carnet-signout" className="carnet-offer">
      <p id="carnet-signout">
        <strong>{LABELS.signOut}</strong> · {PANEL.signOutQuestion(files, drafts)}
      </p>
      {files > 0 && (
        <button type="button" className="carnet-primary" ref={first} disabled={busy} onClick={onPropose}>
          {PANEL.signOutPropose}
        </button>
      )}
      <button type="button" ref={files > 0 ? undefined : first} disabled={busy} onClick={onErase}>
        {PANEL.signOutErase}
      </button>
      <button type="button" disabled={busy} onClick={onStay}>
        {PANEL.signOutStay}
      </button>
    </div>
  );
}
