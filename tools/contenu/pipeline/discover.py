"""Stage 1: find the files of a content directory and say what each one is.

``content/`` is a trust boundary: anyone who can open a pull request writes there. Only
regular files inside it are ever opened. A symbolic link (to a file or a folder), a special
file, a name with control characters, or a file in a place the pipeline does not read is a
``refused`` source: it carries the French reason (``problem``), is never opened, and ``load``
reports it as an error. Nothing under ``content/`` is silently ignored, except hidden files
and the ``README.md`` at its top.
"""

from __future__ import annotations

import errno
import os
import stat
import unicodedata
from dataclasses import dataclass
from pathlib import Path
from typing import Literal

from contenu.models import (
    ARTICLES_FOLDER,
    COLLECTIONS,
    IMAGES_FOLDER,
    PAGES_FOLDER,
    SINGLETONS,
)
from contenu.models.common import IMAGE_SUFFIXES
from contenu.pipeline.limits import MAX_MARKDOWN_BYTES
from contenu.report.diagnostics import did_you_mean, quote_list

Kind = Literal["singleton", "page", "article", "entry", "image", "unknown", "refused"]

_COLLECTION_FOLDERS = {c.folder for c in COLLECTIONS}
_SETTINGS_FOLDER = Path(next(iter(SINGLETONS))).parent.as_posix()
_FOLDERS = [PAGES_FOLDER, ARTICLES_FOLDER, _SETTINGS_FOLDER, IMAGES_FOLDER] + [
    c.folder for c in COLLECTIONS
]
#: What looks like an image (a .gif too: it is refused, but with where images go).
_IMAGE_SUFFIXES = IMAGE_SUFFIXES | {".gif"}


@dataclass(frozen=True)
class Source:
    """One file of ``content/``."""

    path: Path  # absolute
    rel: str  # relative to the content dir, with "/"
    display: str  # as shown in messages: "<content dir name>/<rel>", control characters escaped
    kind: Kind
    folder: str  # "pages", "temoignages", "reglages"…
    name: str  # file name without ".md": page name, slug or entry id
    problem: str = ""  # why a "refused" source is not read (French)


def classify(rel: str) -> tuple[Kind, str, str]:
    """Kind, folder and name of a path relative to the content dir."""
    parts = rel.split("/")
    folder = parts[0] if len(parts) > 1 else ""
    if folder == IMAGES_FOLDER:
        return "image", folder, rel
    if rel in SINGLETONS:
        return "singleton", folder, Path(rel).stem
    if len(parts) != 2 or not parts[1].endswith(".md"):
        return "unknown", folder, rel
    name = parts[1][: -len(".md")]
    if folder == PAGES_FOLDER:
        return "page", folder, name
    if folder == ARTICLES_FOLDER:
        return "article", folder, name
    if folder in _COLLECTION_FOLDERS:
        return "entry", folder, name
    return "unknown", folder, name


# --- Names --------------------------------------------------------------------------------

_BIDI_CONTROLS = {chr(c) for c in (*range(0x202A, 0x202F), *range(0x2066, 0x206A), 0x200E, 0x200F)}


def _unsafe(char: str) -> bool:
    """Characters that would change what a terminal or a workflow log shows (newline, ESC,
    bidirectional overrides…) or that are not text at all (undecodable bytes)."""
    return unicodedata.category(char) in {"Cc", "Cs", "Zl", "Zp"} or char in _BIDI_CONTROLS


def has_unsafe(name: str) -> bool:
    return not name.isprintable() and any(_unsafe(c) for c in name)


def escaped(name: str) -> str:
    """``name`` with every unsafe character written as an escape (``\\n``, ``\\x1b``…)."""
    if not has_unsafe(name):
        return name
    out = []
    for char in name:
        if not _unsafe(char):
            out.append(char)
        elif char in "\n\t\r":
            out.append({"\n": "\\n", "\t": "\\t", "\r": "\\r"}[char])
        elif ord(char) < 0x100:
            out.append(f"\\x{ord(char):02x}")
        elif 0xDC80 <= ord(char) <= 0xDCFF:  # an undecodable byte (surrogateescape)
            out.append(f"\\x{ord(char) - 0xDC00:02x}")
        else:
            out.append(f"\\u{ord(char):04x}")
    return "".join(out)


# --- Where a file must go ----------------------------------------------------------------


