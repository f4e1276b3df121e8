"""The git side of ``contenu changements``: which files of ``content/`` a branch changes, and
the content as it was at the branch point, written to a folder the pipeline can read.

Nothing here reads what a file means: that is the pipeline's job (``summary.py`` runs it on
both versions)."""

from __future__ import annotations

import enum
import re
import subprocess
from dataclasses import dataclass
from pathlib import Path

CONTENT_DIR = "content"
#: git's well-known id of the empty tree: the base when there is no previous commit.
EMPTY_TREE = "4b825dc642cb6eb9a060e54bf8d69288fbee4904"
_NULL_SHA = re.compile(r"^0{40}$")
_REGULAR_FILES = {"100644", "100755"}  # symbolic links and submodules are never read


class Kind(enum.Enum):
    """What happened to a file, in the words of the summary."""

    ADDED = "Ajout"
    MODIFIED = "Modification"
    DELETED = "Suppression"
    RENAMED = "Renommage"


@dataclass(frozen=True)
class FileChange:
    """One changed file; paths are relative to ``content/``."""

    kind: Kind
    path: str
    old_path: str | None = None


class GitError(Exception):
    """A git command failed; the message is French and meant for the user."""


def is_null(base: str) -> bool:
    """GitHub's base of a push that created a branch: there is no previous commit."""
    return _NULL_SHA.match(base) is not None


def parse_name_status(output: str) -> list[FileChange]:
    """Parse ``git diff --name-status -z`` output, keeping only files under ``content/``."""
    fields = output.split("\0")
    if fields and fields[-1] == "":
        fields.pop()
    changes: list[FileChange] = []
    i = 0
    while i < len(fields):
        letter = fields[i][:1]
        if letter in ("R", "C"):
            old_rel, new_rel = _relative(fields[i + 1]), _relative(fields[i + 2])
            i += 3
            if letter == "R" and old_rel and new_rel:
                change = FileChange(Kind.RENAMED, new_rel, old_rel)
            elif new_rel:  # a copy, or a file moved into content/
                change = FileChange(Kind.ADDED, new_rel)
            else:  # moved out of content/
                change = FileChange(Kind.DELETED, old_rel)
        else:
            kind = {"A": Kind.ADDED, "D": Kind.DELETED}.get(letter, Kind.MODIFIED)
            change = FileChange(kind, _relative(fields[i + 1]))
            i += 2
        if change.path:
            changes.append(change)
    return changes


def _relative(repo_path: str) -> str:
    prefix = CONTENT_DIR + "/"
    return repo_path[len(prefix) :] if repo_path.startswith(prefix) else ""


def _git(repo: Path, *args: str, stdin: bytes | None = None) -> bytes:
    try:
        done = subprocess.run(
            ["git", "-C", str(repo), *args], input=stdin, capture_output=True, check=False
        )
    except FileNotFoundError as error:
        raise GitError("git est introuvable : installez-le pour comparer les versions.") from error
    if done.returncode != 0:
        message = done.stderr.decode("utf-8", "replace").strip()
        raise GitError(message or f"git {' '.join(args)} a échoué")
    return done.stdout


def branch_point(repo: Path, base: str) -> str:
    """The commit the current branch started from (the merge base of ``base`` and HEAD), or
    the empty tree for a null ``base``."""
    if is_null(base):
        return EMPTY_TREE
    try:
        _git(repo, "rev-parse", "--verify", "--quiet", f"{base}^{{commit}}")
        return _git(repo, "merge-base", base, "HEAD").decode().strip()
    except GitError as error:
        raise GitError(
            f"la version de comparaison « {base} » est introuvable dans l’historique git "
            "(récupérez tout l’historique, par exemple avec « git fetch --unshallow »)."
        ) from error


def git_changes(repo: Path, since: str) -> list[FileChange]:
    """Files of ``content/`` changed between commit ``since`` and the working tree (what
    ``contenu check`` reads), new files not yet added to git included."""
    spec = ["--", CONTENT_DIR + "/"]
    diff = _git(repo, "diff", "--name-status", "-z", "-M", since, *spec)
    changes = parse_name_status(diff.decode("utf-8", "surrogateescape"))
    untracked = _git(repo, "ls-files", "-z", "--others", "--exclude-standard", *spec)
    for path in untracked.decode("utf-8", "surrogateescape").split("\0"):
        if _relative(path):
            changes.append(FileChange(Kind.ADDED, _relative(path)))
    return changes


def write_tree(repo: Path, commit: str, target: Path) -> None:
    """Write the regular files of ``content/`` at ``commit`` into ``target`` (which becomes
    that version's content folder). Symbolic links and submodules are left out."""
    target.mkdir(parents=True, exist_ok=True)
    if commit == EMPTY_TREE:
        return
    listing = _git(repo, "ls-tree", "-r", "-z", commit, "--", CONTENT_DIR + "/")
    wanted: list[tuple[str, str]] = []  # (object id, path relative to content/)
    for row in listing.split(b"\0"):
        if not row:
            continue
        meta, _, path = row.partition(b"\t")
        mode, kind, oid = meta.decode().split(" ")
        rel = _relative(path.decode("utf-8", "surrogateescape"))
        if kind == "blob" and mode in _REGULAR_FILES and rel:
            wanted.append((oid, rel))
    if not wanted:
        return
    data = _git(repo, "cat-file", "--batch", stdin="".join(f"{o}\n" for o, _ in wanted).encode())
    root = target.resolve()
    offset = 0
    for oid, rel in wanted:
        header_end = data.index(b"\n", offset)
        size = int(data[offset:header_end].split(b" ")[2])
        start = header_end + 1
        destination = (root / rel).resolve()
        if not destination.is_relative_to(root):  # git refuses such paths; never write them
            raise GitError(f"chemin refusé dans l’historique git : {rel} ({oid})")
        destination.parent.mkdir(parents=True, exist_ok=True)
        destination.write_bytes(data[start : start + size])
        offset = start + size + 1  # the content is followed by a newline
