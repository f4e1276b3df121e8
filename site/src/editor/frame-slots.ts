// Places the carnet's own views offer to the frame around them (on GitHub: the proposal
// panel and « Proposer mes modifications »). The frame's components draw into them through
// portals, so that their state lives with the frame, not with the view (the list and the
// notebook are drawn anew after each proposal). A store outside React's state on purpose:
// only its readers draw again.
import { createContext } from "react";

/** The sticky bar of an open document: « Proposer mes modifications » goes beside
 * « Enregistrer », and saves the document first. */
export interface DocumentBar {
  /** Where the frame's actions are drawn. */
  element: HTMLElement;
  /** The document has changes not saved yet. */
  dirty: boolean;
  /** Saves the document as « Enregistrer » does; false when nothing was saved. */
  save(): Promise<boolean>;
}

export class SlotStore<T> {
  private value: T | null = null;
  private readonly listeners = new Set<() => void>();

  readonly subscribe = (listener: () => void): (() => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };

  readonly current = (): T | null => this.value;

  set(value: T | null): void {
    if (value === this.value) return;
    this.value = value;
    for (const listener of this.listeners) listener();
  }
}

/** The open document's bar (none in local mode: nothing is drawn there). */
export const DocumentBarContext = createContext<SlotStore<DocumentBar> | null>(null);
/** The element the frame's panel is drawn in, always the same: the carnet puts it under its
 * header, above its main content, wherever the view is drawn anew. */
export const FramePanelContext = createContext<HTMLElement | null>(null);
