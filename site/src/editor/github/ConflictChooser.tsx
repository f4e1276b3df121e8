// « Conflit »: a document the coach changed was changed on GitHub too. Everything only one
// side changed is already merged; each field both changed differently is shown as the form
// shows it, her version and the colleague's (named, dated, the difference highlighted), and
// nothing is chosen for her: the merged file is made only once every field has a choice.
import { useId, useMemo, useState } from "react";
import { CONFLICT, conflictDate, conflictText } from "./conflict-texts.ts";
import { showConflict, type ShownConflict } from "./conflict-fields.ts";
import type { FileConflict } from "./errors.ts";
import { mergeDocument, type Merge, type Side } from "./merge.ts";
import { wordDiff, type Piece } from "./word-diff.ts";

const decoder = new TextDecoder("utf-8", { fatal: true });

/** The file's merge when it is a document both sides hold as text; null for a whole-file choice. */
function documentMerge(conflict: FileConflict): Merge | null {
  const { path, base, ours, theirs } = conflict;
  if (!path.endsWith(".md") || !ours || !theirs) return null;
  try {
    return mergeDocument(path.replace(/^content\//, ""), base ? decoder.decode(base) : null, decoder.decode(ours), decoder.decode(theirs));
  } catch {
    return null;
  }
}

function Pieces({ pieces }: { pieces: Piece[] }) {
  return (
    <>
      {pieces.map((piece, i) => (piece.changed ? <mark key={i}>{piece.text}</mark> : <span key={i}>{piece.text}</span>))}
    </>
  );
}

interface FieldProps {
  field: ShownConflict;
  name: string;
  author: string;
  theirsTitle: string;
  choice: Side | undefined;
  onChoose: (side: Side) => void;
}

function ConflictField({ field, name, author, theirsTitle, choice, onChoose }: FieldProps) {
  const id = useId();
  const diff = wordDiff(field.ours, field.theirs);
  const sides = [
    { side: "ours" as const, title: CONFLICT.ours, keep: CONFLICT.keepOurs, pieces: diff.mine },
    { side: "theirs" as const, title: theirsTitle, keep: conflictText("keepTheirs", { author }), pieces: diff.other },
  ];
  return (
    <fieldset className="carnet-conflict-field">
      <legend>{field.label}</legend>
      <p className="carnet-conflict-where">{field.where}</p>
      {sides.map(({ side, title, keep, pieces }) => (
        <div key={side} className="carnet-conflict-version">
          <p className="carnet-conflict-version-title" id={`${id}-${side}-title`}>
            {title}
          </p>
          <p className="carnet-conflict-value" id={`${id}-${side}`}>
            <Pieces pieces={pieces} />
          </p>
          <label className="carnet-conflict-keep">
            <input
              type="radio"
              name={name}
              checked={choice === side}
              onChange={() => onChoose(side)}
              aria-describedby={`${id}-${side}-title ${id}-${side}`}
            />{" "}
            {keep}
          </label>
        </div>
      ))}
    </fieldset>
  );
}

export function ConflictChooser({
  conflict,
  onResolved,
}: {
  conflict: FileConflict;
  onResolved: (text: string | null, bytes: Uint8Array | null) => void;
}) {
  const name = useId();
  const merge = useMemo(() => documentMerge(conflict), [conflict]);
  const author = conflict.author ?? CONFLICT.someone;
  const date = conflictDate(conflict.date);
  const fields: ShownConflict[] = useMemo(() => {
    if (merge) return merge.conflicts.map((c) => showConflict(conflict.path, c));
    const file = conflict.path.replace(/^content\//, "");
    const shown = (bytes: Uint8Array | null) => (bytes ? file : CONFLICT.deletedFile);
    return [{ id: "file", label: conflictText("binary", { file }), where: "", ours: shown(conflict.ours), theirs: shown(conflict.theirs) }];
  }, [merge, conflict]);
  const [choices, setChoices] = useState<Record<string, Side>>({});
  const [problem, setProblem] = useState("");
  const theirsTitle = date ? conflictText("theirsDated", { author, date }) : conflictText("theirs", { author });
  const title = conflictText("title", { file: conflict.path.replace(/^content\//, "") });

  const keep = () => {
    const missing = fields.filter((f) => !choices[f.id]);
    if (missing.length) {
      setProblem(conflictText("missing", { fields: missing.map((f) => f.label).join(", ") }));
      return;
    }
    if (!merge) {
      onResolved(null, choices.file === "theirs" ? conflict.theirs : conflict.ours);
      return;
    }
    try {
      onResolved(merge.write(choices), null);
    } catch {
      setProblem(CONFLICT.unwritable);
    }
  };

  return (
    <section className="carnet-conflict" aria-label={title}>
      <h2>{title}</h2>
      <p>{conflictText(merge ? "intro" : "introFile", { author, when: date ? conflictText("when", { date }) : "" })}</p>
      {fields.map((field) => (
        <ConflictField
          key={field.id}
          field={field}
          name={`${name}-${field.id}`}
          author={author}
          theirsTitle={theirsTitle}
          choice={choices[field.id]}
          onChoose={(side) => {
            setChoices({ ...choices, [field.id]: side });
            setProblem("");
          }}
        />
      ))}
      {problem && <p role="alert">{problem}</p>}
      <button type="button" onClick={keep}>
        {CONFLICT.keep}
      </button>
    </section>
  );
}
