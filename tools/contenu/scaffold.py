"""``contenu new``: a valid file to fill in, for each kind of content. Values the coach must
still write carry the « [À COMPLÉTER] » marker, which ``contenu check`` reports as a warning."""

from __future__ import annotations

import datetime as dt
import json
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

from contenu.models.common import PLACEHOLDER_MARK
from contenu.render.markdown import slugify

TODO = PLACEHOLDER_MARK
WORKSHOP_STATUS = "Ateliers collectifs – bientôt disponibles"
IMAGE_SUFFIXES = {".jpg", ".jpeg", ".png", ".webp", ".avif", ".svg"}


def _q(text: str) -> str:
    """A YAML double-quoted string (JSON strings are valid YAML)."""
    return json.dumps(text, ensure_ascii=False)


@dataclass(frozen=True)
class Context:
    title: str
    today: dt.date
    content: Path

    def image(self) -> str:
        images = self.content / "images"
        found = sorted(
            (p for p in images.rglob("*") if p.suffix.lower() in IMAGE_SUFFIXES),
            key=lambda p: ("equipe" not in p.parts, p.as_posix()),
        )
        if not found:
            return "/images/portrait.jpg"
        return "/images/" + found[0].relative_to(images).as_posix()

    def next_number(self, folder: str) -> int:
        return min(9, len(list((self.content / folder).glob("*.md"))) + 1)


@dataclass(frozen=True)
class Kind:
    name: str
    folder: str
    label: str  # French, for the help text
    template: Callable[[Context], str]


def _body(text: str) -> str:
    return f"\n{TODO} {text}\n"


def _article(c: Context) -> str:
    return (
        f"---\ntitle: {_q(c.title)}\n"
        f"excerpt: {_q(TODO + ' Résumé de l’article en une ou deux phrases.')}\n"
        f"date: {c.today.isoformat()}\ncategory: {_q(TODO)}\ndraft: true\n---\n"
        + _body("Écrivez ici le texte de l’article. Enlevez « draft: true » pour le publier.")
    )


def _page(c: Context) -> str:
    return (
        f"---\ntitle: {_q(c.title)}\n"
        f"description: {_q(TODO + ' Description pour les moteurs de recherche.')}\n---\n\n"
        f"```{{hero}}\ntitle: {_q(c.title)}\nlead: {_q(TODO + ' Texte d’introduction.')}\n```\n"
        + _body("Écrivez ici le texte de la page.")
    )


def _entry(fields: Callable[[Context], str], body: str) -> Callable[[Context], str]:
    return lambda c: f"---\n{fields(c)}order: 100\n---\n" + _body(body)


KINDS: dict[str, Kind] = {
    k.name: k
    for k in (
        Kind("article", "articles", "un article du blog", _article),
        Kind("page", "pages", "une page du site", _page),
        Kind("temoignage", "temoignages", "un témoignage", _entry(
            lambda c: f"name: {_q(c.title)}\nrole: {_q(TODO)}\nrating: 5\n", "Le témoignage.")),
        Kind("membre", "equipe", "un membre de l’équipe", _entry(
            lambda c: f"name: {_q(c.title)}\nrole: {_q(TODO)}\nphoto:\n  src: {c.image()}\n"
            f"  alt: {_q('Portrait de ' + c.title)}\n", "La biographie.")),
        Kind("difficulte", "difficultes", "une difficulté des parents", _entry(
            lambda c: f"icon: circle-help\ntitle: {_q(c.title)}\n", "La description.")),
        Kind("etape", "etapes", "une étape de la méthode", _entry(
            lambda c: f"number: {c.next_number('etapes')}\ntitle: {_q(c.title)}\n",
            "La description.")),
        Kind("atelier", "ateliers", "un atelier collectif", _entry(
            lambda c: f"title: {_q(c.title)}\nstatus: {_q(WORKSHOP_STATUS)}\n",
            "La présentation.")),
        Kind("faq", "faq", "une question de la FAQ", _entry(
            lambda c: f"question: {_q(c.title)}\n", "La réponse.")),
        Kind("livrable", "livrables", "un livrable", _entry(
            lambda c: f"icon: file-text\ntitle: {_q(c.title)}\n", "La description.")),
        Kind("valeur", "valeurs", "une valeur de l’équipe", _entry(
            lambda c: f"title: {_q(c.title)}\n", "Ce qu’elle veut dire pour vous.")),
    )
}  # fmt: skip


class ScaffoldError(Exception):
    """French reason a file could not be created."""


def create(kind_name: str, title: str, content: Path, today: dt.date) -> Path:
    kind = KINDS.get(kind_name)
    if kind is None:
        raise ScaffoldError(f"type inconnu « {kind_name} » ; types possibles : {', '.join(KINDS)}")
    if not title.strip():
        raise ScaffoldError("le titre est vide")
    slug = slugify(title)
    path = content / kind.folder / f"{slug}.md"
    if path.exists():
        raise ScaffoldError(f"le fichier {path} existe déjà ; choisissez un autre titre")
    text = kind.template(Context(title.strip(), today, content))
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(text, encoding="utf-8")
    return path
