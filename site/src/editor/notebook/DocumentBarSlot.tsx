// The place, in the document's sticky bar, where the frame around the notebook draws its own
// actions (on GitHub: « Proposer mes modifications »). Nothing in local mode.
import { useContext, useEffect, useLayoutEffect, useRef, useState } from "react";
import { DocumentBarContext } from "../frame-slots.ts";

interface Props {
  dirty: boolean;
  /** « Enregistrer »'s save; false when nothing was saved. */
  save(): Promise<boolean>;
}

export function DocumentBarSlot({ dirty, save }: Props) {
  const store = useContext(DocumentBarContext);
  const [element, setElement] = useState<HTMLSpanElement | null>(null);
  // The latest save, called through one function: the bar is registered again only when
  // the place or the document's state changes, not at each keystroke.
  const latest = useRef(save);
  useEffect(() => {
    latest.current = save;
  });
  // Before the browser paints (a layout effect): the panel above draws « Proposer » here and
  // changes height in the same frame as the document appears, never a frame later under her
  // finger or the pointer.
  useLayoutEffect(() => {
    if (!store || !element) return;
    store.set({ element, dirty, save: () => latest.current() });
    return () => store.set(null);
  }, [store, element, dirty]);
  if (!store) return null;
  return <span className="carnet-savebar__more" ref={setElement} />;
}
