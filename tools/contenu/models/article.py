"""A blog article: ``content/articles/<slug>.md``; the slug is the file name."""

from __future__ import annotations

from typing import Annotated

from pydantic import Field

from contenu.models.common import ContentModel, Image, Paragraph, Text
from contenu.models.dates import FrenchDate, OptionalFrenchDate
from contenu.models.field_kinds import field_kind
from contenu.models.numbers import OptionalInteger
from contenu.rules import SameName, latin_letters

#: A category a reader would take for one already in use (« Emotions », « émotion » beside
#: « Émotions »): one subject under two names. Checked across the articles by ``contenu
#: check`` (pipeline/collect.py) and at the field by the carnet, with the same record.
CATEGORY_NAME = SameName(
    id="category_name",
    letters=latin_letters(),
    endings=("s", "x"),
    shortest=4,
    message=(
        "catégorie « {value} » écrite autrement que « {existing} » dans {file} : une "
        "catégorie s’écrit partout de la même façon (accents, majuscules et pluriel "
        "compris), sinon les lecteurs la trouvent sous deux noms ; écrivez « {existing} »"
    ),
)


class Article(ContentModel):
    """Frontmatter of an article; its body is a sequence of cells (mostly prose)."""

    title: Text = Field(description="Titre de l’article.", max_length=110, title="titre")
    excerpt: Paragraph = Field(
        description="Résumé affiché sur la carte de l’article et comme description.",
        max_length=300,
        title="résumé",
    )
    date: FrenchDate = Field(
        description="Date de l’article, par exemple 15 mars 2024 ou 15/03/2024 (affichée en "
        "toutes lettres sur le site).",
        examples=["2024-03-15"],
        title="date",
    )
    category: Annotated[Text, field_kind("category")] = Field(
        description="Catégorie affichée sur la carte ; elle donne aussi l’adresse de sa page.",
        examples=["Émotions"],
        max_length=40,
        title="catégorie",
    )
    read_time: OptionalInteger = Field(
        None,
        ge=1,
        le=120,
        description="Durée de lecture en minutes ; calculée depuis le texte si absente.",
        title="durée de lecture",
    )
    draft: bool = Field(
        False,
        description="Brouillon : visible en prévisualisation, jamais publié.",
        title="brouillon",
    )
    publish_date: OptionalFrenchDate = Field(
        None,
        description="Date de mise en ligne programmée, par exemple 15 mars 2024, facultative.",
        title="date de publication",
    )
    image: Image | None = Field(
        None, description="Image de l’article et de partage (facultative).", title="image"
    )
    keywords: list[Text] | None = Field(
        None, description="Mots-clés (facultatif).", title="mots-clés"
    )
