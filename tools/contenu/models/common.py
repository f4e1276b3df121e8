"""Building blocks shared by every content type.

Keys are camelCase in the YAML a coach writes, in the JSON bundles and in the generated
TypeScript types, so one name follows a value from disk to the browser. Every field carries
a French ``description``: it becomes the editor help of the JSON Schema in ``schema/``.
"""

from __future__ import annotations

from typing import Annotated, Literal

from pydantic import AfterValidator, BaseModel, ConfigDict, Field
from pydantic.alias_generators import to_camel

from contenu.models.checks import HOST_NAME, LINK, SITE_URL, lower_host, normal_site_url
from contenu.models.field_kinds import field_kind, model_kind
from contenu.models.options import option_labels
from contenu.models.page_globals import ANCHOR
from contenu.rules import Decisions, Matches, Pattern, Step
from contenu.text.slug import SLUG_PATTERN
from contenu.text.typography import french_typography

#: Text a coach may leave unfinished must carry this marker; ``contenu check`` warns about it.
PLACEHOLDER_MARK = "[À COMPLÉTER]"


class ContentModel(BaseModel):
    """Base of every model: unknown keys are errors, keys are camelCase."""

    model_config = ConfigDict(
        extra="forbid",
        alias_generator=to_camel,
        populate_by_name=False,
        str_strip_whitespace=True,
        frozen=True,
    )


#: The image files ``content/images/`` publishes: extension → MIME type. The one list of
#: image types: image paths here, the image checks and variants, the discovery of files.
IMAGE_TYPES: dict[str, str] = {
    ".jpg": "image/jpeg",
    ".jpeg": "image/jpeg",
    ".png": "image/png",
    ".webp": "image/webp",
    ".avif": "image/avif",
    ".svg": "image/svg+xml",
}
IMAGE_SUFFIXES = frozenset(IMAGE_TYPES)
#: « .jpg, .jpeg, .png, .webp, .avif ou .svg », for messages.
IMAGE_SUFFIXES_TEXT = f"{', '.join(list(IMAGE_TYPES)[:-1])} ou {list(IMAGE_TYPES)[-1]}"

#: A path to an image of ``content/images`` as the site serves it.
IMAGE_PATH = Decisions(
    id="image_path",
    steps=(
        Step((Matches(Pattern("/images/", "match"), negate=True),), "prefix"),
        Step(
            (
                Matches(
                    Pattern(
                        r"/images/[A-Za-z0-9._/\-]+(?:"
                        + "|".join(s.replace(".", "\\.") for s in IMAGE_TYPES)
                        + ")",
                        "fullmatch",
                    )
                ),
            ),
            None,
        ),
    ),
    otherwise="name",
    messages={
        "prefix": "le chemin d’une image commence par « /images/ » (dossier content/images)",
        "name": "nom d’image invalide : lettres, chiffres, « - » et une extension "
        + IMAGE_SUFFIXES_TEXT,
    },
    examples=("/images/equipe/claire.jpg", "images/a.jpg", "/images/a b.jpg", "/images/a.gif"),
)


#: Visitor-facing text: French typography (no-break spaces, « », ’) is applied on load.
Text = Annotated[str, Field(min_length=1), AfterValidator(french_typography)]
#: Visitor-facing text of a sentence or more, written over several lines (a text area).
Paragraph = Annotated[Text, field_kind("multiline")]
#: A link target: a route of the site (``/contact``), an anchor (``#formulaire``), an
#: ``https://`` address, ``mailto:`` or ``tel:`` (rules in ``models/checks.py``).
Href = Annotated[str, Field(min_length=1), AfterValidator(LINK.check), field_kind("link")]
#: The public address of the site: ``https://`` + host name + path, nothing else.
SiteUrl = Annotated[
    str,
    Field(json_schema_extra={"format": "uri"}),
    AfterValidator(SITE_URL.check),
    AfterValidator(normal_site_url),
]
#: A bare host name (``www.example.org``), as GitHub Pages reads it in ``CNAME``.
HostName = Annotated[str, AfterValidator(HOST_NAME.check), AfterValidator(lower_host)]
#: The id of a section of a page (``#anchor`` links lead to it); never a global's name.
Anchor = Annotated[str, Field(pattern=r"^[a-z0-9-]+$"), AfterValidator(ANCHOR.check)]
#: A path to an image of ``content/images`` as the site serves it: ``/images/…``.
ImagePath = Annotated[str, AfterValidator(IMAGE_PATH.check)]
#: The id of an entry of a collection: its file name without ``.md``.
EntryId = Annotated[str, Field(pattern=SLUG_PATTERN)]


