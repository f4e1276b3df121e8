// « Ce qui sera proposé »: every file waiting to be proposed, whatever put it there, with
// what it changes against GitHub's version and « Retirer ». Nothing reaches a pull request
// that the coach could not see here first.
import { useEffect, useState } from "react";
import type { GitHubClient } from "./client.ts";
import { NotFoundError } from "./errors.ts";
import { hunks, lineDiff, type DiffLine } from "./line-diff.ts";
import type { PendingChanges, PendingFile } from "./pending.ts";
import { PANEL } from "./texts.ts";

interface Props {
  client: GitHubClient;
  pending: PendingChanges;
  /** Bumped when the pending files change: GitHub's versions are read again. */
  version: number;
  onRemove(path: string): void;
}

/** GitHub's text of a file (null: a new file), or undefined while it is read. */
type Before = string | null | undefined;

const PREFIX = { added: PANEL.diffAdded, removed: PANEL.diffRemoved, same: PANEL.diffSame } as const;

/** What a file changes, in one shape whether GitHub's version is read yet or not: a line of
 * counts, then « Voir les différences ». Nothing above the open document moves when the
 * answer arrives (a tap on « Enregistrer » is not lost to a row growing under the finger). */
function Differences({ file, before }: { file: PendingFile; before: Before }) {
  if (file.base64 !== undefined)
    return <span className="carnet-review__what">{PANEL.image(Math.ceil((file.base64.length * 3) / 4 / 1000))}</span>;
  const lines = before === undefined ? null : lineDiff(before ?? "", file.text ?? "");
  const added = lines?.filter((l) => l.kind === "added").length ?? 0;
  const removed = lines?.filter((l) => l.kind === "removed").length ?? 0;
  return (
    <>
      <span className="carnet-review__what">
        {lines === null
          ? PANEL.diffLoading
          : `${before === null ? PANEL.added : PANEL.modified} · ${PANEL.lineCounts(added, removed)}`}
      </span>
      <details>
        <summary>{PANEL.showDiff(file.path)}</summary>
        <pre className="carnet-diff">
          {lines === null
            ? PANEL.diffLoading
            : hunks(lines).map((line: DiffLine | null, i) =>
                line === null ? (
                  <span key={i}>{`${PANEL.diffSkipped}\n`}</span>
                ) : (
                  <span key={i} className={`carnet-diff__${line.kind}`}>{`${PREFIX[line.kind]}${line.text}\n`}</span>
                ),
              )}
        </pre>
      </details>
    </>
  );
}

export function PendingReview({ client, pending, version, onRemove }: Props) {
  const [before, setBefore] = useState<ReadonlyMap<string, Before>>(new Map());
  const files = pending.list();
  const paths = files.map((file) => file.path).join("\n");

  useEffect(() => {
    let live = true;
    const wanted = paths ? paths.split("\n") : [];
    void Promise.all(
      wanted.map(async (path): Promise<[string, Before]> => {
        try {
          return [path, new TextDecoder().decode(await client.peekFile(`content/${path}`))];
        } catch (error) {
          return [path, error instanceof NotFoundError ? null : ""];
        }
      }),
    ).then((read) => live && setBefore(new Map(read)));
    return () => {
      live = false;
    };
  }, [client, paths, version]);

  if (!files.length) return null;
  return (
    <section aria-labelledby="carnet-review">
      <h2 id="carnet-review">{PANEL.review}</h2>
      <p>{PANEL.reviewHelp}</p>
      <ul className="carnet-review">
        {files.map((file) => (
          <li key={file.path}>
            <code>content/{file.path}</code>{" "}
            <button type="button" aria-label={PANEL.removeFile(file.path)} onClick={() => onRemove(file.path)}>
              {PANEL.remove}
            </button>{" "}
            <Differences file={file} before={before.get(file.path)} />
          </li>
        ))}
      </ul>
    </section>
  );
}
