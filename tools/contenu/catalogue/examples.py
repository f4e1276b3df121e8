"""Example values: a minimal valid mapping for any model, used by the catalogue's examples,
the editor's cell snippets and ``contenu new``. Tests validate every example against the
models, so an example can never show something ``contenu check`` refuses."""

from __future__ import annotations

import datetime as dt
from typing import Any

from pydantic import BaseModel
from pydantic.fields import FieldInfo

from contenu.catalogue.shapes import ScalarKind, Shape, alias, field_shape
from contenu.catalogue.yaml_text import to_yaml
from contenu.models import CELL_MODELS, COLLECTIONS, Collection
from contenu.models.cells import ArticlesCell, CollectionCell, HeroCell, NewsletterCell

#: Nicer example values than the generic ones, by "Model.alias" (a test checks every key
#: names a field).
EXAMPLE_VALUES: dict[str, Any] = {
    "Page.title": "Contact",
    # Within the recommended length (models/page.py): an example gives no warning.
    "Page.description": "Posez-nous vos questions sur l’accompagnement des parents "
    "d’adolescents : nous vous répondons sous 24 heures, du lundi au vendredi.",
    "Article.title": "Renouer le dialogue avec son ado",
    "Article.excerpt": "Trois gestes simples pour retrouver des échanges sincères à la maison.",
    "Article.date": dt.date(2024, 3, 15),
    "Testimonial.name": "Sophie M.",
    "TeamMember.name": "Claire Martin",
    "TeamMember.role": "Coach parentale",
    "PainPoint.title": "Épuisement émotionnel",
    "MethodStep.title": "Prendre conscience",
    "Workshop.title": "Poser un cadre sans conflit",
    "FaqEntry.question": "Combien de temps dure une séance ?",
    "Deliverable.title": "Des fiches pratiques",
    "Image.src": "/images/exemple.jpg",
    "Image.alt": "Une mère et sa fille discutent sur un canapé",
    "HeroCell.title": "Retrouvez le lien avec votre ado",
    "HeroCell.lead": "Un accompagnement bienveillant pour les parents d’adolescents.",
    "CtaCell.title": "Prête à renouer le dialogue ?",
    "CardCell.title": "Besoin d’aide rapidement ?",
    "ListItem.title": "Comprendre le repli de votre ado",
    "ArticlesCell.title": "Nos derniers articles",
    "NewsletterCell.title": "Recevez le guide gratuit",
    "NewsletterCell.loading": "Chargement du formulaire…",
    "NewsletterCell.fallback": "Le formulaire ne s’affiche pas ?",
    "NewsletterCell.fallbackLink": "Demandez le guide par e-mail",
    "NewsletterCell.fallbackSubject": "Je souhaite recevoir le guide gratuit",
    "CalendlyCell.loading": "Chargement du calendrier…",
    "CalendlyCell.fallbackLink": "Ouvrir le calendrier dans un nouvel onglet",
    "ContactFormCell.body": "Bonjour {coach},\n\nPrénom : {prenom}\nE-mail : {email}\n\n{message}",
    "ContactFormCell.alert": "Merci pour votre message ! Votre messagerie va s’ouvrir.",
    "ContactInfoCell.title": "Nos coordonnées",
    "NotFoundCell.logMessage": "404 : page introuvable :",
    "Action.label": "Réserver mon appel gratuit",
    "Action.href": "/appel",
    "SiteSettings.tagline": "Renouer le dialogue avec votre ado",
    "SiteSettings.coachName": "Claire Martin",
    "SiteSettings.email": "bonjour@exemple.fr",
    "SiteSettings.socialLabel": "Suivez-nous sur Instagram",
    "SiteSettings.defaultOgImage": "/images/og-default.jpg",
    "Navigation.footer": [{"label": "Mentions légales", "href": "/mentions-legales"}],
    "Navigation.headerActions": [{"label": "Guide gratuit", "href": "/ressource"}],
    "Prices.single": {"label": "Séance à l’unité", "amount": 125},
    "Prices.discovery": {
        "label": "Première séance de 30 minutes",
        "amount": 0,
        "durationMinutes": 30,
    },
    "Theme.onPrimary": "#ffffff",
    "Theme.accent": "#b4543a",
    "Theme.background": "#fffdf8",
    "Theme.surface": "#f3efe7",
    "Theme.text": "#1f2933",
    "Theme.muted": "#52606d",
    "HeaderTexts.skipLink": "Aller au contenu",
    "HeaderTexts.homeLabel": "Renouer, retour à l’accueil",
    "HeaderTexts.menuOpen": "Ouvrir le menu",
    "HeaderTexts.menuClose": "Fermer le menu",
    "HeaderTexts.navLabel": "Navigation principale",
    "FooterTexts.copyright": "© {year} {brand}. Tous droits réservés.",
    "FooterTexts.contactLabel": "Nous écrire :",
    "FooterTexts.navLabel": "Liens du pied de page",
    "ConsentTexts.title": "Cookies",
    "ConsentTexts.text": (
        "Nous utilisons le pixel Meta pour mesurer nos publicités, seulement si vous l’acceptez."
    ),
    "ConsentTexts.accept": "Accepter",
    "ConsentTexts.refuse": "Refuser",
    "ConsentTexts.policyLink": "Politique de confidentialité",
    "ConsentTexts.manage": "Gérer les cookies",
    "ArticleTexts.readMore": "Lire l’article",
    "ArticleTexts.backToBlog": "Retour au blog",
    "ArticleTexts.publishedOn": "Publié le",
    "ArticleTexts.draftBadge": "Brouillon",
    "ArticleTexts.scheduledBadge": "Programmé",
    "BlogTexts.pagination": "Pages de la liste des articles",
    "BlogTexts.previous": "Page précédente",
    "BlogTexts.next": "Page suivante",
    "BlogTexts.categories": "Thèmes des articles",
    "BlogTexts.allCategories": "Tous les articles",
    "SearchTexts.label": "Rechercher dans les articles",
    "SearchTexts.placeholder": "colère, écrans, confiance…",
    "SearchTexts.submit": "Rechercher",
    "SearchTexts.loading": "Recherche en cours…",
    "SearchTexts.more": "Afficher plus de résultats",
    "SearchTexts.unavailable": "La recherche n’est pas disponible pour le moment.",
    "Publisher.name": "Claire Martin",
    "Publisher.legalForm": "Entreprise individuelle",
    "Publisher.address": "[À COMPLÉTER]",
    "Publisher.phone": "[À COMPLÉTER]",
    "Publisher.email": "bonjour@exemple.fr",
    "Publisher.registration": "SIRET [À COMPLÉTER]",
    "Publisher.publicationDirector": "Claire Martin",
    "Host.address": "88 Colin P Kelly Jr St, San Francisco, CA 94107, États-Unis",
    "Host.phone": "+1 877 448 4820",
    "ContactFormLabels.firstNamePlaceholder": "Votre prénom",
    "ContactFormLabels.messagePlaceholder": "Parlez-moi de votre situation…",
    "ContactFormLabels.submit": "Envoyer le message",
    "ContactInfoCell.emailLabel": "E-mail",
    "ContactInfoCell.availabilityLabel": "Disponibilités",
    "ContactInfoCell.responseLabel": "Réponse",
    "ContactInfoCell.formatLabel": "Format",
    "LegalNoticeCell.publisherTitle": "Éditeur du site",
    "LegalNoticeCell.hostTitle": "Hébergeur",
    "LegalNoticeLabels.name": "Nom",
    "LegalNoticeLabels.legalForm": "Forme juridique",
    "LegalNoticeLabels.shareCapital": "Capital social",
    "LegalNoticeLabels.address": "Adresse",
    "LegalNoticeLabels.phone": "Téléphone",
    "LegalNoticeLabels.email": "E-mail",
    "LegalNoticeLabels.registration": "Immatriculation",
    "LegalNoticeLabels.vatNumber": "Numéro de TVA",
    "LegalNoticeLabels.publicationDirector": "Directrice de la publication",
    "LegalNoticeLabels.website": "Site web",
    "MailerLite.accountId": "1234567",
}