class Link(ContentModel):
    """A text link: navigation, footer."""

    label: Text = Field(
        description="Texte du lien, tel que le visiteur le lit.",
        examples=["À propos"],
        title="libellé",
    )
    href: Href = Field(
        description="Destination : « /page » du site, « #ancre », adresse « https://… », "
        "« mailto:… » ou « tel:… ».",
        examples=["/a-propos"],
        title="lien",
    )


class Action(Link):
    """A button-like link (call to action)."""

    variant: Annotated[
        Literal["primary", "secondary"],
        option_labels(
            {
                "primary": "Plein, pour l’action principale",
                "secondary": "Contour, pour une autre action",
            }
        ),
    ] = Field(
        "primary",
        description="Style du bouton : plein pour l’action principale, contour pour une "
        "action secondaire.",
        title="style du bouton",
    )
    reload: bool = Field(
        False,
        description="Activé, le lien recharge toute la page au lieu d’une navigation "
        "instantanée (exigé pour « Réservez un appel » vers /appel).",
        title="rechargement de la page",
    )


#: Where to keep an image in view when the site crops it: two percentages of 0 to 100.
FOCUS = Decisions(
    id="focus",
    steps=(
        Step(
            (
                Matches(
                    Pattern("(?P<x>0?[0-9]?[0-9]|100) ?% +(?P<y>0?[0-9]?[0-9]|100) ?%", "fullmatch")
                ),
            ),
            None,
        ),
    ),
    otherwise="invalid",
    messages={
        "invalid": "point de cadrage invalide : « {value} » ; écrivez deux pourcentages, "
        "horizontal puis vertical, par exemple « 50% 30% » (0% 0% : en haut à gauche, 50% 50% : "
        "le centre)"
    },
    examples=("50% 30%", "100 % 0%", "050%  7%", "101% 0%", "50%30%", "50 30", "٣٠% ٥٠%"),
)


def normal_focus(value: str) -> str:
    """A valid focus point as the site reads it: « 50% 30% »."""
    parts = FOCUS.accepted(value)
    return f"{parts['x']}% {parts['y']}%"


#: Where to keep an image in view when the site crops it: ``"horizontal% vertical%"``.
Focus = Annotated[
    str,
    AfterValidator(FOCUS.check),
    AfterValidator(normal_focus),
    Field(json_schema_extra={"pattern": r"^\d{1,3} ?% +\d{1,3} ?%$"}),
]


class Image(ContentModel):
    """An image of ``content/images`` with its alternative text."""

    model_config = ConfigDict(json_schema_extra=model_kind("image"))

    src: ImagePath = Field(
        description="Chemin de l’image, par exemple « /images/equipe/claire.jpg ».",
        title="chemin de l’image",
    )
    alt: Text = Field(
        description="Texte alternatif : décrit l’image pour les personnes qui ne la voient pas.",
        title="texte alternatif",
    )
    # A photo of any shape fits the round portraits and the framed pictures: the site crops
    # it around this point.
    focus: Focus | None = Field(
        None,
        description="Point à garder visible quand le site recadre l’image (portraits ronds, "
        "photo de la page À propos, image de l’accueil) : deux pourcentages, horizontal puis "
        "vertical, par exemple « 50% 25% » pour un visage en haut au centre. Le centre si absent.",
        examples=["50% 25%"],
        title="point de cadrage",
    )
