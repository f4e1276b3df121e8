"""Publisher and host identification required by French law (LCEN art. 6 III and 1-1):
``content/reglages/mentions-legales.md``. Unknown values carry the marker « [À COMPLÉTER] »."""

from __future__ import annotations

from pydantic import Field

from contenu.models.common import ContentModel, Text


class Publisher(ContentModel):
    """The publisher of the site (éditeur)."""

    name: Text = Field(description="Nom et prénom, ou dénomination sociale.", title="nom")
    legal_form: Text = Field(
        description="Forme juridique (ex. « Entreprise individuelle », « SASU »).",
        title="forme juridique",
    )
    share_capital: Text | None = Field(
        None, description="Capital social, pour une société.", title="capital social"
    )
    address: Text = Field(description="Adresse du domicile ou du siège social.", title="adresse")
    phone: Text = Field(description="Numéro de téléphone.", title="téléphone")
    email: Text = Field(description="Adresse e-mail.", title="e-mail")
    registration: Text = Field(
        description="Immatriculation : numéro SIREN/SIRET, RCS ou RNE.", title="immatriculation"
    )
    vat_number: Text | None = Field(
        None, description="Numéro de TVA intracommunautaire, le cas échéant.", title="numéro de TVA"
    )
    publication_director: Text = Field(
        description="Nom du directeur ou de la directrice de la publication.",
        title="directeur de la publication",
    )


class Host(ContentModel):
    """The host of the site (hébergeur)."""

    name: Text = Field(
        description="Dénomination de l’hébergeur.", examples=["GitHub, Inc."], title="nom"
    )
    address: Text = Field(description="Adresse de l’hébergeur.", title="adresse")
    phone: Text = Field(description="Téléphone de l’hébergeur.", title="téléphone")
    website: Text | None = Field(None, description="Site de l’hébergeur.", title="site web")


class LegalNotice(ContentModel):
    """Legal notice data, rendered by the ``{legal-notice}`` cell."""

    publisher: Publisher = Field(description="L’éditeur du site (qui le publie).", title="éditeur")
    host: Host = Field(description="L’hébergeur du site.", title="hébergeur")
