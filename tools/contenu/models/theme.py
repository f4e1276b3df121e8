"""Brand colours: one place for the site's design tokens and the Calendly widget colours."""

from __future__ import annotations

from typing import Annotated

from pydantic import Field

from contenu.models.common import ContentModel

HexColor = Annotated[str, Field(pattern=r"^#[0-9a-fA-F]{6}$", examples=["#2f6f62"])]


class Theme(ContentModel):
    """Colours of the site; the contrast of text on each background is checked (WCAG AA)."""

    primary: HexColor = Field(
        description="Couleur principale (boutons, liens).", title="couleur principale"
    )
    on_primary: HexColor = Field(
        description="Couleur du texte posé sur la couleur principale.",
        title="texte sur la couleur principale",
    )
    accent: HexColor = Field(
        description="Couleur d’accent (badges, étoiles, détails).", title="couleur d’accent"
    )
    background: HexColor = Field(description="Fond de page.", title="fond de page")
    surface: HexColor = Field(
        description="Fond des cartes et sections alternées.", title="fond des cartes"
    )
    text: HexColor = Field(description="Couleur du texte courant.", title="texte")
    muted: HexColor = Field(
        description="Couleur du texte secondaire (dates, légendes).", title="couleur secondaire"
    )
