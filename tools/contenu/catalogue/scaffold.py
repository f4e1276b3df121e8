"""``contenu new``: a valid file to fill in, for each kind of content. Values the coach must
still write carry the « [À COMPLÉTER] » marker, which ``contenu check`` reports as a warning.

Pages and articles have a template of their own; the file of a collection entry is built
from its model (``contenu.models.COLLECTIONS``), so a new content type needs nothing here.
"""

from __future__ import annotations

import datetime as dt
import re
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from contenu.catalogue.examples import file_text, value_for
from contenu.catalogue.shapes import alias, field_shape
from contenu.catalogue.yaml_text import to_yaml
from contenu.models import (
    ARTICLES_FOLDER,
    COLLECTIONS,
    IMAGES_FOLDER,
    PAGES_FOLDER,
    Article,
    Collection,
)
from contenu.models.cells import HeroCell
from contenu.models.common import IMAGE_SUFFIXES, PLACEHOLDER_MARK, Image
from contenu.models.paths import RESERVED_PAGE_NAMES
from contenu.report.labels import field_label
from contenu.text.slug import slugify

TODO = PLACEHOLDER_MARK
#: How an entry's body help names the file's body: words for a file's reader only.
_FILE_BODY = re.compile(r"\s*\(corps du fichier\)")


@dataclass(frozen=True)
class Context:
    title: str
    today: dt.date
    content: Path
    #: The file is made in the carnet, whose help speaks of its controls (a check box, a
    #: text cell), not of the file's YAML.
    carnet: bool = False

    def image(self) -> str:
        """An image of ``content/images`` (a team photo if there is one): a portrait or an
        illustration the coach will replace, but one that exists, so the file is valid."""
        images = self.content / IMAGES_FOLDER
        found = sorted(
            (p for p in images.rglob("*") if p.suffix.lower() in IMAGE_SUFFIXES),
            key=lambda p: ("equipe" not in p.parts, p.as_posix()),
        )
        if not found:
            return f"/{IMAGES_FOLDER}/portrait.jpg"
        return f"/{IMAGES_FOLDER}/" + found[0].relative_to(images).as_posix()


@dataclass(frozen=True)
class Kind:
    name: str
    folder: str
    template: Callable[[Context], str]


def _article(c: Context) -> str:
    data = {
        "title": c.title,
        "excerpt": f"{TODO} Résumé de l’article en une ou deux phrases.",
        "date": c.today,
        "category": TODO,
        "draft": True,
    }
    if c.carnet:
        box = field_label(alias("draft", Article.model_fields["draft"]))
        publish = f"Décochez la case « {box[:1].upper()}{box[1:]} » pour le publier."
    else:
        publish = "Enlevez « draft: true » pour le publier."
    return file_text(data, f"{TODO} Écrivez ici le texte de l’article. {publish}\n")


def _page(c: Context) -> str:
    data = {"title": c.title, "description": f"{TODO} Description pour les moteurs de recherche."}
    hero = to_yaml({"title": c.title, "lead": f"{TODO} Texte d’introduction."})
    body = f"```{{{HeroCell.NAME}}}\n{hero}```\n\n{TODO} Écrivez ici le texte de la page.\n"
    return file_text(data, body)


def _entry(collection: Collection) -> Callable[[Context], str]:
    """The template of an entry: the title in its first required text field, every other
    required text marked to complete, the other required fields with a valid value."""
    model = collection.model

    def template(c: Context) -> str:
        data: dict[str, Any] = {}
        title_placed = False
        for name, info in model.model_fields.items():
            if not info.is_required() or name == model.BODY_FIELD:
                continue
            shape = field_shape(info)
            if shape.kind == "text":
                data[alias(name, info)] = TODO if title_placed else c.title
                title_placed = True
            elif shape.kind == "model" and shape.model is Image:
                data[alias(name, info)] = {"src": c.image(), "alt": TODO}
            else:
                data[alias(name, info)] = info.examples[0] if info.examples else value_for(shape)
        data["order"] = model.model_fields["order"].default
        body_help = model.model_fields[model.BODY_FIELD].description or ""
        if c.carnet:  # the body is the document's text cell there, not a part of a file
            body_help = _FILE_BODY.sub("", body_help)
        return file_text(data, f"{TODO} {body_help}\n")

    return template


KINDS: dict[str, Kind] = {
    k.name: k
    for k in (
        Kind("article", ARTICLES_FOLDER, _article),
        Kind("page", PAGES_FOLDER, _page),
        *(Kind(c.kind, c.folder, _entry(c)) for c in COLLECTIONS),
    )
}


class ScaffoldError(Exception):
    """French reason a file could not be created."""


#: Longest name ``contenu new`` gives a file (an address stays readable; check allows more).
SLUG_LENGTH = 80


def _short(slug: str) -> str:
    """``slug`` cut after its last whole word within SLUG_LENGTH characters."""
    if len(slug) <= SLUG_LENGTH:
        return slug
    cut = slug[: SLUG_LENGTH + 1].rsplit("-", 1)[0]
    return (cut if cut else slug[:SLUG_LENGTH]).strip("-")


def create(kind_name: str, title: str, content: Path, today: dt.date) -> Path:
    kind = KINDS.get(kind_name)
    if kind is None:
        raise ScaffoldError(f"type inconnu « {kind_name} » ; types possibles : {', '.join(KINDS)}")
    if not title.strip():
        raise ScaffoldError("le titre est vide")
    slug = _short(slugify(title, empty="section"))
    if kind.folder == PAGES_FOLDER and slug in RESERVED_PAGE_NAMES:
        raise ScaffoldError(
            f"« {slug} » est un nom que le site utilise déjà pour ses propres fichiers ; "
            "choisissez un autre titre"
        )
    path = content / kind.folder / f"{slug}.md"
    if path.exists():
        raise ScaffoldError(f"le fichier {path} existe déjà ; choisissez un autre titre")
    text = kind.template(Context(title.strip(), today, content))
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(text, encoding="utf-8")
    return path
