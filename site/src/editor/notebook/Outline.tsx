// « Plan du document »: every part of the document (its header, then each cell with a few of
// its words), in the bar that stays at the top; choosing one takes the focus to its first
// field, so any field is a few keystrokes from the document's title, on a phone as well.
import { useId, useRef, useState, type FocusEvent } from "react";
import { t } from "../texts.ts";

export interface OutlineEntry {
  /** The part: "frontmatter" or a cell's stable id. */
  key: string;
  /** Its French name (« Bannière d’ouverture »). */
  label: string;
  /** A cell's number (« Cellule 2 »), null for the header. */
  number: number | null;
  /** A few of its words (its title, its text's first line), "" for none. */
  detail: string;
  /** It holds an error. */
  invalid: boolean;
}

interface Props {
  entries: readonly OutlineEntry[];
  onJump(key: string): void;
}

export function Outline({ entries, onJump }: Props) {
  const [open, setOpen] = useState(false);
  const id = useId();
  const toggle = useRef<HTMLButtonElement>(null);
  const close = (focusToggle: boolean) => {
    setOpen(false);
    if (focusToggle) toggle.current?.focus();
  };
  // Like a menu: gone once the focus has left it.
  const onBlur = (event: FocusEvent<HTMLElement>) => {
    if (open && !event.currentTarget.contains(event.relatedTarget as Node | null)) setOpen(false);
  };
  return (
    <nav className={`carnet-outline${open ? " is-open" : ""}`} aria-label={t("outline")} onBlur={onBlur}>
      <button ref={toggle} type="button" aria-expanded={open} aria-controls={id} onClick={() => setOpen(!open)}>
        {t("outline")}
      </button>
      <ol id={id} className="carnet-outline__list" hidden={!open} onKeyDown={(event) => event.key === "Escape" && close(true)}>
        {entries.map((entry) => (
          <li key={entry.key}>
            <button
              type="button"
              className={entry.invalid ? "carnet-outline__entry carnet-outline__entry--invalid" : "carnet-outline__entry"}
              onClick={() => {
                close(false);
                onJump(entry.key);
              }}
            >
              <span className="carnet-outline__label">
                {entry.number === null ? entry.label : t("outlineEntry", { n: entry.number, label: entry.label })}
              </span>
              {entry.detail && <span className="carnet-outline__detail">{entry.detail}</span>}
              {entry.invalid && <span className="carnet-outline__invalid">{t("outlineInvalid")}</span>}
            </button>
          </li>
        ))}
      </ol>
    </nav>
  );
}
