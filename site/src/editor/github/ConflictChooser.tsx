// « conflit »: a file the coach edited changed on GitHub too. Each part that differs (the
// frontmatter, each cell) is shown in both versions and the coach keeps one or the other.
import { useState } from "react";
import type { FileConflict } from "./errors.ts";
import { differingParts, mergeParts, type Side } from "./merge.ts";
import { PANEL } from "./texts.ts";

const decode = (bytes: Uint8Array | null) => (bytes ? new TextDecoder().decode(bytes) : "");

export function ConflictChooser({
  conflict,
  onResolved,
}: {
  conflict: FileConflict;
  onResolved: (text: string | null, bytes: Uint8Array | null) => void;
}) {
  const ours = decode(conflict.ours);
  const theirs = decode(conflict.theirs);
  const textual = conflict.path.endsWith(".md") && conflict.ours !== null && conflict.theirs !== null;
  const parts = textual ? differingParts(conflict.path, ours, theirs) : [{ key: "file", ours: null, theirs: null }];
  const [choices, setChoices] = useState<Record<string, Side>>({});

  const keep = () => {
    if (textual) onResolved(mergeParts(conflict.path, ours, theirs, choices), null);
    else onResolved(null, choices.file === "theirs" ? conflict.theirs : conflict.ours);
  };

  return (
    <section className="carnet-conflict" aria-label={PANEL.conflictTitle(conflict.path)}>
      <h2>{PANEL.conflictTitle(conflict.path)}</h2>
      {parts.map((part) => (
        <fieldset key={part.key}>
          <legend>{part.key === "frontmatter" ? PANEL.frontmatterPart : part.key === "file" ? conflict.path : PANEL.cellPart(Number(part.key))}</legend>
          {(["ours", "theirs"] as const).map((side) => (
            <div key={side}>
              <label>
                <input
                  type="radio"
                  name={`${conflict.path}-${part.key}`}
                  checked={(choices[part.key] ?? "ours") === side}
                  onChange={() => setChoices({ ...choices, [part.key]: side })}
                />{" "}
                {side === "ours" ? PANEL.ours : PANEL.theirs}
              </label>
              {textual && <pre>{part[side] ?? PANEL.empty}</pre>}
            </div>
          ))}
        </fieldset>
      ))}
      <button type="button" onClick={keep}>
        {PANEL.keepChoices}
      </button>
    </section>
  );
}
