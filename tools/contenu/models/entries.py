"""Entries of the small collections (one file each). The Markdown body of the file fills
the field named by ``BODY_FIELD``; everything else is frontmatter. The id of an entry is its
file name."""

from __future__ import annotations

from typing import ClassVar, Literal

from pydantic import Field

from contenu.models.common import ContentModel, Image, Text

Icon = Literal[
    "battery-low",
    "flame",
    "shield-off",
    "circle-help",
    "heart",
    "users",
    "compass",
    "sparkles",
    "message-circle",
    "notebook",
    "file-text",
    "bot",
]


class Entry(ContentModel):
    """Common to every collection entry."""

    BODY_FIELD: ClassVar[str]
    order: int = Field(100, description="Position dans la liste (du plus petit au plus grand).")


class Testimonial(Entry):
    """A parent's testimonial (``content/temoignages``); the text is the body of the file."""

    BODY_FIELD: ClassVar[str] = "content"
    name: Text = Field(description="Prénom (et initiale) de la personne.", examples=["Sophie M."])
    role: Text = Field(description="Qui elle est.", examples=["Maman de Léa, 15 ans"])
    rating: int = Field(5, ge=1, le=5, description="Note sur 5 étoiles.")
    content: str = Field("", description="Le témoignage (corps du fichier).")


class TeamMember(Entry):
    """A coach of the team (``content/equipe``); the bio is the body of the file."""

    BODY_FIELD: ClassVar[str] = "bio"
    name: Text = Field(description="Prénom et nom.")
    role: Text = Field(description="Rôle ou spécialité.")
    photo: Image = Field(description="Portrait avec son texte alternatif.")
    bio: str = Field("", description="Biographie (corps du fichier).")


class PainPoint(Entry):
    """A difficulty parents face (``content/difficultes``)."""

    BODY_FIELD: ClassVar[str] = "description"
    icon: Icon = Field(description="Icône parmi une liste fermée.")
    title: Text = Field(description="Titre de la carte.")
    description: str = Field("", description="Texte de la carte (corps du fichier).")


class MethodStep(Entry):
    """A step of the 3-step method (``content/etapes``)."""

    BODY_FIELD: ClassVar[str] = "description"
    number: int = Field(ge=1, le=9, description="Numéro de l’étape.")
    title: Text = Field(description="Titre de l’étape.")
    description: str = Field("", description="Texte de l’étape (corps du fichier).")


class Workshop(Entry):
    """A group workshop announced as coming soon (``content/ateliers``)."""

    BODY_FIELD: ClassVar[str] = "description"
    title: Text = Field(description="Titre de l’atelier.")
    status: Text = Field(
        description="Étiquette de statut.", examples=["Ateliers collectifs – bientôt disponibles"]
    )
    description: str = Field("", description="Présentation (corps du fichier).")


class FaqEntry(Entry):
    """A question of the FAQ (``content/faq``); the answer is the body of the file."""

    BODY_FIELD: ClassVar[str] = "answer"
    question: Text = Field(description="La question.")
    answer: str = Field("", description="La réponse (corps du fichier).")


class Deliverable(Entry):
    """Something the client receives (``content/livrables``)."""

    BODY_FIELD: ClassVar[str] = "description"
    icon: Icon = Field(description="Icône parmi une liste fermée.")
    title: Text = Field(description="Titre.")
    description: str = Field("", description="Texte (corps du fichier).")


class Value(Entry):
    """A value of the team (``content/valeurs``)."""

    BODY_FIELD: ClassVar[str] = "description"
    title: Text = Field(description="Nom de la valeur.", examples=["Bienveillance"])
    description: str = Field("", description="Ce qu’elle veut dire pour nous (corps du fichier).")
