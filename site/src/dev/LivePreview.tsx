import { useEffect, useLayoutEffect, useRef, useState, type ReactNode } from "react";
import initialDiagnostics from "../bundles/diagnostics.json";
import { settings } from "../site";
import type { DiagnosticItem } from "../types";
import { applyUpdate } from "./apply-update";
import { DiagnosticsOverlay } from "./DiagnosticsOverlay";
import { LIVE_CONTENT_EVENT, type LiveContentUpdate } from "./live-content-event";

interface State {
  /** Bumped after each content update: re-renders the whole tree in place. */
  version: number;
  diagnostics: DiagnosticItem[];
  dismissed: boolean;
}

/** `npm run dev` only: the site, re-rendered in place when `contenu dev` rewrites a bundle
 * (no reload, scroll kept), and the French error overlay while the content is invalid. */
export function LivePreview({ render }: { render: () => ReactNode }) {
  const [state, setState] = useState<State>({
    version: 0,
    diagnostics: initialDiagnostics as DiagnosticItem[],
    dismissed: false,
  });
  const scrollBefore = useRef<number | null>(null);

  useEffect(() => {
    const hot = import.meta.hot;
    if (!hot) return;
    // Updates are applied one at a time, in the order the files were written.
    let queue = Promise.resolve();
    const listener = (update: LiveContentUpdate) => {
      queue = queue.then(async () => {
        const applied = await applyUpdate(update);
        if (applied.kind === "diagnostics") {
          setState((state) => ({ ...state, diagnostics: applied.diagnostics, dismissed: false }));
        } else if (applied.kind === "content") {
          scrollBefore.current = window.scrollY;
          setState((state) => ({ ...state, version: state.version + 1 }));
        }
      });
      queue = queue.catch((error: unknown) => console.error(error));
    };
    hot.on(LIVE_CONTENT_EVENT, listener);
    return () => hot.off(LIVE_CONTENT_EVENT, listener);
  }, []);

  // A longer or shorter text above the reader must not move what they were reading.
  useLayoutEffect(() => {
    if (scrollBefore.current === null) return;
    window.scrollTo(0, scrollBefore.current);
    scrollBefore.current = null;
  }, [state.version]);

  return (
    <>
      {render()}
      {state.dismissed ? null : (
        <DiagnosticsOverlay
          diagnostics={state.diagnostics}
          texts={settings.interface.preview}
          onClose={() => setState((state) => ({ ...state, dismissed: true }))}
        />
      )}
    </>
  );
}
