// What the browser keeps still when something above it changes height (scroll anchoring):
// the document the coach works in, so that a panel growing above it (« Mes propositions »
// read again, a proposal's checks) does not move the field she types in or the button under
// her finger between the press and the release of a tap; and nothing once the panel has just
// shown an answer (« Proposé : … », a conflict), so that what grows under the answer does not
// push it out of sight. editor.css reads the attribute set here.

export type AnchorPlace = "document" | "panel";

export function anchorTo(place: AnchorPlace): void {
  // Called at each keystroke in the document: the page's attribute is written only when the
  // place changes.
  const page = document.documentElement;
  if (page.dataset.anchor !== place) page.dataset.anchor = place;
}

/** The document is the anchor again as soon as she acts in it (a tap or a key in the carnet's
 * main content, a value typed or pasted; not a focus, which the carnet itself moves when it
 * draws a document anew). The ref of that main element (React calls the cleanup it returns). */
export function followTheCoach(main: HTMLElement | null): (() => void) | undefined {
  if (!main) return undefined;
  const back = () => anchorTo("document");
  const types = ["pointerdown", "keydown", "input"] as const;
  for (const type of types) main.addEventListener(type, back, { capture: true });
  return () => {
    for (const type of types) main.removeEventListener(type, back, { capture: true });
  };
}
