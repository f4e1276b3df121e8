// Where the frame around the carnet (on GitHub: the proposal panel) is shown, between the
// carnet's header and its main content. The panel's element is the frame's own: moved here,
// never drawn anew, so nothing it holds is lost when the carnet's views are. Nothing in
// local mode.
import { useContext, useEffect, useRef } from "react";
import { FramePanelContext } from "./frame-slots.ts";

export function FramePanelSlot() {
  const panel = useContext(FramePanelContext);
  const place = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const here = place.current;
    if (!panel || !here) return;
    here.append(panel);
    return () => {
      if (panel.parentElement === here) panel.remove();
    };
  }, [panel]);
  if (!panel) return null;
  return <div className="carnet-frame-panel" ref={place} />;
}
