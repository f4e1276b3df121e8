import { useEffect, useLayoutEffect, useRef, useState, type ReactNode } from "react";
import { settings } from "../site";
import type { DiagnosticItem } from "../types";
import { applyUpdate } from "./apply-update";
import { DiagnosticsOverlay } from "./DiagnosticsOverlay";
import { LIVE_CONTENT_EVENT, LIVE_FILE_URL, type LiveContentUpdate } from "./live-content-event";

interface State {
  /** Bumped after each content update: re-renders the whole tree in place. */
  version: number;
  diagnostics: DiagnosticItem[];
  dismissed: boolean;
}

/** `npm run dev` only: the site, re-rendered in place when `contenu dev` rebuilds the
 * preview (no reload, scroll kept), and the French error overlay while the content is
 * invalid. */
export function LivePreview({ render }: { render: () => ReactNode }) {
  const [state, setState] = useState<State>({ version: 0, diagnostics: [], dismissed: false });
  const scrollBefore = useRef<number | null>(null);

  useEffect(() => {
    let serial = -1;
    // Updates are applied one at a time, in the order the rebuilds happened.
    let queue = Promise.resolve();
    const listener = (update: LiveContentUpdate) => {
      // When the event arrived, for the bench (tests/bench/preview.py): save → event → shown.
      performance.mark(LIVE_CONTENT_EVENT);
      queue = queue.then(async () => {
        if (update.serial <= serial) return;
        serial = update.serial;
        const content = await applyUpdate(update);
        if (content) scrollBefore.current = window.scrollY;
        setState((state) => ({
          version: state.version + (content ? 1 : 0),
          diagnostics: update.diagnostics,
          dismissed: state.dismissed && update.diagnostics.length > 0 && !content,
        }));
      });
      queue = queue.catch((error: unknown) => console.error(error));
    };
    // The errors already there when the page opened, then every rebuild.
    void fetch(LIVE_FILE_URL)
      .then((response) => response.json() as Promise<LiveContentUpdate>)
      .then((update) => setState((state) => ({ ...state, diagnostics: update.diagnostics })))
      .catch(() => undefined);
    const hot = import.meta.hot;
    if (!hot) return;
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
