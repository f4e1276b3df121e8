"""Publisher and host identification required by French law (LCEN art. 6 III and 1-1):
``content/reglages/mentions-legales.md``. Unknown values carry the marker « [À COMPLÉTER] »."""

from __future__ import annotations

from pydantic import Field

from contenu.models.common import ContentModel, Text


class Publisher(ContentModel):
    """The publisher of the site (éditeur)."""

    name: Text = Field(description="Nom et prénom, ou dénomination sociale.")
    legal_form: Text = Field(
        description="Forme juridique (ex. « Entreprise individuelle », « SASU »)."
    )
    share_capital: Text | None = Field(None, description="Capital social, pour une société.")
    address: Text = Field(description="Adresse du domicile ou du siège social.")
    phone: Text = Field(description="Numéro de téléphone.")
    email: Text = Field(description="Adresse e-mail.")
    registration: Text = Field(description="Immatriculation : numéro SIREN/SIRET, RCS ou RNE.")
    vat_number: Text | None = Field(
        None, description="Numéro de TVA intracommunautaire, le cas échéant."
    )
    publication_director: Text = Field(
        description="Nom du directeur ou de la directrice de la publication."
    )


class Host(ContentModel):
    """The host of the site (hébergeur)."""

    name: Text = Field(description="Dénomination de l’hébergeur.", examples=["GitHub, Inc."])
    address: Text = Field(description="Adresse de l’hébergeur.")
    phone: Text = Field(description="Téléphone de l’hébergeur.")
    website: Text | None = Field(None, description="Site de l’hébergeur.")


class LegalNotice(ContentModel):
    """Legal notice data, rendered by the ``{legal-notice}`` cell."""

    publisher: Publisher = Field(description="L’éditeur du site (qui le publie).")
    host: Host = Field(description="L’hébergeur du site.")
