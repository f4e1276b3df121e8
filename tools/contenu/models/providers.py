"""Third-party services of the site, with their identifiers exactly as each provider's
dashboard shows them (docs/integrations.md says where each value appears in their snippets).

Each shape is checked here with a French message that says where the coach finds the right
value, because the four MailerLite identifiers look alike and are easy to swap.
"""

from __future__ import annotations

import re
from typing import Annotated, Any
from urllib.parse import urlsplit

from pydantic import AfterValidator, BeforeValidator, Field

from contenu.models.common import ContentModel
from contenu.models.numbers import Integer

CALENDLY_ORIGIN = "https://calendly.com"

# The shapes, as seen in every snippet MailerLite, Calendly and Meta hand out.
ACCOUNT_ID = r"^[1-9][0-9]{0,9}$"
FORM_ID = r"^[1-9][0-9]{14,19}$"
FORM_CODE = r"^[A-Za-z0-9]{4,12}$"
WEBFORM_ID = r"^[1-9][0-9]{5,9}$"
PIXEL_ID = r"^[1-9][0-9]{14,15}$"
CALENDLY_URL = r"^https://calendly\.com(/[A-Za-z0-9_-]+){1,3}$"


def _number_as_text(value: Any) -> Any:
    """An identifier written without quotes is read by YAML as a number: take its digits."""
    if isinstance(value, int) and not isinstance(value, bool):
        return str(value)
    return value


def _shape(pattern: str, what: str, hint: str) -> AfterValidator:
    compiled = re.compile(pattern)

    def check(value: str) -> str:
        if not compiled.fullmatch(value):
            raise ValueError(f"{what} invalide : « {value} » ; {hint}")
        return value

    return AfterValidator(check)


_AS_TEXT = BeforeValidator(_number_as_text)


AccountId = Annotated[
    str,
    _AS_TEXT,
    Field(json_schema_extra={"pattern": ACCOUNT_ID}),
    _shape(
        ACCOUNT_ID,
        "identifiant de compte MailerLite",
        "c’est le nombre (1 à 10 chiffres) écrit dans ml('account', '…') du code JavaScript, "
        "et après /jsonp/ dans le code HTML du formulaire",
    ),
]
FormId = Annotated[
    str,
    _AS_TEXT,
    Field(json_schema_extra={"pattern": FORM_ID}),
    _shape(
        FORM_ID,
        "identifiant du formulaire MailerLite",
        "c’est le long nombre (15 à 20 chiffres) écrit après /forms/ dans le code HTML du "
        "formulaire (adresses …/subscribe et …/takel)",
    ),
]
FormCode = Annotated[
    str,
    _AS_TEXT,
    Field(json_schema_extra={"pattern": FORM_CODE}),
    _shape(
        FORM_CODE,
        "code court du formulaire MailerLite",
        "ce sont les 4 à 12 lettres et chiffres de data-form dans le code JavaScript du formulaire",
    ),
]
WebformId = Annotated[
    str,
    _AS_TEXT,
    Field(json_schema_extra={"pattern": WEBFORM_ID}),
    _shape(
        WEBFORM_ID,
        "numéro du formulaire MailerLite",
        "c’est le nombre (6 à 10 chiffres) écrit après mlb2- et après ml_webform_success_ "
        "dans le code HTML du formulaire",
    ),
]
PixelId = Annotated[
    str,
    _AS_TEXT,
    Field(json_schema_extra={"pattern": PIXEL_ID}),
    _shape(
        PIXEL_ID,
        "identifiant du pixel Meta",
        "c’est le nombre de 15 ou 16 chiffres écrit dans fbq('init', '…') du code de base du "
        "pixel (Gestionnaire d’événements de Meta)",
    ),
]


