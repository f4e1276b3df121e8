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
from contenu.models.numbers import Amount, OptionalInteger
from contenu.models.providers import Providers
from contenu.models.theme import Theme


class Offer(ContentModel):
    """The individual coaching offer."""

    format: Text = Field(
        description="Format des séances.",
        examples=["En visioconférence"],
        title="format des séances",
    )
    area: Text = Field(
        description="Zone couverte.",
        examples=["Partout dans la francophonie"],
        title="zone couverte",
    )
    availability: Text = Field(
        description="Disponibilités.",
        examples=["Du lundi au vendredi, 9h-18h"],
        title="disponibilités",
    )
    response_time: Text = Field(
        description="Délai de réponse promis.",
        examples=["Réponse sous 24h"],
        title="délai de réponse",
    )


class Price(ContentModel):
    """One price of the offer."""

    label: Text = Field(
        description="Nom de la formule.", examples=["Pack de 4 séances"], title="libellé"
    )
    amount: Amount = Field(
        description="Montant en euros, centimes après la virgule si besoin (0 = gratuit).",
        examples=[395],
        title="montant",
    )
    currency: str = Field(
        "EUR",
        pattern=r"^[A-Z]{3}$",
        description="Devise du montant, en trois majuscules : « EUR » pour l’euro.",
        title="devise",
    )
    duration_minutes: OptionalInteger = Field(
        None, ge=1, description="Durée d’une séance en minutes, si utile.", title="durée en minutes"
    )
    note: Text | None = Field(
        None, description="Précision affichée avec le prix.", title="précision"
    )


class Prices(ContentModel):
    """Prices of the coaching offer (spec: 395 EUR, 125 EUR, first 30 minutes free)."""

    pack: Price = Field(description="Le pack de 4 séances.", title="pack")
    single: Price = Field(description="La séance à l’unité.", title="séance à l’unité")
    discovery: Price = Field(
        description="La première séance de 30 minutes, offerte.", title="séance découverte"
    )


class Navigation(ContentModel):
    """Links of the header and the footer."""

    header: list[Link] = Field(description="Liens de l’en-tête.", min_length=1, title="en-tête")
    header_actions: list[Action] = Field(
        description="Boutons de l’en-tête (« Guide gratuit », « Réservez un appel »).",
        title="boutons de l’en-tête",
    )
    footer: list[Link] = Field(
        description="Liens du pied de page.", min_length=1, title="pied de page"
    )


class SiteSettings(ContentModel):
    """Everything that is the same on every page."""

    brand: Text = Field(
        description="Nom de la marque, utilisé dans les titres de page.",
        examples=["Renouer"],
        title="marque",
    )
    # Kept as written: the suffix usually starts with a space (ContentModel strips the others).
    title_suffix: Annotated[str, StringConstraints(strip_whitespace=False)] = Field(
        " | {brand} - Accompagnement parental",
        description="Suffixe ajouté au titre de chaque page qui ne contient pas déjà la marque ; "
        "« {brand} » est remplacé par la marque.",
        title="suffixe des titres",
    )
    tagline: Text = Field(description="Phrase d’accroche de la marque.", title="accroche")
    coach_name: Text = Field(
        description="Prénom et nom de la coach qui reçoit les messages.", title="nom de la coach"
    )
    email: EmailStr = Field(description="Adresse e-mail de contact.", title="e-mail")
    social_url: HttpUrl = Field(
        description="Adresse de la page sur les réseaux sociaux.",
        title="adresse de la page sociale",
    )
    social_label: Text = Field(
        description="Texte du lien vers la page sociale.", title="texte du lien social"
    )
    site_url: SiteUrl = Field(
        description="Adresse publique du site, « https:// » puis le domaine et un chemin "
        "éventuel (remplacée par la variable SITE_URL au déploiement).",
        examples=["https://renouer-coaching.fr/"],
        title="adresse du site",
    )
    custom_domain: HostName | None = Field(
        None,
        description="Nom de domaine personnalisé, seul (sans https:// ni « / »), écrit dans le "
        "fichier CNAME ; facultatif.",
        examples=["www.renouer-coaching.fr"],
        title="domaine personnalisé",
    )
    default_og_image: ImagePath = Field(
        description="Image de partage par défaut (1200×630).", title="image de partage par défaut"
    )
    navigation: Navigation = Field(
        description="Liens de l’en-tête et du pied de page.", title="navigation"
    )
    offer: Offer = Field(description="Format, zone, horaires et délai de réponse.", title="offre")
    prices: Prices = Field(
        description="Les trois tarifs (lus aussi par les moteurs de recherche).", title="prix"
    )
    providers: Providers = Field(
        description="Services tiers : MailerLite, Calendly, Meta.", title="services tiers"
    )
    theme: Theme = Field(description="Couleurs du site (contraste vérifié).", title="couleurs")
    interface: Interface = Field(
        description="Textes communs de l’interface (menus, bandeau cookies, articles…).",
        title="textes de l’interface",
    )
