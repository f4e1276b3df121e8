// A save refused because the file changed since it was opened (another tab, another person,
// an editor on the computer): a three-way merge of the version she opened, hers and the one
// saved meanwhile; what only one side changed is kept, each field both changed is asked. The
// result is the document she saves next, over the version saved meanwhile. Nothing is lost.
import { ConflictChooser } from "../conflict/ConflictChooser.tsx";
import { t } from "../texts.ts";

interface Props {
  path: string;
  /** The file as she opened it (or last saved it). */
  base: string;
  /** The coach's document, as she tried to save it. */
  ours: string;
  /** The file as it is now. */
  theirs: string;
  onResolved(merged: string): void;
}

const bytes = (text: string) => new TextEncoder().encode(text);

export function SaveConflict({ path, base, ours, theirs, onResolved }: Props) {
  return (
    <div className="carnet-save-conflict" role="group" aria-label={t("changedMeanwhileTitle")}>
      <p role="alert">{t("changedMeanwhile")}</p>
      <ConflictChooser
        conflict={{ path: `content/${path}`, base: bytes(base), ours: bytes(ours), theirs: bytes(theirs), author: null, date: null }}
        elsewhere="saved"
        onResolved={(text) => onResolved(text ?? ours)}
      />
    </div>
  );
}