def _check_calendly_url(value: str) -> str:
    parts = urlsplit(value)
    if parts.scheme != "https" or parts.hostname != "calendly.com" or parts.port is not None:
        raise ValueError(
            f"adresse Calendly invalide : « {value} » ; elle doit commencer par "
            f"{CALENDLY_ORIGIN}/ (le lien de réservation que donne Calendly)"
        )
    if parts.query or parts.fragment:
        raise ValueError(
            f"adresse Calendly invalide : « {value} » ; enlevez tout ce qui suit « ? » ou « # » : "
            "les options de l’agenda sont les champs hideEventTypeDetails et "
            "hideLandingPageDetails, et ses couleurs viennent du thème du site"
        )
    if not re.fullmatch(CALENDLY_URL, value):
        raise ValueError(
            f"adresse Calendly invalide : « {value} » ; attendu : {CALENDLY_ORIGIN}/nom/evenement "
            "(lettres sans accent, chiffres, « - » et « _ »)"
        )
    return value


CalendlyUrl = Annotated[
    str,
    AfterValidator(_check_calendly_url),
    Field(json_schema_extra={"pattern": CALENDLY_URL}),
]

_PROVISIONAL = (
    "Vrai tant que ces valeurs sont provisoires : « contenu check --production » bloque alors "
    "la mise en ligne. « contenu integrer » enlève cette ligne en écrivant les vraies valeurs."
)


class MailerLite(ContentModel):
    """MailerLite embedded sign-up form (page /ressource): four distinct identifiers."""

    account_id: AccountId = Field(
        description="Identifiant du compte (1 à 10 chiffres) : le nombre de ml('account', '…').",
        examples=["1234567"],
        title="identifiant du compte",
    )
    form_id: FormId = Field(
        description="Identifiant du formulaire (15 à 20 chiffres) : le long nombre après /forms/ "
        "dans le code HTML (adresse …/takel).",
        examples=["112420222890149046"],
        title="identifiant numérique du formulaire",
    )
    form_code: FormCode = Field(
        description="Code court du formulaire intégré (4 à 12 lettres et chiffres) : la valeur de "
        "data-form dans le code JavaScript.",
        examples=["AbC12d"],
        title="code du formulaire",
    )
    webform_id: WebformId = Field(
        description="Numéro du formulaire (6 à 10 chiffres) : le nombre de mlb2-… et de "
        "ml_webform_success_… dans le code HTML.",
        examples=["12114309"],
        title="identifiant du formulaire web",
    )
    provisional: bool = Field(False, description=_PROVISIONAL, title="valeurs provisoires")


class Calendly(ContentModel):
    """Calendly inline booking widget (page /appel); colours come from the theme."""

    url: CalendlyUrl = Field(
        description="Lien de réservation Calendly de l’appel découverte, sans rien après « ? ».",
        examples=["https://calendly.com/renouer/appel-decouverte"],
        title="adresse",
    )
    min_width: Integer = Field(
        320, ge=200, description="Largeur minimale du widget en pixels.", title="largeur minimale"
    )
    height: Integer = Field(
        900, ge=300, description="Hauteur du widget en pixels.", title="hauteur"
    )
    hide_event_type_details: bool = Field(
        False,
        description="Masquer le nom, la durée et la description de l’événement au-dessus de "
        "l’agenda.",
        title="masquer les détails de l’événement",
    )
    hide_landing_page_details: bool = Field(
        False,
        description="Masquer la photo et le nom de la coach au-dessus de l’agenda.",
        title="masquer les détails de la page",
    )
    provisional: bool = Field(False, description=_PROVISIONAL, title="valeurs provisoires")


class MetaPixel(ContentModel):
    """Meta Pixel; without an id, no consent banner and no pixel."""

    id: PixelId | None = Field(
        None,
        description="Identifiant du pixel Meta, 15 ou 16 chiffres (facultatif).",
        title="identifiant",
    )
    provisional: bool = Field(False, description=_PROVISIONAL, title="valeurs provisoires")


class Providers(ContentModel):
    """Third-party services embedded in the site."""

    mailerlite: MailerLite = Field(
        description="Formulaire d’inscription MailerLite (/ressource).", title="MailerLite"
    )
    calendly: Calendly = Field(
        description="Agenda de réservation Calendly (/appel).", title="Calendly"
    )
    meta_pixel: MetaPixel = Field(
        default_factory=MetaPixel, description="Pixel Meta (facultatif).", title="pixel Meta"
    )
