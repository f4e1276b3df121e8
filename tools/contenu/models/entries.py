"""Entries of the small collections (one file each) and the cells that show them.

The Markdown body of an entry file fills the field named by ``BODY_FIELD``; everything else is
frontmatter. The id of an entry is its file name. Each collection is declared once, by the
:class:`Collection` record after its models; ``contenu.models.COLLECTIONS`` lists the records,
and every stage, the catalogue, ``contenu new`` and the site's cell registry read them.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import ClassVar

from pydantic import Field

from contenu.models.cells import CollectionCell, Icon
from contenu.models.common import ContentModel, Image, Text
from contenu.models.numbers import Integer


class Entry(ContentModel):
    """Common to every collection entry."""

    BODY_FIELD: ClassVar[str]  # the field the Markdown body of the file fills
    order: Integer = Field(
        100, description="Position dans la liste (du plus petit au plus grand).", title="position"
    )


@dataclass(frozen=True)
class Collection:
    """A folder of ``content/`` whose files are entries of one model, and the cell showing it."""

    folder: str  # content/<folder>/<id>.md
    model: type[Entry]
    cell_model: type[CollectionCell]  # its LABEL is the French title of the collection
    kind: str  # `contenu new <kind>`, schema/<kind>.schema.gen.json
    label: str  # one entry, in a French sentence: « cette entrée (témoignage) »
    example: str  # an example body, for the catalogue

    @property
    def cell(self) -> str:
        """The fence name of the cell that shows the collection."""
        return self.cell_model.NAME

    @property
    def title(self) -> str:
        """The French title of the collection (catalogue, editor, cell)."""
        return self.cell_model.LABEL


class Testimonial(Entry):
    """A parent's testimonial (``content/temoignages``); the text is the body of the file."""

    BODY_FIELD: ClassVar[str] = "content"
    name: Text = Field(
        description="Prénom (et initiale) de la personne.", examples=["Sophie M."], title="nom"
    )
    role: Text = Field(description="Qui elle est.", examples=["Maman de Léa, 15 ans"], title="rôle")
    rating: Integer = Field(5, ge=1, le=5, description="Note sur 5 étoiles.", title="note")
    content: str = Field("", description="Le témoignage (corps du fichier).", title="témoignage")


class TestimonialsCell(CollectionCell):
    """Testimonials of ``content/temoignages``."""

    NAME: ClassVar[str] = "testimonials"
    LABEL: ClassVar[str] = "Témoignages"


TESTIMONIALS = Collection(
    "temoignages",
    Testimonial,
    TestimonialsCell,
    kind="temoignage",
    label="témoignage",
    example="Grâce à l’accompagnement, j’ai retrouvé le dialogue avec ma fille.",
)


class TeamMember(Entry):
    """A coach of the team (``content/equipe``); the bio is the body of the file."""

    BODY_FIELD: ClassVar[str] = "bio"
    name: Text = Field(description="Prénom et nom.", title="nom")
    role: Text = Field(description="Rôle ou spécialité.", title="rôle")
    photo: Image = Field(description="Portrait avec son texte alternatif.", title="photo")
    bio: str = Field("", description="Biographie (corps du fichier).", title="biographie")


class TeamCell(CollectionCell):
    """Team cards of ``content/equipe``."""

    NAME: ClassVar[str] = "team"
    LABEL: ClassVar[str] = "Équipe"


TEAM = Collection(
    "equipe",
    TeamMember,
    TeamCell,
    kind="membre",
    label="membre de l’équipe",
    example="Claire accompagne les parents d’adolescents depuis dix ans.",
)


class PainPoint(Entry):
    """A difficulty parents face (``content/difficultes``)."""

    BODY_FIELD: ClassVar[str] = "description"
    icon: Icon = Field(description="Icône parmi une liste fermée.", title="icône")
    title: Text = Field(description="Titre de la carte.", title="titre")
    description: str = Field(
        "", description="Texte de la carte (corps du fichier).", title="description"
    )


class PainPointsCell(CollectionCell):
    """Cards of ``content/difficultes``."""

    NAME: ClassVar[str] = "pain-points"
    LABEL: ClassVar[str] = "Difficultés des parents"