#: Optional fields worth showing in an example (the minimal block would be empty or bare).
_EXAMPLE_EXTRAS: dict[type[BaseModel], tuple[str, ...]] = {
    HeroCell: ("lead", "actions"),
    ArticlesCell: ("title", "limit"),
    NewsletterCell: ("title",),
}

#: The value of a field of each scalar kind when nothing better is known.
GENERIC_VALUES: dict[ScalarKind, Any] = {
    "text": "Votre texte ici",
    "link": "/contact",
    "image": "/images/exemple.jpg",
    "entry-id": "exemple",
    "color": "#2f6f62",
    "email": "bonjour@exemple.fr",
    "url": "https://exemple.fr/",
    "int": 1,
    "float": 1.0,
    "bool": False,
    "date": dt.date(2024, 3, 15),
}
_COLLECTION_OF_CELL: dict[type[BaseModel], Collection] = {c.cell_model: c for c in COLLECTIONS}


def example_data(model: type[BaseModel], skip: tuple[str, ...] = ()) -> dict[str, Any]:
    """A minimal valid mapping for ``model``: its required fields (and a few telling extras)."""
    extras = ("title",) if issubclass(model, CollectionCell) else _EXAMPLE_EXTRAS.get(model, ())
    data: dict[str, Any] = {}
    for name, info in model.model_fields.items():
        if name in skip or not (info.is_required() or name in extras):
            continue
        key = alias(name, info)
        data[key] = _example_value(model, key, info, field_shape(info))
    collection = _COLLECTION_OF_CELL.get(model)
    if collection is not None and "title" in data:
        data["title"] = collection.title
    return data


