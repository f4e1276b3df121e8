"""A page of the site: ``content/pages/<route>.md`` (``index.md`` is ``/``, ``404.md`` the
error page)."""

from __future__ import annotations

from typing import Annotated, Literal

from pydantic import Field, HttpUrl

from contenu.models.common import ContentModel, ImagePath, Paragraph, Text
from contenu.models.options import option_labels
from contenu.models.pixel import PixelEvent

Robots = Annotated[
    Literal["index, follow", "noindex, follow", "noindex, nofollow"],
    option_labels(
        {
            "index, follow": "Trouvable par les moteurs de recherche",
            "noindex, follow": "Cachée des moteurs de recherche, ses liens suivis",
            "noindex, nofollow": "Cachée des moteurs de recherche, ses liens ignorés",
        }
    ),
]


class Page(ContentModel):
    """Frontmatter of a page; its body is a sequence of cells."""

    title: Text = Field(
        description="Titre de la page (onglet, moteurs de recherche) ; la marque est ajoutée "
        "si absente.",
        max_length=70,
        title="titre",
    )
    description: Paragraph = Field(
        description="Description pour les moteurs de recherche et le partage (150 à 160 "
        "caractères idéalement).",
        max_length=300,
        title="description",
    )
    keywords: list[Text] | None = Field(
        None, description="Mots-clés (facultatif).", title="mots-clés"
    )
    og_image: ImagePath | None = Field(
        None,
        description="Image de partage ; par défaut celle des réglages du site.",
        title="image de partage",
    )
    og_url: HttpUrl | None = Field(
        None,
        description="Adresse de partage, aussi utilisée comme lien canonique (facultatif).",
        title="adresse de partage",
    )
    robots: Robots = Field(
        "index, follow",
        description="Consigne aux moteurs de recherche.",
        title="consigne aux moteurs de recherche",
    )
    pixel: PixelEvent | None = Field(
        None,
        description="Événement du pixel Meta envoyé à l’affichage (facultatif).",
        title="pixel Meta",
    )
