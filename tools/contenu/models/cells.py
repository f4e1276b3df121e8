"""Component cells: fenced blocks of a page or article body, a ```` ```{cta} ```` line, YAML
fields, a closing ```` ``` ```` line (docs/guide/catalogue.md shows one of each).

The word between braces is the ``NAME`` of the model below that validates the cell's YAML;
``LABEL`` is its French name (catalogue, editor snippets). The site shows each cell with the
component of the same name as its model (``site/src/components/cells/HeroCell.tsx``).
Collection cells (``{testimonials}``, ``{faq}``…) are declared with their entries
(``entries.py``): they show every entry of their folder in ``order``, or only the ids listed in
``items``; the build copies the entries into the page bundle.
"""

from __future__ import annotations

from typing import Annotated, ClassVar, Literal

from pydantic import Field

from contenu.models.common import Action, Anchor, ContentModel, EntryId, Image, Paragraph, Text
from contenu.models.field_kinds import advanced, field_kind
from contenu.models.numbers import Integer, OptionalInteger
from contenu.models.options import option_labels
from contenu.models.paths import NOT_FOUND_PAGE

#: The closed list of icons (lucide names) a coach may choose from their drawings, each
#: named by what it draws.
Icon = Annotated[
    Literal[
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
    ],
    option_labels(
        {
            "battery-low": "Batterie presque vide",
            "flame": "Flamme",
            "shield-off": "Bouclier barré",
            "circle-help": "Point d’interrogation",
            "heart": "Cœur",
            "users": "Deux personnes",
            "compass": "Boussole",
            "sparkles": "Étincelles",
            "message-circle": "Bulle de dialogue",
            "notebook": "Carnet",
            "file-text": "Document",
            "bot": "Robot",
        }
    ),
    field_kind("icon"),
]

#: The kinds of document a cell goes in: a page, an article, the error page (``404.md``).
Place = Literal["page", "article", "not-found"]
EVERY_PLACE: frozenset[Place] = frozenset(("page", "article", "not-found"))
#: How a message names each kind of document (« ne va pas dans un article »).
PLACE_WORDS: dict[Place, str] = {
    "page": "une page",
    "article": "un article",
    "not-found": "la page d’erreur (404)",
}


def place_of(kind: str, name: str) -> Place | None:
    """Where a document of ``kind`` ("page", "article") named ``name`` (its file name
    without ``.md``) is; None for a file that holds no cells."""
    if kind == "article":
        return "article"
    if kind == "page":
        return "not-found" if name == NOT_FOUND_PAGE else "page"
    return None


class Cell(ContentModel):
    """Common to every component cell."""

    NAME: ClassVar[str]  # the fence name a coach writes between braces
    LABEL: ClassVar[str]  # French name of the cell
    #: One French sentence saying what the cell shows (the editor's « Ajouter une cellule »
    #: menu); a collection's cell gets one from its collection when left empty.
    SUMMARY: ClassVar[str] = ""
    #: The documents it may go in (``contenu check`` refuses it elsewhere, and the editor's
    #: « Ajouter une cellule » does not offer it there).
    PLACES: ClassVar[frozenset[Place]] = EVERY_PLACE

    anchor: Anchor | None = Field(
        None,
        description="Ancre de la section (lien « #ancre »), facultative ; pas un nom réservé "
        "par le site (« fbq », « ml »…).",
        title="ancre",
        json_schema_extra=advanced(),
    )


class HeroCell(Cell):
    """Opening banner of a page: headline, lead, buttons, optional image."""

    NAME: ClassVar[str] = "hero"
    LABEL: ClassVar[str] = "Bannière d’ouverture"
    SUMMARY: ClassVar[str] = (
        "Le grand bandeau du haut de page : titre, texte d’introduction, boutons et image."
    )
    # Its title is the page's one h1: an article's is the article's title, the error page's
    # its message.
    PLACES: ClassVar[frozenset[Place]] = frozenset(("page",))

    eyebrow: Text | None = Field(
        None, description="Petite ligne au-dessus du titre.", title="surtitre"
    )
    title: Text = Field(description="Titre principal (h1).", title="titre")
    lead: Paragraph | None = Field(
        None, description="Texte d’introduction.", title="texte d’introduction"
    )
    image: Image | None = Field(
        None, description="Illustration (chargée en priorité).", title="image"
    )
    actions: list[Action] = Field(default_factory=list, description="Boutons.", title="boutons")


