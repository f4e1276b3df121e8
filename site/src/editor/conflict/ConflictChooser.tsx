// « Conflit »: a document the coach changed was changed elsewhere too: on GitHub by a
// colleague, or saved meanwhile (another tab, another person, an editor on the computer).
// Everything only one side changed is already merged; each field both changed differently
// is shown as the form shows it, her version and the other one (named, dated when known, the
// difference highlighted), and nothing is chosen for her: the merged file is made only once
// every field has a choice. Generic: it knows the three versions, never a backend.
import { useId, useMemo, useState } from "react";
import { CONFLICT, conflictDate, conflictText } from "./conflict-texts.ts";
import { showConflict, type ShownConflict } from "./conflict-fields.ts";
import { mergeDocument, type Merge, type Side } from "./merge.ts";
import { wordDiff, type Piece } from "./word-diff.ts";

/** The three versions of one file (« content/… »); null: absent on that side. */
export interface ThreeVersions {
  path: string;
  /** The version she opened (null: the file did not exist). */
  base: Uint8Array | null;
  /** The coach's version. */
  ours: Uint8Array | null;
  /** The other version (GitHub's now, or the one saved meanwhile). */
  theirs: Uint8Array | null;
  /** Who made the other version and when, when known. */
  author: string | null;
  date: string | null;
}

/** Where the other version comes from: GitHub (a colleague's commit) or a save made meanwhile. */
export type Elsewhere = "github" | "saved";

const decoder = new TextDecoder("utf-8", { fatal: true });

/** The file's merge when it is a document both sides hold as text; null for a whole-file choice. */
function documentMerge(conflict: ThreeVersions): Merge | null {
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
  theirsTitle: string;
  theirsKeep: string;
  choice: Side | undefined;
  onChoose: (side: Side) => void;
}

function ConflictField({ field, name, theirsTitle, theirsKeep, choice, onChoose }: FieldProps) {
  const id = useId();
  const diff = wordDiff(field.ours, field.theirs);
  const sides = [
    { side: "ours" as const, title: CONFLICT.ours, keep: CONFLICT.keepOurs, pieces: diff.mine },
    { side: "theirs" as const, title: theirsTitle, keep: theirsKeep, pieces: diff.other },
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

/** The other version's title and « keep » label, and the intro, by where it comes from. */
function namesOf(elsewhere: Elsewhere, conflict: ThreeVersions, document: boolean) {
  const date = conflictDate(conflict.date);
  if (elsewhere === "saved") {
    return {
      theirsTitle: date ? conflictText("savedDated", { date }) : CONFLICT.saved,
      theirsKeep: CONFLICT.keepSaved,
      intro: document ? CONFLICT.introSaved : CONFLICT.introSavedFile,
    };
  }
  const author = conflict.author ?? CONFLICT.someone;
  return {
    theirsTitle: date ? conflictText("theirsDated", { author, date }) : conflictText("theirs", { author }),
    theirsKeep: conflictText("keepTheirs", { author }),
    intro: conflictText(document ? "intro" : "introFile", { author, when: date ? conflictText("when", { date }) : "" }),
  };
}

export function ConflictChooser({
  conflict,
  elsewhere = "github",
  onResolved,
}: {
  conflict: ThreeVersions;
  elsewhere?: Elsewhere;
  onResolved: (text: string | null, bytes: Uint8Array | null) => void;
}) {
  const name = useId();
  const merge = useMemo(() => documentMerge(conflict), [conflict]);
  const fields: ShownConflict[] = useMemo(() => {
    if (merge) return merge.conflicts.map((c) => showConflict(conflict.path, c));
    const file = conflict.path.replace(/^content\//, "");
    const shown = (bytes: Uint8Array | null) => (bytes ? file : CONFLICT.deletedFile);
    return [{ id: "file", label: conflictText("binary", { file }), where: "", ours: shown(conflict.ours), theirs: shown(conflict.theirs) }];
  }, [merge, conflict]);
  const [choices, setChoices] = useState<Record<string, Side>>({});
  const [problem, setProblem] = useState("");
  const { theirsTitle, theirsKeep, intro } = namesOf(elsewhere, conflict, merge !== null);
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
      <p>{intro}</p>
      {fields.map((field) => (
        <ConflictField
          key={field.id}
          field={field}
          name={`${name}-${field.id}`}
          theirsTitle={theirsTitle}
          theirsKeep={theirsKeep}
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