#: The kinds of value a new cell leaves for the coach to choose: each names a file or a page
#: of the site, which the example's may not be here.
_CHOSEN_KINDS = frozenset(("link", "image"))


def start_data(model: type[BaseModel]) -> dict[str, Any]:
    """What a new cell of ``model`` starts with (the carnet's « Ajouter une cellule »): its
    example without a value the coach must choose, a link or an image (with the alt text that
    describes it), so nothing in it points at a page or a file that is not there or describes
    an image no one chose. An optional value left incomplete goes too; a required one stays,
    its chosen part empty."""
    return _start_model(model, example_data(model))[0]


def _start_model(model: type[BaseModel], data: dict[str, Any]) -> tuple[dict[str, Any], bool]:
    """The start of a model's example, and whether it still holds every required field."""
    fields = {alias(name, info): info for name, info in model.model_fields.items()}
    out: dict[str, Any] = {}
    complete = True
    for key, value in data.items():
        info = fields[key]
        started = _start(field_shape(info), value)
        whole = started is not None and started[1]
        if started is not None and (whole or info.is_required()):
            out[key] = started[0]
        complete = complete and (whole or not info.is_required())
    return out, complete


def _start(shape: Shape, value: Any) -> tuple[Any, bool] | None:
    """The start of an example value and whether it is complete; None: left out."""
    if shape.kind in _CHOSEN_KINDS:
        return None
    if shape.kind == "model" and shape.model is not None and isinstance(value, dict):
        if any(field_shape(i).kind == "image" for i in shape.model.model_fields.values()):
            return None  # an image and what describes it
        return _start_model(shape.model, value)
    if shape.kind == "list" and shape.item is not None and isinstance(value, list):
        items = [_start(shape.item, item) for item in value]
        if any(item is None for item in items):
            return None
        return [item[0] for item in items if item], all(item and item[1] for item in items)
    return value, True


def _example_value(model: type[BaseModel], key: str, info: FieldInfo, shape: Shape) -> Any:
    override = f"{model.__name__}.{key}"
    if override in EXAMPLE_VALUES:
        return EXAMPLE_VALUES[override]
    if info.examples:
        return info.examples[0]
    return value_for(shape)


def value_for(shape: Shape) -> Any:
    """A valid value of ``shape`` (the lowest allowed number, the first choice…)."""
    if shape.kind == "model":
        assert shape.model is not None
        return example_data(shape.model)
    if shape.kind == "list":
        assert shape.item is not None
        return [value_for(shape.item)]
    if shape.kind == "choice":
        return shape.choices[0]
    if shape.kind == "int":
        low = int(shape.ge) if shape.ge is not None else 1
        return max(low, 1) if shape.le is None or shape.le >= 1 else low
    return GENERIC_VALUES[shape.kind]


def cell_block(name: str) -> str:
    """A fenced ``{name}`` cell with a minimal valid YAML body."""
    return f"```{{{name}}}\n{to_yaml(example_data(CELL_MODELS[name]))}```\n"


def file_text(frontmatter: dict[str, Any], body: str = "") -> str:
    """A content file: the frontmatter between two ``---`` lines, then the body."""
    text = f"---\n{to_yaml(frontmatter)}---\n"
    return text + (f"\n{body}" if body else "")
