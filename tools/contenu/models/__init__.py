"""The content model: what each file of ``content/`` is. Every content type is declared once,
next to its model, and registered here with one line: the pipeline, the catalogue, the
editor configuration, ``contenu new`` and the site's cell registry all read these registries.
See « Adding a content type » in docs/architecture.md. May import ``text`` only.
"""

from __future__ import annotations

from dataclasses import dataclass

from pydantic import BaseModel

from contenu.models import entries
from contenu.models.article import Article
from contenu.models.cells import COMPONENT_CELLS, Cell, LegalNoticeCell
from contenu.models.common import ContentModel
from contenu.models.entries import Collection, Entry
from contenu.models.legal import LegalNotice
from contenu.models.page import Page
from contenu.models.site import SiteSettings

#: The collection folders, each with its entry model and its cell (declared in entries.py).
COLLECTIONS: tuple[Collection, ...] = (
    entries.TESTIMONIALS,
    entries.TEAM,
    entries.PAIN_POINTS,
    entries.STEPS,
    entries.WORKSHOPS,
    entries.FAQ,
    entries.DELIVERABLES,
    entries.VALUES,
)


@dataclass(frozen=True)
class Singleton:
    """A file of ``content/`` that exists once, frontmatter only."""

    path: str  # relative to content/
    model: type[ContentModel]
    kind: str  # schema/<kind>.schema.gen.json, the catalogue's and the editor's name
    title: str  # French title (catalogue, pull-request summary)
    cell: str | None = None  # the cell that shows it; None: every page uses it


SETTINGS = Singleton("reglages/site.md", SiteSettings, "reglages", "Réglages du site")
LEGAL = Singleton(
    "reglages/mentions-legales.md",
    LegalNotice,
    "mentions-legales",
    "Mentions légales (éditeur et hébergeur)",
    cell=LegalNoticeCell.NAME,
)
#: The settings file: its values are the text variables of every other file.
SETTINGS_FILE = SETTINGS.path

SINGLETON_FILES: tuple[Singleton, ...] = (SETTINGS, LEGAL)
#: Singleton path → model.
SINGLETONS: dict[str, type[ContentModel]] = {s.path: s.model for s in SINGLETON_FILES}

#: Fence name → model of every cell a coach may write: ``{hero}``, ``{testimonials}``…
CELL_MODELS: dict[str, type[Cell]] = {
    cell.NAME: cell for cell in (*COMPONENT_CELLS, *(c.cell_model for c in COLLECTIONS))
}

#: Every model a content file can hold at its top: what ``walk.reachable_models`` starts from.
ROOT_MODELS: tuple[type[BaseModel], ...] = (
    Article,
    Page,
    *(c.model for c in COLLECTIONS),
    *SINGLETONS.values(),
    *CELL_MODELS.values(),
)

PAGES_FOLDER = "pages"
ARTICLES_FOLDER = "articles"
IMAGES_FOLDER = "images"

#: Every route of the specification must have its page file (``index`` is ``/``).
REQUIRED_PAGES: tuple[str, ...] = (
    "index",
    "ressource",
    "merci",
    "blog",
    "a-propos",
    "contact",
    "appel",
    "appel-confirmation",
    "mentions-legales",
    "politique-confidentialite",
    "404",
)


def _check_unique() -> None:
    """Two types may not share a folder, a kind or a cell name: fail at import, not later."""
    names = [c.folder for c in COLLECTIONS] + [PAGES_FOLDER, ARTICLES_FOLDER, IMAGES_FOLDER]
    kinds = [c.kind for c in COLLECTIONS] + [s.kind for s in SINGLETON_FILES]
    cells = [*COMPONENT_CELLS, *(c.cell_model for c in COLLECTIONS)]
    for what, values in (("folder", names), ("kind", kinds), ("cell", [c.NAME for c in cells])):
        repeated = sorted({v for v in values if values.count(v) > 1})
        if repeated:
            raise ValueError(f"content types share a {what}: {repeated}")


_check_unique()

__all__ = [
    "ARTICLES_FOLDER",
    "CELL_MODELS",
    "COLLECTIONS",
    "IMAGES_FOLDER",
    "PAGES_FOLDER",
    "REQUIRED_PAGES",
    "ROOT_MODELS",
    "SETTINGS_FILE",
    "SINGLETONS",
    "SINGLETON_FILES",
    "Article",
    "Collection",
    "Entry",
    "Page",
    "Singleton",
]
