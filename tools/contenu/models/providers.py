"""Third-party services of the site, with their identifiers exactly as each provider's
dashboard shows them (docs/integrations.md says where each value appears in their snippets).

Each shape is checked here with a French message that says where the coach finds the right
value, because the four MailerLite identifiers look alike and are easy to swap.
"""

from __future__ import annotations

from typing import Annotated, Any

from pydantic import AfterValidator, BeforeValidator, Field

from contenu.models.common import ContentModel
from contenu.models.numbers import Integer
from contenu.rules import Decisions, Matches, Pattern, Step

CALENDLY_ORIGIN = "https://calendly.com"

# The shapes, as seen in every snippet MailerLite, Calendly and Meta hand out.
ACCOUNT_ID = r"^[1-9][0-9]{0,9}$"
FORM_ID = r"^[1-9][0-9]{14,19}$"
FORM_CODE = r"^[A-Za-z0-9]{4,12}$"
WEBFORM_ID = r"^[1-9][0-9]{5,9}$"
PIXEL_ID = r"^[1-9][0-9]{14,15}$"
CALENDLY_URL = r"^https://calendly\.com(?:/[A-Za-z0-9_\-]+){1,3}$"


def _number_as_text(value: Any) -> Any:
    """An identifier written without quotes is read by YAML as a number: take its digits."""
    if isinstance(value, int) and not isinstance(value, bool):
        return str(value)
    return value


def _shape(rule_id: str, pattern: str, what: str, hint: str, examples: tuple[str, ...]) -> Any:
    """The rule of an identifier of one shape, as its Pydantic validator."""
    rule = Decisions(
        id=rule_id,
        steps=(
            Step(
                (Matches(Pattern(pattern.removeprefix("^").removesuffix("$"), "fullmatch")),), None
            ),
        ),
        otherwise="shape",
        messages={"shape": f"{what} invalide : « {{value}} » ; {hint}"},
        examples=examples,
    )
    return AfterValidator(rule.check)


_AS_TEXT = BeforeValidator(_number_as_text)


AccountId = Annotated[
    str,
    _AS_TEXT,
    Field(json_schema_extra={"pattern": ACCOUNT_ID}),
    _shape(
        "mailerlite_account",
        ACCOUNT_ID,
        "identifiant de compte MailerLite",
        "c’est le nombre (1 à 10 chiffres) écrit dans ml('account', '…') du code JavaScript, "
        "et après /jsonp/ dans le code HTML du formulaire",
        ("1234567", "01234", "12345678901", "abc"),
    ),
]
FormId = Annotated[
    str,
    _AS_TEXT,
    Field(json_schema_extra={"pattern": FORM_ID}),
    _shape(
        "mailerlite_form",
        FORM_ID,
        "identifiant du formulaire MailerLite",
        "c’est le long nombre (15 à 20 chiffres) écrit après /forms/ dans le code HTML du "
        "formulaire (adresses …/subscribe et …/takel)",
        ("112420222890149046", "1234", "AbC12d"),
    ),
]
FormCode = Annotated[
    str,
    _AS_TEXT,
    Field(json_schema_extra={"pattern": FORM_CODE}),
    _shape(
        "mailerlite_form_code",
        FORM_CODE,
        "code court du formulaire MailerLite",
        "ce sont les 4 à 12 lettres et chiffres de data-form dans le code JavaScript du formulaire",
        ("AbC12d", "abc", "a-b-c-d"),
    ),
]
WebformId = Annotated[
    str,
    _AS_TEXT,
    Field(json_schema_extra={"pattern": WEBFORM_ID}),
    _shape(
        "mailerlite_webform",
        WEBFORM_ID,
        "numéro du formulaire MailerLite",
        "c’est le nombre (6 à 10 chiffres) écrit après mlb2- et après ml_webform_success_ "
        "dans le code HTML du formulaire",
        ("12114309", "12345", "mlb2-12114309"),
    ),
]
PixelId = Annotated[
    str,
    _AS_TEXT,
    Field(json_schema_extra={"pattern": PIXEL_ID}),
    _shape(
        "meta_pixel",
        PIXEL_ID,
        "identifiant du pixel Meta",
        "c’est le nombre de 15 ou 16 chiffres écrit dans fbq('init', '…') du code de base du "
        "pixel (Gestionnaire d’événements de Meta)",
        ("123456789012345", "12345", "fbq('init')"),
    ),
]

_INVALID = "adresse Calendly invalide : « {value} » ; "
#: The booking link of a Calendly event, read as ``urlsplit`` reads an address: its scheme and
#: host name in any case, a port (even empty), then nothing after « ? » or « # ».
CALENDLY = Decisions(
    id="calendly_url",
    steps=(
        Step((Matches(Pattern(CALENDLY_URL[1:-1], "fullmatch")),), None),
        Step(
            (
                Matches(
                    Pattern(
                        r"[Hh][Tt][Tt][Pp][Ss]://(?:[^/?#]*@)?[Cc][Aa][Ll][Ee][Nn][Dd][Ll][Yy]\."
                        r"[Cc][Oo][Mm]:?(?![^/?#])",
                        "match",
                    ),
                    negate=True,
                ),
            ),
            "origin",
        ),
        Step((Matches(Pattern(r"\?(?!#|\Z)|#(?!\Z)")),), "query"),
    ),
    otherwise="path",
    messages={
        "origin": _INVALID + f"elle doit commencer par {CALENDLY_ORIGIN}/ (le lien de "
        "réservation que donne Calendly)",
        "query": _INVALID + "enlevez tout ce qui suit « ? » ou « # » : les options de l’agenda "
        "sont les champs hideEventTypeDetails et hideLandingPageDetails, et ses couleurs "
        "viennent du thème du site",
        "path": _INVALID + f"attendu : {CALENDLY_ORIGIN}/nom/evenement (lettres sans accent, "
        "chiffres, « - » et « _ »)",
    },
    examples=(
        "https://calendly.com/renouer/appel-decouverte", "http://calendly.com/a",
        "https://calendly.com:443/a", "https://evil.example/a", "https://calendly.com/a?b=1",
        "https://calendly.com/a#b", "https://calendly.com/a?", "https://calendly.com/a b",
        "HTTPS://CALENDLY.COM/a",
    ),
)  # fmt: skip

CalendlyUrl = Annotated[
    str,
    AfterValidator(CALENDLY.check),
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
