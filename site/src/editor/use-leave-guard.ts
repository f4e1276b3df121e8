// Work is not left behind unawares: while the opened document has changes not saved, closing
// or reloading the tab asks the browser's question, and moving elsewhere in the carnet (the
// list, another file, « back ») waits for the coach's answer (LeaveDialog.tsx).
import { useEffect, useState } from "react";

export function useLeaveGuard() {
  const [dirty, setDirty] = useState(false);
  /** The address the coach asked for while the document had changes not saved. */
  const [asked, setAsked] = useState<string | null>(null);

  useEffect(() => {
    if (!dirty) return;
    const ask = (event: BeforeUnloadEvent) => {
      event.preventDefault();
      event.returnValue = ""; // what older browsers need to ask
    };
    window.addEventListener("beforeunload", ask);
    return () => window.removeEventListener("beforeunload", ask);
  }, [dirty]);

  return {
    dirty,
    setDirty,
    asked,
    /** `hash` was asked for: held until the coach answers. */
    hold: (hash: string) => setAsked(hash),
    answered: () => {
      setAsked(null);
      setDirty(false);
    },
    stay: () => setAsked(null),
  };
}
