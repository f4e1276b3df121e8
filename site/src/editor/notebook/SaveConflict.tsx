// A save refused because the file changed since it was opened (another tab, another person,
// an editor on the computer): both versions, part by part, the coach keeps one of each; the
// result is the document she saves next, over the version saved meanwhile. Nothing is lost.
import { ConflictChooser } from "../conflict/ConflictChooser.tsx";
import { t } from "../texts.ts";

interface Props {
  path: string;
  /** The coach's document, as she tried to save it. */
  ours: string;
  /** The file as it is now. */
  theirs: string;
  onResolved(merged: string): void;
}

const bytes = (text: string) => new TextEncoder().encode(text);

export function SaveConflict({ path, ours, theirs, onResolved }: Props) {
  return (
    <div className="carnet-save-conflict" role="group" aria-label={t("changedMeanwhileTitle")}>
      <p role="alert">{t("changedMeanwhile")}</p>
      <ConflictChooser
        conflict={{ path: `content/${path}`, ours: bytes(ours), theirs: bytes(theirs) }}
        theirsLabel={t("keepSavedMeanwhile")}
        onResolved={(text) => onResolved(text ?? ours)}
      />
    </div>
  );
}
