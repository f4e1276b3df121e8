"""Site settings: ``content/reglages/site.md`` (frontmatter only)."""

from __future__ import annotations

from typing import Annotated

from pydantic import EmailStr, Field, HttpUrl, StringConstraints

from contenu.models.common import (
    Action,
    ContentModel,
    HostName,
    ImagePath,
    Link,
    SiteUrl,
    Text,
)
from contenu.models.interface import Interface
from contenu.models.providers import Providers
from contenu.models.theme import Theme


class Offer(ContentModel):
    """The individual coaching offer."""

    format: Text = Field(description="Format des séances.", examples=["En visioconférence"])
    area: Text = Field(description="Zone couverte.", examples=["Partout dans la francophonie"])
    availability: Text = Field(
        description="Disponibilités.", examples=["Du lundi au vendredi, 9h-18h"]
    )
    response_time: Text = Field(
        description="Délai de réponse promis.", examples=["Réponse sous 24h"]
    )


class Price(ContentModel):
    """One price of the offer."""

    label: Text = Field(description="Nom de la formule.", examples=["Pack de 4 séances"])
    amount: int = Field(ge=0, description="Montant en euros (0 = gratuit).", examples=[395])
    currency: str = Field("EUR", pattern=r"^[A-Z]{3}$", description="Devise ISO 4217.")
    duration_minutes: int | None = Field(
        None, ge=1, description="Durée d’une séance en minutes, si utile."
    )
    note: Text | None = Field(None, description="Précision affichée avec le prix.")


class Prices(ContentModel):
    """Prices of the coaching offer (spec: 395 EUR, 125 EUR, first 30 minutes free)."""

    pack: Price = Field(description="Le pack de 4 séances.")
    single: Price = Field(description="La séance à l’unité.")
    discovery: Price = Field(description="La première séance de 30 minutes, offerte.")


class Navigation(ContentModel):
    """Links of the header and the footer."""

    header: list[Link] = Field(description="Liens de l’en-tête.", min_length=1)
    header_actions: list[Action] = Field(
        description="Boutons de l’en-tête (« Guide gratuit », « Réservez un appel »)."
    )
    footer: list[Link] = Field(description="Liens du pied de page.", min_length=1)


class SiteSettings(ContentModel):
    """Everything that is the same on every page."""

    brand: Text = Field(
        description="Nom de la marque, utilisé dans les titres de page.", examples=["Renouer"]
    )
    # Kept as written: the suffix usually starts with a space (ContentModel strips the others).
    title_suffix: Annotated[str, StringConstraints(strip_whitespace=False)] = Field(
        " | {brand} - Accompagnement parental",
        description="Suffixe ajouté au titre de chaque page qui ne contient pas déjà la marque ; "
        "« {brand} » est remplacé par la marque.",
    )
    tagline: Text = Field(description="Phrase d’accroche de la marque.")
    coach_name: Text = Field(description="Prénom et nom de la coach qui reçoit les messages.")
    email: EmailStr = Field(description="Adresse e-mail de contact.")
    social_url: HttpUrl = Field(description="Adresse de la page sur les réseaux sociaux.")
    social_label: Text = Field(description="Texte du lien vers la page sociale.")
    site_url: SiteUrl = Field(
        description="Adresse publique du site, « https:// » puis le domaine et un chemin "
        "éventuel (remplacée par la variable SITE_URL au déploiement).",
        examples=["https://renouer-coaching.fr/"],
    )
    custom_domain: HostName | None = Field(
        None,
        description="Nom de domaine personnalisé, seul (sans https:// ni « / »), écrit dans le "
        "fichier CNAME ; facultatif.",
        examples=["www.renouer-coaching.fr"],
    )
    default_og_image: ImagePath = Field(description="Image de partage par défaut (1200×630).")
    navigation: Navigation = Field(description="Liens de l’en-tête et du pied de page.")
    offer: Offer = Field(description="Format, zone, horaires et délai de réponse.")
    prices: Prices = Field(description="Les trois tarifs (lus aussi par les moteurs de recherche).")
    providers: Providers = Field(description="Services tiers : MailerLite, Calendly, Meta.")
    theme: Theme = Field(description="Couleurs du site (contraste vérifié).")
    interface: Interface = Field(
        description="Textes communs de l’interface (menus, bandeau cookies, articles…)."
    )
