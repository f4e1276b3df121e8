// « Proposer mes modifications », in the open document's sticky bar or, on the list, in the
// GitHub panel: available as soon as something differs from GitHub (a file waiting, or the
// open document's changes, saved first); one sentence at the button always says what it will
// do or what to do first. Never a silently greyed button.
import { useId } from "react";
import { SteadyLabel } from "../SteadyLabel.tsx";
import { LABELS, PANEL } from "./texts.ts";

interface Props {
  busy: boolean;
  /** Files waiting to be proposed on this device. */
  waiting: number;
  /** The open document has changes not saved: they are saved, then proposed. */
  dirty: boolean;
  /** Documents with changes typed but not saved, elsewhere than the open one. */
  drafts: number;
  /** Errors `contenu check` will find in what is proposed. */
  errors: number;
  onPropose(): void;
}

export function ProposeAction({ busy, waiting, dirty, drafts, errors, onPropose }: Props) {
  const id = useId();
  const ready = waiting > 0 || dirty;
  // Always one sentence, in a place of the same height: the bar does not change size at her
  // first keystroke or save, so nothing under it moves while she types or taps.
  let why: string = PANEL.readyToPropose;
  if (!ready) why = drafts > 0 ? PANEL.draftsFirst(drafts) : PANEL.nothingYet;
  else if (dirty) why = PANEL.savedFirst;
  const described = [`${id}-why`, errors > 0 && `${id}-errors`].filter(Boolean).join(" ");
  return (
    <span className="carnet-propose">
      <button
        type="button"
        className="carnet-primary"
        disabled={busy || !ready}
        aria-describedby={described || undefined}
        onClick={onPropose}
      >
        <SteadyLabel labels={[LABELS.propose, PANEL.proposing]} shown={busy ? PANEL.proposing : LABELS.propose} />
      </button>
      <span id={`${id}-why`} className="carnet-propose__why">
        {why}
      </span>
      {errors > 0 && (
        <span id={`${id}-errors`} className="carnet-propose__errors">
          {PANEL.willFail(errors)}
        </span>
      )}
    </span>
  );
}