class CtaCell(Cell):
    """Call-to-action cell."""

    NAME: ClassVar[str] = "cta"
    LABEL: ClassVar[str] = "Appel à l’action"
    SUMMARY: ClassVar[str] = (
        "Un encadré qui invite à agir : un titre, un texte et au moins un bouton."
    )

    title: Text = Field(description="Titre de la cellule.", title="titre")
    text: Paragraph | None = Field(None, description="Texte de la cellule.", title="texte")
    actions: list[Action] = Field(min_length=1, description="Boutons.", title="boutons")


class CardCell(Cell):
    """A single highlighted card (urgent help, next step…)."""

    NAME: ClassVar[str] = "card"
    LABEL: ClassVar[str] = "Carte mise en avant"
    SUMMARY: ClassVar[str] = (
        "Une carte mise en valeur (aide urgente, étape suivante…) avec icône et boutons."
    )

    tone: Annotated[
        Literal["default", "accent", "urgent"],
        option_labels(
            {
                "default": "Sobre",
                "accent": "Fond coloré",
                "urgent": "Alerte, bordure colorée à gauche",
            }
        ),
    ] = Field("default", description="Style de la carte.", title="style de la carte")
    icon: Icon | None = Field(None, description="Icône facultative.", title="icône")
    title: Text = Field(description="Titre de la carte.", title="titre")
    text: Paragraph | None = Field(None, description="Texte de la carte.", title="texte")
    actions: list[Action] = Field(default_factory=list, description="Boutons.", title="boutons")


class ListItem(ContentModel):
    """One item of a list cell."""

    title: Text = Field(description="Texte principal de l’élément.", title="titre")
    text: Paragraph | None = Field(None, description="Précision facultative.", title="texte")


class ListCell(Cell):
    """A styled list: ticks, numbers or bullets."""

    NAME: ClassVar[str] = "list"
    LABEL: ClassVar[str] = "Liste"
    SUMMARY: ClassVar[str] = (
        "Une liste stylée : coches, numéros ou puces, chaque élément avec sa précision."
    )

    title: Text | None = Field(None, description="Titre de la liste.", title="titre")
    style: Annotated[
        Literal["check", "numbered", "bullet"],
        option_labels({"check": "Coches", "numbered": "Numéros", "bullet": "Points"}),
    ] = Field("check", description="Puces : coches, numéros ou points.", title="style des puces")
    items: list[ListItem] = Field(
        min_length=1, description="Éléments de la liste.", title="éléments"
    )


class FigureCell(Cell):
    """An image with an optional caption."""

    NAME: ClassVar[str] = "figure"
    LABEL: ClassVar[str] = "Image avec légende"
    SUMMARY: ClassVar[str] = "Une image de content/images avec son texte alternatif et une légende."

    image: Image = Field(
        description="L’image (adresse /images/… et texte alternatif).", title="image"
    )
    caption: Text | None = Field(None, description="Légende facultative.", title="légende")


class CollectionCell(Cell):
    """Shows entries of a collection folder (subclasses are declared in ``entries.py``)."""

    title: Text | None = Field(None, description="Titre de la section.", title="titre")
    intro: Paragraph | None = Field(
        None, description="Texte d’introduction de la section.", title="introduction"
    )
    items: list[EntryId] | None = Field(
        None,
        description="Identifiants (noms de fichier sans .md) à montrer ; tous si absent.",
        title="éléments",
    )


class ArticlesCell(Cell):
    """Cards of the published articles, newest first."""

    NAME: ClassVar[str] = "articles"
    LABEL: ClassVar[str] = "Cartes des articles"
    SUMMARY: ClassVar[str] = (
        "Les cartes des derniers articles publiés, du plus récent au plus ancien."
    )

    title: Text | None = Field(None, description="Titre de la section.", title="titre")
    intro: Paragraph | None = Field(None, description="Texte d’introduction.", title="introduction")
    limit: OptionalInteger = Field(
        None,
        ge=1,
        description="Nombre maximal d’articles ; tous si absent.",
        title="nombre maximal",
    )
    per_page: Integer = Field(
        12,
        ge=3,
        le=60,
        description="Sans « limit », la liste montre ce nombre d’articles par page et continue "
        "sur des pages numérotées (/blog/page/2…), avec une page par catégorie.",
        title="articles par page",
    )


class SearchCell(Cell):
    """Full-text search in the articles; its code and index load when the visitor searches."""

    NAME: ClassVar[str] = "search"
    LABEL: ClassVar[str] = "Recherche dans les articles"
    SUMMARY: ClassVar[str] = "Le champ de recherche dans les articles du blog."

    title: Text | None = Field(
        None, description="Titre au-dessus du champ de recherche.", title="titre"
    )
    intro: Paragraph | None = Field(None, description="Texte d’introduction.", title="introduction")


