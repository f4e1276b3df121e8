"""A page of the site: ``content/pages/<route>.md`` (``index.md`` is ``/``, ``404.md`` the
error page)."""

from __future__ import annotations

from typing import Annotated, Literal

from pydantic import Field, HttpUrl

from contenu.models.common import ContentModel, ImagePath, Paragraph, Text
from contenu.models.field_kinds import advanced
from contenu.models.options import option_labels
from contenu.models.pixel import PixelEvent
from contenu.rules import Length

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

_HELP = {"range": "de {at_least} à {at_most} caractères", "most": "{at_most} caractères au plus"}

#: What search engines show of a title and a description: past these lengths they cut it,
#: a description much shorter is often replaced by a sentence of the page they choose
#: (docs/decisions.md, « Recommended lengths »). The brand suffix is not counted: it is what
#: a cut title loses.
TITLE_LENGTH = Length(
    id="seo_title",
    at_least=0,
    at_most=60,
    messages={
        "long": "{count} caractères : les moteurs de recherche montrent environ {at_most} "
        "caractères d’un titre et coupent la suite ; visez {at_most} caractères au plus",
    },
    help=_HELP,
)
DESCRIPTION_LENGTH = Length(
    id="seo_description",
    at_least=110,
    at_most=160,
    messages={
        "short": "{count} caractères : sous {at_least}, les moteurs de recherche remplacent "
        "souvent la description par une phrase de la page ; visez de {at_least} à {at_most} "
        "caractères",
        "long": "{count} caractères : les moteurs de recherche montrent environ {at_most} "
        "caractères d’une description et coupent la suite ; visez de {at_least} à {at_most} "
        "caractères",
    },
    help=_HELP,
)


class Page(ContentModel):
    """Frontmatter of a page; its body is a sequence of cells."""

    title: Annotated[Text, TITLE_LENGTH] = Field(
        description="Titre de la page (onglet, moteurs de recherche), "
        f"{TITLE_LENGTH.recommended()} idéalement ; la marque est ajoutée si absente.",
        max_length=70,
        title="titre",
    )
    description: Annotated[Paragraph, DESCRIPTION_LENGTH] = Field(
        description="Description pour les moteurs de recherche et le partage "
        f"({DESCRIPTION_LENGTH.recommended()} idéalement).",
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
        json_schema_extra=advanced(),
    )
    pixel: PixelEvent | None = Field(
        None,
        description="Événement du pixel Meta envoyé à l’affichage (facultatif).",
        title="pixel Meta",
        json_schema_extra=advanced(),
    )
