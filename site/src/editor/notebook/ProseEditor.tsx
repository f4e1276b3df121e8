// A prose cell: its Markdown in a text area, with buttons that write the syntax for the
// coach (titre, gras, italique, lien, liste) around the selection.
import { useId, useRef, useState } from "react";
import { t, type TextKey } from "../texts.ts";

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
  { label: "link", apply: (s) => ({ before: "[", inner: s || t("sampleLink"), after: "](/)" }) },
  { label: "list", apply: (s) => ({ before: "\n", inner: lines(s || t("sampleItem"), "- "), after: "\n" }) },
];

interface Props {
  value: string;
  onChange(markdown: string): void;
  describedBy?: string;
  invalid?: boolean;
}

export function ProseEditor({ value, onChange: change, describedBy, invalid }: Props) {
  const id = useId();
  const area = useRef<HTMLTextAreaElement>(null);
  // The document keeps no line end at the end of a cell: the box keeps the ones just typed
  // (« Entrée » at the end starts a new paragraph), as long as the rest is the document's.
  const [typed, setTyped] = useState(value);
  const shown = typed.replace(/\n+$/, "") === value ? typed : value;
  const onChange = (markdown: string) => {
    setTyped(markdown);
    change(markdown);
  };
  const apply = (edit: Edit) => {
    const element = area.current;
    if (!element) return;
    const { selectionStart: start, selectionEnd: end } = element;
    const { before, inner, after } = edit.apply(shown.slice(start, end));
    onChange(shown.slice(0, start) + before + inner + after + shown.slice(end));
    // Select what was written inside, for the coach to type over it.
    requestAnimationFrame(() => {
      element.focus();
      element.setSelectionRange(start + before.length, start + before.length + inner.length);
    });
  };
  return (
    <div className="carnet-prose">
      <div role="toolbar" aria-label={t("toolbar")} aria-controls={id} className="carnet-prose__tools">
        {EDITS.map((edit) => (
          <button key={edit.label} type="button" onClick={() => apply(edit)}>
            {t(edit.label)}
          </button>
        ))}
      </div>
      <label htmlFor={id} className="carnet-visually-hidden">
        {t("proseText")}
      </label>
      <textarea
        id={id}
        ref={area}
        value={shown}
        rows={Math.min(20, Math.max(4, shown.split("\n").length + 1))}
        aria-describedby={describedBy}
        aria-invalid={invalid || undefined}
        onChange={(event) => onChange(event.target.value)}
      />
    </div>
  );
}
