// « conflit »: a file the coach edited changed elsewhere too (on GitHub, or saved meanwhile).
// Each part that differs (the frontmatter, each cell) is shown in both versions and the coach
// keeps one or the other.
import { useState } from "react";
import { t } from "../texts.ts";
import { differingParts, mergeParts, type Side } from "./merge.ts";

/** The two versions of one file (« content/… »); null: absent on that side. */
export interface TwoVersions {
  path: string;
  ours: Uint8Array | null;
  theirs: Uint8Array | null;
}

const decode = (bytes: Uint8Array | null) => (bytes ? new TextDecoder().decode(bytes) : "");

export function ConflictChooser({
  conflict,
  theirsLabel,
  onResolved,
}: {
  conflict: TwoVersions;
  /** What keeping the other version is called (« … de GitHub », « … enregistrée entre-temps »). */
  theirsLabel: string;
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
    <section className="carnet-conflict" aria-label={t("conflictTitle", { path: conflict.path })}>
      <h2>{t("conflictTitle", { path: conflict.path })}</h2>
      {parts.map((part) => (
        <fieldset key={part.key}>
          <legend>{part.key === "frontmatter" ? t("frontmatter") : part.key === "file" ? conflict.path : t("cellNumber", { n: Number(part.key) + 1 })}</legend>
          {(["ours", "theirs"] as const).map((side) => (
            <div key={side}>
              <label>
                <input
                  type="radio"
                  name={`${conflict.path}-${part.key}`}
                  checked={(choices[part.key] ?? "ours") === side}
                  onChange={() => setChoices({ ...choices, [part.key]: side })}
                />{" "}
                {side === "ours" ? t("keepMine") : theirsLabel}
              </label>
              {textual && <pre>{part[side] ?? t("absentPart")}</pre>}
            </div>
          ))}
        </fieldset>
      ))}
      <button type="button" onClick={keep}>
        {t("keepChoices")}
      </button>
    </section>
  );
}