class NewsletterCell(Cell):
    """The MailerLite embedded sign-up form (account and form code in the site settings)."""

    NAME: ClassVar[str] = "newsletter"
    LABEL: ClassVar[str] = "Formulaire d’inscription au guide (MailerLite)"
    SUMMARY: ClassVar[str] = "Le formulaire d’inscription qui envoie le guide gratuit (MailerLite)."

    title: Text | None = Field(None, description="Titre au-dessus du formulaire.", title="titre")
    text: Paragraph | None = Field(
        None, description="Texte au-dessus du formulaire.", title="texte"
    )
    reassurance: list[Text] = Field(
        default_factory=list,
        description="Lignes rassurantes sous le formulaire (« 100 % gratuit »…).",
        title="lignes rassurantes",
    )
    loading: Text = Field(
        description="Texte affiché pendant le chargement du formulaire.",
        title="texte de chargement",
    )
    fallback: Text = Field(
        description="Texte affiché à la place du formulaire quand il ne s’affiche pas au bout "
        "de quelques secondes (bloqueur de publicité, connexion coupée), avant le lien "
        "qui écrit à l’adresse de contact.",
        title="texte de secours",
    )
    fallback_link: Text = Field(
        description="Texte du lien de secours, qui ouvre un e-mail à l’adresse de contact.",
        title="lien de secours",
    )
    fallback_subject: Text = Field(
        description="Objet de l’e-mail ouvert par le lien de secours.",
        title="objet de l’e-mail de secours",
    )


class CalendlyCell(Cell):
    """The Calendly inline booking widget (event URL in the site settings)."""

    NAME: ClassVar[str] = "calendly"
    LABEL: ClassVar[str] = "Prise de rendez-vous (Calendly)"
    SUMMARY: ClassVar[str] = "Le calendrier de prise de rendez-vous (Calendly)."

    title: Text | None = Field(None, description="Titre au-dessus du widget.", title="titre")
    loading: Text = Field(
        description="Texte affiché pendant le chargement du widget.", title="texte de chargement"
    )
    fallback_link: Text = Field(
        description="Lien de secours pour ouvrir Calendly dans un nouvel onglet.",
        title="lien de secours",
    )


class ContactFormLabels(ContentModel):
    """Labels, placeholders and button of the contact form."""

    first_name: Text = Field(
        description="Libellé du prénom.", examples=["Prénom *"], title="prénom"
    )
    first_name_placeholder: Text = Field(
        description="Texte d’exemple dans le champ du prénom.",
        examples=["Votre prénom"],
        title="exemple de prénom",
    )
    email: Text = Field(description="Libellé de l’e-mail.", examples=["Email *"], title="e-mail")
    email_placeholder: str = Field(
        description="Exemple d’adresse e-mail.",
        examples=["vous@exemple.fr"],
        title="exemple d’e-mail",
    )
    message: Text = Field(
        description="Libellé du message.", examples=["Message *"], title="message"
    )
    message_placeholder: Text = Field(
        description="Texte d’exemple dans le champ du message.",
        examples=["Racontez-moi votre situation…"],
        title="exemple de message",
    )
    submit: Text = Field(description="Texte du bouton d’envoi.", title="bouton d’envoi")


class ContactFormCell(Cell):
    """The contact form: opens the visitor's mail client, no data leaves the browser otherwise."""

    NAME: ClassVar[str] = "contact-form"
    LABEL: ClassVar[str] = "Formulaire de contact"
    SUMMARY: ClassVar[str] = "Le formulaire de contact, qui ouvre la messagerie du visiteur."

    title: Text | None = Field(None, description="Titre du formulaire.", title="titre")
    labels: ContactFormLabels = Field(
        description="Libellés, textes d’exemple et bouton du formulaire.", title="libellés"
    )
    subject: str = Field(
        description="Objet du message ; « {prenom} » est remplacé.",
        examples=["Nouveau message de {prenom} via le site"],
        title="objet du message",
    )
    body: str = Field(
        description="Corps du message ; « {coach} », « {prenom} », « {email} », « {message} » "
        "sont remplacés.",
        title="corps du message",
    )
    alert: Text = Field(
        description="Message affiché après l’envoi ; « {coach} » est remplacé.",
        title="message après l’envoi",
    )


