"""The kinds of file of ``content/``, as the catalogue and the editor configuration present
them: read from the registries of ``contenu.models`` (nothing here names a collection)."""

from __future__ import annotations

from dataclasses import dataclass

from pydantic import BaseModel

from contenu.catalogue.examples import cell_block, example_data, file_text
from contenu.models import (
    ARTICLES_FOLDER,
    COLLECTIONS,
    PAGES_FOLDER,
    SINGLETON_FILES,
    Article,
    Page,
)
from contenu.models.paths import article_path
from contenu.text.markdown_text import github_anchor


@dataclass(frozen=True)
class FileKind:
    """One kind of file of ``content/``."""

    key: str  # example markers, the Front Matter content type name
    title: str
    where: str
    model: type[BaseModel]
    what: str
    example: str  # a whole valid file
    body_field: str | None = None
    folder: str | None = None  # the folder holding many files of this kind
    folder_title: str | None = None  # its title in the editor
    preview_path: str | None = None  # its address prefix on the site (editor preview)


def cell_heading(name: str) -> str:
    return f"Cellule {name}"


def cell_anchor(name: str) -> str:
    return github_anchor(cell_heading(name))


def file_kinds() -> list[FileKind]:
    """Settings files, pages, articles, then one kind per collection."""
    kinds = [
        FileKind(
            singleton.kind,
            singleton.title,
            f"`content/{singleton.path}`",
            singleton.model,
            "Un seul fichier, sans corps : tout est dans l’en-tête entre les deux lignes `---`.",
            file_text(example_data(singleton.model)),
        )
        for singleton in SINGLETON_FILES
    ]
    page_body = "Un paragraphe de texte en **Markdown**.\n\n" + cell_block("cta")
    kinds.append(
        FileKind(
            "page",
            "Page",
            f"`content/{PAGES_FOLDER}/<nom>.md` : `index.md` est l’accueil `/`, `404.md` la page "
            "d’erreur, `<nom>.md` la page `/<nom>`",
            Page,
            "L’en-tête donne le titre et la description ; le corps est une suite de cellules.",
            file_text(example_data(Page), page_body),
            folder=PAGES_FOLDER,
            folder_title="Pages du site",
        )
    )
    article_body = "## Un intertitre\n\nLe texte de l’article, en **Markdown**.\n"
    kinds.append(
        FileKind(
            "article",
            "Article du blog",
            f"`content/{ARTICLES_FOLDER}/<slug>.md` : le nom du fichier donne l’adresse "
            f"`{article_path('<slug>')}` (minuscules, chiffres et tirets)",
            Article,
            "L’en-tête décrit l’article ; le corps est le texte (des cellules sont possibles).",
            file_text(example_data(Article), article_body),
            folder=ARTICLES_FOLDER,
            folder_title="Articles du blog",
            preview_path="blog",
        )
    )
    for collection in COLLECTIONS:
        body_field = collection.model.BODY_FIELD
        kinds.append(
            FileKind(
                collection.kind,
                collection.title,
                f"`content/{collection.folder}/<identifiant>.md` : un fichier par "
                f"{collection.label} ; l’identifiant est le nom du fichier",
                collection.model,
                f"Affiché par la cellule [`{{{collection.cell}}}`]"
                f"(#{cell_anchor(collection.cell)}), dans l’ordre du champ `order`. "
                f"Le corps du fichier remplit le champ `{body_field}`.",
                file_text(
                    example_data(collection.model, skip=(body_field,)), collection.example + "\n"
                ),
                body_field=body_field,
                folder=collection.folder,
                folder_title=collection.title,
            )
        )
    return kinds
