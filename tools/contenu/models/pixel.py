"""Meta Pixel standard events a page may send (checked against Meta's list)."""

from __future__ import annotations

from typing import Annotated, Literal

from pydantic import Field

from contenu.models.common import ContentModel
from contenu.models.numbers import OptionalDecimal, OptionalInteger
from contenu.models.options import option_labels

#: Named in French, with Meta's own name (the one its Events Manager shows).
StandardEvent = Annotated[
    Literal[
        "AddPaymentInfo",
        "AddToCart",
        "AddToWishlist",
        "CompleteRegistration",
        "Contact",
        "CustomizeProduct",
        "Donate",
        "FindLocation",
        "InitiateCheckout",
        "Lead",
        "Purchase",
        "Schedule",
        "Search",
        "StartTrial",
        "SubmitApplication",
        "Subscribe",
        "ViewContent",
    ],
    option_labels(
        {
            "AddPaymentInfo": "Ajout d’un moyen de paiement (AddPaymentInfo)",
            "AddToCart": "Ajout au panier (AddToCart)",
            "AddToWishlist": "Ajout à une liste d’envies (AddToWishlist)",
            "CompleteRegistration": "Inscription terminée (CompleteRegistration)",
            "Contact": "Prise de contact (Contact)",
            "CustomizeProduct": "Personnalisation d’une offre (CustomizeProduct)",
            "Donate": "Don (Donate)",
            "FindLocation": "Recherche d’une adresse (FindLocation)",
            "InitiateCheckout": "Début d’un paiement (InitiateCheckout)",
            "Lead": "Prospect, demande d’information (Lead)",
            "Purchase": "Achat (Purchase)",
            "Schedule": "Prise de rendez-vous (Schedule)",
            "Search": "Recherche (Search)",
            "StartTrial": "Début d’un essai (StartTrial)",
            "SubmitApplication": "Envoi d’une candidature (SubmitApplication)",
            "Subscribe": "Abonnement (Subscribe)",
            "ViewContent": "Consultation d’un contenu (ViewContent)",
        }
    ),
]


class PixelParams(ContentModel):
    """Standard object properties of a Meta Pixel event; any other key is refused."""

    # Meta spells these in snake_case: keep their names as they are sent.
    model_config = ContentModel.model_config | {"alias_generator": None}

    content_name: str | None = Field(
        None, description="Nom du contenu (ex. « Guide gratuit »).", title="nom du contenu"
    )
    content_category: str | None = Field(
        None, description="Catégorie du contenu.", title="catégorie du contenu"
    )
    content_type: str | None = Field(
        None, description="Type du contenu (ex. « calendly_booking »).", title="type du contenu"
    )
    content_ids: list[str] | None = Field(
        None, description="Identifiants des contenus.", title="identifiants des contenus"
    )
    currency: str | None = Field(
        None,
        pattern=r"^[A-Z]{3}$",
        description="Devise de la valeur, en trois majuscules : « EUR » pour l’euro.",
        title="devise",
    )
    value: OptionalDecimal = Field(
        None, ge=0, description="Valeur associée à l’événement.", title="valeur"
    )
    status: str | None = Field(
        None, description="Statut (ex. pour CompleteRegistration).", title="statut"
    )
    num_items: OptionalInteger = Field(
        None, ge=0, description="Nombre d’articles.", title="nombre d’articles"
    )
    predicted_ltv: OptionalDecimal = Field(
        None, ge=0, description="Valeur vie client prévue.", title="valeur client prévue"
    )
    search_string: str | None = Field(
        None, description="Texte recherché (événement Search).", title="texte recherché"
    )


class PixelEvent(ContentModel):
    """The one Meta Pixel event a page sends when it is shown (only if the visitor accepted)."""

    event: StandardEvent = Field(
        description="Événement standard Meta envoyé à l’affichage de la page.",
        examples=["ViewContent"],
        title="événement",
    )
    params: PixelParams = Field(
        default_factory=PixelParams, description="Paramètres de l’événement.", title="paramètres"
    )
