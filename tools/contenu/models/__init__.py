"""The content model: one module per content type. This registry says which folder of
``content/`` holds which type, and which component cell shows a collection."""

from __future__ import annotations

from dataclasses import dataclass

from contenu.models.article import Article
from contenu.models.common import ContentModel
from contenu.models.entries import (
    Deliverable,
    Entry,
    FaqEntry,
    MethodStep,
    PainPoint,
    TeamMember,
    Testimonial,
    Value,
    Workshop,
)
from contenu.models.legal import LegalNotice
from contenu.models.page import Page
from contenu.models.site import SiteSettings


@dataclass(frozen=True)
class Collection:
    """A folder of ``content/`` whose files are entries of one model."""

    folder: str
    model: type[Entry]
    cell: str  # the fence name of the cell that shows it
    label: str  # French name used in messages


COLLECTIONS: tuple[Collection, ...] = (
    Collection("temoignages", Testimonial, "testimonials", "témoignage"),
    Collection("equipe", TeamMember, "team", "membre de l’équipe"),
    Collection("difficultes", PainPoint, "pain-points", "difficulté"),
    Collection("etapes", MethodStep, "steps", "étape de la méthode"),
    Collection("ateliers", Workshop, "workshops", "atelier"),
    Collection("faq", FaqEntry, "faq", "question de la FAQ"),
    Collection("livrables", Deliverable, "deliverables", "livrable"),
    Collection("valeurs", Value, "values", "valeur"),
)

#: Singleton files (frontmatter only) and their models.
SINGLETONS: dict[str, type[ContentModel]] = {
    "reglages/site.md": SiteSettings,
    "reglages/mentions-legales.md": LegalNotice,
}

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

__all__ = [
    "ARTICLES_FOLDER",
    "COLLECTIONS",
    "IMAGES_FOLDER",
    "PAGES_FOLDER",
    "REQUIRED_PAGES",
    "SINGLETONS",
    "Article",
    "Collection",
    "Page",
]
