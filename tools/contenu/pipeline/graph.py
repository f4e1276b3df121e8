"""The graph of valid files the collect stage builds and ``emit`` writes out, and what other
stages ask of it: an article's status, the entries a file shows."""

from __future__ import annotations

import datetime as dt
from dataclasses import dataclass, field
from typing import Any, Literal

from contenu.models import COLLECTIONS, Article
from contenu.models.cells import CollectionCell
from contenu.models.legal import LegalNotice
from contenu.models.site import SiteSettings
from contenu.pipeline.discover import Source
from contenu.pipeline.validate import FileResult

Status = Literal["published", "draft", "scheduled"]
CELL_TO_FOLDER = {c.cell: c.folder for c in COLLECTIONS}
#: An article status in French.
STATUS_WORDS: dict[Status, str] = {
    "draft": "brouillon",
    "scheduled": "programmé",
    "published": "publié",
}


@dataclass
class Graph:
    """Everything valid that the build writes out."""

    settings: SiteSettings | None = None
    legal: LegalNotice | None = None
    pages: dict[str, FileResult] = field(default_factory=dict)
    articles: dict[str, FileResult] = field(default_factory=dict)
    entries: dict[str, dict[str, FileResult]] = field(default_factory=dict)
    images: dict[str, Source] = field(default_factory=dict)  # "/images/x.jpg" → file
    status: dict[str, Status] = field(default_factory=dict)  # article slug → status
    # "/images/x.jpg" → responsive variants (images.manifest_json), set by the builder
    image_manifest: dict[str, Any] = field(default_factory=dict)


def article_status(article: Article, today: dt.date) -> Status:
    if article.draft:
        return "draft"
    if article.publish_date is not None and article.publish_date > today:
        return "scheduled"
    return "published"


def entries_shown(graph: Graph, result: FileResult) -> set[tuple[str, str]]:
    """The (folder, id) of every entry a file's cells show: those its ``items`` name, and
    every entry of the folder for a collection cell without ``items``."""
    shown: set[tuple[str, str]] = set()
    for cell in result.cells:
        folder = CELL_TO_FOLDER.get(cell.name or "")
        every = isinstance(cell.model, CollectionCell) and cell.model.items is None
        if folder is not None and every:
            shown |= {(folder, entry_id) for entry_id in graph.entries.get(folder, {})}
    for cell_name, ref in result.items:
        folder = CELL_TO_FOLDER.get(cell_name)
        if folder is not None:
            shown.add((folder, ref.url))
    return shown
