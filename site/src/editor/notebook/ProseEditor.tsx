// A prose cell: its Markdown in a text area, with buttons that write the syntax for the
// coach (titre, gras, italique, lien, liste) around the selection. Enter starts a paragraph
// (or the next item of a list) and Shift+Enter breaks the line, anywhere, the end included:
// the text area keeps what was typed even where the document keeps no trailing blank line.
import { useId, useRef, useState, type KeyboardEvent } from "react";
import { t, type TextKey } from "../texts.ts";
import { LinkForm } from "./LinkForm.tsx";
import { LINE_BREAK, enterAt, markdownLink } from "./typing.ts";

interface Edit {
  label: TextKey;
  /** Text before and after the selection, and what stands in for an empty selection. */
  apply(selected: string): { before: string; inner: string; after: string };
}

const lines = (text: string, prefix: string) => text.split("\n").map((line) => prefix + line).join("\n");

const EDITS: Edit[] = [
  { label: "heading", apply: (s) => ({ before: "\n## ", inner: s || t("sampleHeading"), after: "\n" }) },
  { label: "bold", apply: (s) => ({ before: "**", inner: s || t("sampleBold"), after: "**" }) },
  { label: "italic", apply: (s) => ({ before: "*", inner: s || t("sampleItalic"), after: "*" }) },
  { label: "list", apply: (s) => ({ before: "\n", inner: lines(s || t("sampleItem"), "- "), after: "\n" }) },
];

/** The document keeps no blank line at the end of a cell (setProse). */
const stored = (text: string) => text.replace(/\n+$/, "");

interface Props {
  value: string;
  onChange(markdown: string): void;
  describedBy?: string;
  invalid?: boolean;
  /** The `<datalist>` of the site's routes, offered by « Lien ». */
  routesListId?: string;
}

export function ProseEditor({ value, onChange, describedBy, invalid, routesListId }: Props) {
  const id = useId();
  const area = useRef<HTMLTextAreaElement>(null);
  // What the text area shows: the document's text and the line breaks typed at its end.
  const [typed, setTyped] = useState(value);
  if (stored(typed) !== value) setTyped(value); // changed elsewhere (undo, a draft resumed)
  const [link, setLink] = useState<{ start: number; end: number } | null>(null);

  const write = (text: string) => {
    setTyped(text);
    onChange(text);
  };
  /** Writes `text` over the selection as typing would (the browser's undo keeps it). */
  const insert = (element: HTMLTextAreaElement, text: string, start: number, end: number) => {
    element.focus();
    element.setSelectionRange(start, end);
    if (!document.execCommand("insertText", false, text)) {
      const next = typed.slice(0, start) + text + typed.slice(end);
      write(next);
      requestAnimationFrame(() => element.setSelectionRange(start + text.length, start + text.length));
    }
  };
  const onKeyDown = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    if (event.key !== "Enter" || event.nativeEvent.isComposing || event.ctrlKey || event.metaKey || event.altKey) return;
    const element = event.currentTarget;
    const { selectionStart: start, selectionEnd: end } = element;
    event.preventDefault();
    if (event.shiftKey || start !== end) {
      insert(element, event.shiftKey ? LINE_BREAK : "\n\n", start, end);
      return;
    }
    const edit = enterAt(typed, start);
    insert(element, edit.insert, edit.from, start);
  };
  const apply = (edit: Edit) => {
    const element = area.current;
    if (!element) return;
    const { selectionStart: start, selectionEnd: end } = element;
    const { before, inner, after } = edit.apply(typed.slice(start, end));
    write(typed.slice(0, start) + before + inner + after + typed.slice(end));
    // Select what was written inside, for the coach to type over it.
    requestAnimationFrame(() => {
      element.focus();
      element.setSelectionRange(start + before.length, start + before.length + inner.length);
    });
  };
  const insertLink = ({ address, text }: { address: string; text: string }) => {
    const element = area.current;
    const at = link;
    setLink(null);
    if (element && at) insert(element, markdownLink(text, address), at.start, at.end);
  };
  const cancelLink = () => {
    const at = link;
    setLink(null);
    area.current?.focus();
    if (at) area.current?.setSelectionRange(at.start, at.end);
  };
  const openLink = () => {
    const element = area.current;
    if (element) setLink({ start: element.selectionStart, end: element.selectionEnd });
  };
  return (
    <div className="carnet-prose">
      <div role="toolbar" aria-label={t("toolbar")} aria-controls={id} className="carnet-prose__tools">
        {EDITS.slice(0, 3).map((edit) => (
          <button key={edit.label} type="button" onClick={() => apply(edit)}>
            {t(edit.label)}
          </button>
        ))}
        <button type="button" aria-expanded={link !== null} onClick={() => (link ? cancelLink() : openLink())}>
          {t("link")}
        </button>
        {EDITS.slice(3).map((edit) => (
          <button key={edit.label} type="button" onClick={() => apply(edit)}>
            {t(edit.label)}
          </button>
        ))}
      </div>
      {link && <LinkForm routesListId={routesListId} text={typed.slice(link.start, link.end)} onInsert={insertLink} onCancel={cancelLink} />}
      <label htmlFor={id} className="carnet-visually-hidden">
        {t("proseText")}
      </label>
      <textarea
        id={id}
        ref={area}
        value={typed}
        rows={Math.min(20, Math.max(4, typed.split("\n").length + 1))}
        aria-describedby={describedBy}
        aria-invalid={invalid || undefined}
        onKeyDown={onKeyDown}
        onChange={(event) => write(event.target.value)}
      />
    </div>
  );
}