PAIN_POINTS = Collection(
    "difficultes",
    PainPoint,
    PainPointsCell,
    kind="difficulte",
    label="difficulté",
    example="Vous donnez tout, et vous avez l’impression de ne plus avoir d’énergie.",
)


class MethodStep(Entry):
    """A step of the 3-step method (``content/etapes``)."""

    BODY_FIELD: ClassVar[str] = "description"
    number: Integer = Field(ge=1, le=9, description="Numéro de l’étape.", title="numéro")
    title: Text = Field(description="Titre de l’étape.", title="titre")
    description: str = Field(
        "", description="Texte de l’étape (corps du fichier).", title="description"
    )


class StepsCell(CollectionCell):
    """The method steps of ``content/etapes``."""

    NAME: ClassVar[str] = "steps"
    LABEL: ClassVar[str] = "Étapes de la méthode"


STEPS = Collection(
    "etapes",
    MethodStep,
    StepsCell,
    kind="etape",
    label="étape de la méthode",
    example="Comprendre ce qui se joue pour votre ado… et pour vous.",
)


class Workshop(Entry):
    """A group workshop announced as coming soon (``content/ateliers``)."""

    BODY_FIELD: ClassVar[str] = "description"
    title: Text = Field(description="Titre de l’atelier.", title="titre")
    status: Text = Field(
        description="Étiquette de statut.",
        examples=["Ateliers collectifs – bientôt disponibles"],
        title="statut",
    )
    description: str = Field(
        "", description="Présentation (corps du fichier).", title="description"
    )


class WorkshopsCell(CollectionCell):
    """Workshops of ``content/ateliers``."""

    NAME: ClassVar[str] = "workshops"
    LABEL: ClassVar[str] = "Ateliers"


WORKSHOPS = Collection(
    "ateliers",
    Workshop,
    WorkshopsCell,
    kind="atelier",
    label="atelier",
    example="Un atelier en petit groupe pour poser des limites claires et bienveillantes.",
)


class FaqEntry(Entry):
    """A question of the FAQ (``content/faq``); the answer is the body of the file."""

    BODY_FIELD: ClassVar[str] = "answer"
    question: Text = Field(description="La question.", title="question")
    answer: str = Field("", description="La réponse (corps du fichier).", title="réponse")


class FaqCell(CollectionCell):
    """Questions of ``content/faq``."""

    NAME: ClassVar[str] = "faq"
    LABEL: ClassVar[str] = "Questions fréquentes"


FAQ = Collection(
    "faq",
    FaqEntry,
    FaqCell,
    kind="faq",
    label="question de la FAQ",
    example="Une séance dure une heure, en visioconférence.",
)


class Deliverable(Entry):
    """Something the client receives (``content/livrables``)."""

    BODY_FIELD: ClassVar[str] = "description"
    icon: Icon = Field(description="Icône parmi une liste fermée.", title="icône")
    title: Text = Field(description="Titre.", title="titre")
    description: str = Field("", description="Texte (corps du fichier).", title="description")


class DeliverablesCell(CollectionCell):
    """What the client receives: ``content/livrables``."""

    NAME: ClassVar[str] = "deliverables"
    LABEL: ClassVar[str] = "Livrables"


DELIVERABLES = Collection(
    "livrables",
    Deliverable,
    DeliverablesCell,
    kind="livrable",
    label="livrable",
    example="Des fiches simples à garder sous la main pour les moments difficiles.",
)


class Value(Entry):
    """A value of the team (``content/valeurs``)."""

    BODY_FIELD: ClassVar[str] = "description"
    title: Text = Field(description="Nom de la valeur.", examples=["Bienveillance"], title="titre")
    description: str = Field(
        "", description="Ce qu’elle veut dire pour nous (corps du fichier).", title="description"
    )


class ValuesCell(CollectionCell):
    """Values of ``content/valeurs``."""

    NAME: ClassVar[str] = "values"
    LABEL: ClassVar[str] = "Valeurs"


VALUES = Collection(
    "valeurs",
    Value,
    ValuesCell,
    kind="valeur",
    label="valeur",
    example="Nous accueillons chaque parent sans jugement.",
)