def placement_problem(rel: str) -> str:
    """Why the pipeline does not read the file at ``rel``, and where it must go (French)."""
    parts = rel.split("/")
    name = parts[-1]
    stem, dot, suffix = name.rpartition(".")
    if not dot:
        stem, suffix = name, ""
    markdown = f"{stem.lower()}.md"
    if suffix.lower() in {s[1:] for s in _IMAGE_SUFFIXES}:
        return (
            "image en dehors de content/images/ : elle ne serait pas publiée ; déplacez-la "
            f"dans content/images/ (par exemple content/images/{name})"
        )
    if len(parts) == 1:
        return (
            "fichier à la racine de content/ : rien n’y est lu ; rangez-le dans le dossier de "
            f"sa sorte ({quote_list(_FOLDERS)})"
        )
    folder = parts[0]
    if folder == _SETTINGS_FOLDER:
        allowed = [Path(rel).name for rel in SINGLETONS]
        return (
            f"seuls {quote_list(allowed)} sont lus dans content/{folder}/"
            f"{did_you_mean(name, allowed)}"
        )
    if folder not in _FOLDERS:
        return (
            f"dossier inconnu « {folder} » : rien n’y est lu{did_you_mean(folder, _FOLDERS)} ; "
            f"les dossiers du contenu sont {quote_list(_FOLDERS)}"
        )
    if len(parts) > 2:
        target = f"{parts[-2].lower()}.md" if name == "index.md" else markdown
        return (
            f"pas de sous-dossier dans content/{folder}/ : le fichier ne serait jamais publié ; "
            f"déplacez-le en content/{folder}/{target}"
        )
    return (
        "seuls les fichiers qui finissent par « .md » (en minuscules) sont lus : renommez-le "
        f"en « {markdown} » (content/{folder}/{markdown})"
    )


def _refused(path: Path, rel: str, root: Path, problem: str) -> Source:
    display = f"{root.name}/{escaped(rel)}"
    return Source(path, rel, display, "refused", rel.split("/")[0], escaped(rel), problem)


def _link_problem(is_dir: bool) -> str:
    what = "dossier" if is_dir else "fichier"
    return (
        f"lien symbolique refusé : ce {what} renvoie ailleurs, et seuls les vrais fichiers du "
        "dossier content/ sont lus ; remplacez le lien par le "
        f"{what} lui-même"
    )


# --- Walking ------------------------------------------------------------------------------


def discover(content_dir: Path) -> list[Source]:
    """Every file under ``content_dir`` (hidden files and folders skipped), sorted by path."""
    root = content_dir.resolve()
    sources: list[Source] = []
    pending = [(root, "")]
    while pending:
        folder, prefix = pending.pop()
        with os.scandir(folder) as entries:
            for entry in entries:
                if entry.name.startswith("."):
                    continue
                # README.md at the top of content/ points coaches to their guide; no page.
                if not prefix and entry.name == "README.md" and entry.is_file():
                    continue
                rel = f"{prefix}{entry.name}"
                path = folder / entry.name
                source = _source(entry, path, rel, root)
                if source is None:
                    pending.append((path, rel + "/"))
                else:
                    sources.append(source)
    sources.sort(key=lambda s: s.rel)
    return sources


def _source(entry: os.DirEntry[str], path: Path, rel: str, root: Path) -> Source | None:
    """The source of one directory entry, or None for a folder to walk into."""
    if has_unsafe(entry.name):
        return _refused(
            path,
            rel,
            root,
            f"nom refusé : « {escaped(entry.name)} » contient un caractère de contrôle (retour "
            "à la ligne, tabulation, échappement…) ; renommez-le avec des lettres, des "
            "chiffres et des tirets",
        )
    if entry.is_symlink():
        return _refused(path, rel, root, _link_problem(entry.is_dir()))
    if entry.is_dir(follow_symlinks=False):
        return None
    if not entry.is_file(follow_symlinks=False):
        problem = "fichier spécial refusé (ni un fichier ordinaire, ni un dossier)"
        return _refused(path, rel, root, problem)
    kind, top, name = classify(rel)
    if kind == "unknown":
        return _refused(path, rel, root, placement_problem(rel))
    return Source(path, rel, f"{root.name}/{rel}", kind, top, name)


class Oversized(bytes):
    """Stands for a file over the size limit, which is not read: empty, with its size."""

    size: int

    @classmethod
    def of(cls, size: int) -> Oversized:
        marker = cls()
        marker.size = size
        return marker


def read_source(source: Source) -> bytes:
    """The bytes of a content file, opened without following a symbolic link (one could
    have replaced the file since ``discover``). A refused source is not opened (b""); a file
    over the size limit is not read (``Oversized``, for ``load`` to report)."""
    if source.problem:
        return b""
    flags = os.O_RDONLY | getattr(os, "O_NOFOLLOW", 0) | getattr(os, "O_NONBLOCK", 0)
    fd = os.open(source.path, flags)
    with os.fdopen(fd, "rb") as handle:
        info = os.fstat(fd)
        if not stat.S_ISREG(info.st_mode):
            raise OSError(errno.EINVAL, "ce n’est pas un fichier ordinaire", str(source.path))
        if info.st_size > MAX_MARKDOWN_BYTES:
            return Oversized.of(info.st_size)
        return handle.read(MAX_MARKDOWN_BYTES + 1)  # + 1: a file that grew meanwhile
