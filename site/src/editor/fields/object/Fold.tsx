// An optional group: folded while it was empty when the form opened (the Meta Pixel event
// of a page…); the same elements either way, so typing in it never loses the focus.
import { useState, type ReactNode } from "react";

export function Fold({ label, open, children }: { label: string; open: boolean; children: ReactNode }) {
  const [shown, setShown] = useState(open);
  return (
    <details className="carnet-fold" open={shown} onToggle={(event) => setShown(event.currentTarget.open)}>
      <summary>{label}</summary>
      {children}
    </details>
  );
}
