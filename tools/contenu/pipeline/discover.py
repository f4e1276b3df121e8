"""Stage 1: find the files of a content directory and say what each one is."""

from __future__ import annotations

import os
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

Kind = Literal["singleton", "page", "article", "entry", "image", "unknown"]

_COLLECTION_FOLDERS = {c.folder for c in COLLECTIONS}


@dataclass(frozen=True)
class Source:
    """One file of ``content/``."""

    path: Path  # absolute
    rel: str  # relative to the content dir, with "/"
    display: str  # as shown in messages: "<content dir name>/<rel>"
    kind: Kind
    folder: str  # "pages", "temoignages", "reglages"…
    name: str  # file name without ".md": page name, slug or entry id


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


def discover(content_dir: Path) -> list[Source]:
    """Every file under ``content_dir`` (hidden files and folders skipped), sorted by path."""
    root = content_dir.resolve()
    sources: list[Source] = []
    for folder, dirs, files in os.walk(root):
        dirs[:] = [d for d in dirs if not d.startswith(".")]
        base = Path(folder)
        prefix = base.relative_to(root).as_posix()
        for file in files:
            # README.md at the top of content/ points coaches to their guide; it is no page.
            if file.startswith(".") or (prefix == "." and file == "README.md"):
                continue
            rel = file if prefix == "." else f"{prefix}/{file}"
            kind, top, name = classify(rel)
            sources.append(Source(base / file, rel, f"{root.name}/{rel}", kind, top, name))
    sources.sort(key=lambda s: s.rel)
    return sources
