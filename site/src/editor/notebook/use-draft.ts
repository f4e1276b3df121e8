// Work is never lost: what the coach types is kept as a draft (../drafts.ts) until it is
// saved or given up, and a draft left from an earlier visit is offered back. Kept under the
// coach's scope (the backend's): whoever signs in next is never offered it.
import { useEffect, useState } from "react";
import { draftOf, dropDraft, keepDraft, type Draft } from "../drafts.ts";

/** `file`: the file as the backend has it; `text`: the document as edited (null: not read). */
export function useDraft(scope: string, path: string, file: string | null, text: string | null) {
  const [offer, setOffer] = useState<Draft | null>(null);
  // No draft is kept or dropped before the one left from an earlier visit was looked for.
  const [lookedUp, setLookedUp] = useState(false);

  useEffect(() => {
    if (file === null || lookedUp) return;
    let live = true;
    void draftOf(scope, path)
      .catch(() => undefined)
      .then((draft) => {
        if (!live) return;
        if (draft && draft.text !== file) setOffer(draft);
        setLookedUp(true);
      });
    return () => {
      live = false;
    };
  }, [scope, path, file, lookedUp]);

  // Every change kept as typed; none kept once saved or given up.
  useEffect(() => {
    if (!lookedUp || text === null || file === null || offer) return;
    if (text === file) void dropDraft(scope, path).catch(() => undefined);
    else void keepDraft({ scope, path, text, base: file, at: new Date().toISOString() }).catch(() => undefined);
  }, [lookedUp, text, file, scope, path, offer]);

  return {
    /** A draft of an earlier visit, offered until it is resumed or discarded. */
    offer,
    /** The offer answered (the draft resumed, or given up with the changes). */
    answered: () => setOffer(null),
    /** Forget the draft (saved, or changes given up). */
    drop: () => dropDraft(scope, path).catch(() => undefined),
  };
}