class ContactInfoCell(Cell):
    """Contact details card, filled from the site settings (e-mail, offer, hours)."""

    NAME: ClassVar[str] = "contact-info"
    LABEL: ClassVar[str] = "Carte des coordonnées"
    SUMMARY: ClassVar[str] = (
        "La carte des coordonnées : e-mail, disponibilités, délai de réponse, format."
    )

    title: Text = Field(description="Titre de la carte.", title="titre")
    email_label: Text = Field(
        description="Intitulé de la ligne de l’adresse e-mail.", title="intitulé de l’e-mail"
    )
    availability_label: Text = Field(
        description="Intitulé de la ligne des disponibilités.", title="intitulé des disponibilités"
    )
    response_label: Text = Field(
        description="Intitulé de la ligne du délai de réponse.",
        title="intitulé du délai de réponse",
    )
    format_label: Text = Field(
        description="Intitulé de la ligne du format des séances.", title="intitulé du format"
    )


class LegalNoticeLabels(ContentModel):
    """Labels of the legal notice fields."""

    name: Text = Field(description="Intitulé du nom (ou de la raison sociale).", title="nom")
    legal_form: Text = Field(description="Intitulé de la forme juridique.", title="forme juridique")
    share_capital: Text = Field(description="Intitulé du capital social.", title="capital social")
    address: Text = Field(description="Intitulé de l’adresse.", title="adresse")
    phone: Text = Field(description="Intitulé du téléphone.", title="téléphone")
    email: Text = Field(description="Intitulé de l’adresse e-mail.", title="e-mail")
    registration: Text = Field(
        description="Intitulé de l’immatriculation (SIRET, RCS…).", title="immatriculation"
    )
    vat_number: Text = Field(description="Intitulé du numéro de TVA.", title="numéro de TVA")
    publication_director: Text = Field(
        description="Intitulé du directeur de la publication.", title="directeur de la publication"
    )
    website: Text = Field(description="Intitulé du site web de l’hébergeur.", title="site web")


class LegalNoticeCell(Cell):
    """Publisher and host of the site, from ``content/reglages/mentions-legales.md``."""

    NAME: ClassVar[str] = "legal-notice"
    LABEL: ClassVar[str] = "Mentions légales"
    SUMMARY: ClassVar[str] = "Les mentions légales : éditeur et hébergeur du site."

    publisher_title: Text = Field(
        description="Titre de la partie « éditeur du site ».", title="titre « éditeur »"
    )
    host_title: Text = Field(
        description="Titre de la partie « hébergeur du site ».", title="titre « hébergeur »"
    )
    labels: LegalNoticeLabels = Field(
        description="Intitulés de chaque information.", title="libellés"
    )


class NotFoundCell(Cell):
    """The 404 message. Its texts are kept exactly as written (no French typography)."""

    NAME: ClassVar[str] = "not-found"
    LABEL: ClassVar[str] = "Page introuvable (404)"
    SUMMARY: ClassVar[str] = "Le contenu de la page introuvable (erreur 404)."
    PLACES: ClassVar[frozenset[Place]] = frozenset(("not-found",))

    code: str = Field("404", description="Code affiché en grand.", title="code")
    title: str = Field(
        description="Message principal.", examples=["Oops! Page not found"], title="titre"
    )
    text: Paragraph | None = Field(
        None, description="Explication facultative (en français).", title="texte"
    )
    link_label: str = Field(
        description="Lien de retour à l’accueil.",
        examples=["Return to Home"],
        title="texte du lien",
    )
    lang: str = Field(
        "fr",
        pattern=r"^[a-z]{2}$",
        description="Langue du message principal et du lien (« en » s’ils sont en anglais).",
        title="langue",
    )
    log_message: str = Field(
        description="Message écrit dans la console avec le chemin demandé.",
        title="message de la console",
    )


def place_problem(cell: type[Cell], place: Place) -> str | None:
    """Why ``cell`` does not go in a document of ``place``; None when it does."""
    if place in cell.PLACES:
        return None
    return (
        f"la cellule « {cell.LABEL} » ne va pas dans {PLACE_WORDS[place]} : elle ne va que "
        f"dans {places_words(cell)} ; enlevez-la de ce document"
    )


def places_words(cell: type[Cell]) -> str:
    """« une page ou un article »: where ``cell`` goes."""
    return " ou ".join(words for p, words in PLACE_WORDS.items() if p in cell.PLACES)


#: The cells that show something else than a collection, in catalogue order.
COMPONENT_CELLS: tuple[type[Cell], ...] = (
    HeroCell,
    CtaCell,
    CardCell,
    ListCell,
    FigureCell,
    ArticlesCell,
    SearchCell,
    NewsletterCell,
    CalendlyCell,
    ContactFormCell,
    ContactInfoCell,
    LegalNoticeCell,
    NotFoundCell,
)
