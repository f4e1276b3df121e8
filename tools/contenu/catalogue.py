"""The coaches' catalogue and the editor configuration, generated from the content models.

``render_catalogue()`` describes, in French, every kind of file of ``content/`` and every kind
of cell: where it lives, a valid example, and a table of its fields. ``render_frontmatter_config()``
turns the same models into the Front Matter CMS configuration (``frontmatter.json``) so VS Code
offers the fields of each folder. Both are committed; tests compare them with what these
functions return, so neither can drift from what ``contenu check`` accepts.
"""

from __future__ import annotations

import datetime as dt
import json
import re
import types
import typing
from collections.abc import Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import Annotated, Any, Literal, Union, get_args, get_origin

import annotated_types
import yaml
from pydantic import BaseModel, EmailStr, HttpUrl
from pydantic.fields import FieldInfo

from contenu.models import (
    ARTICLES_FOLDER,
    COLLECTIONS,
    IMAGES_FOLDER,
    PAGES_FOLDER,
    SINGLETONS,
    Article,
    Page,
)
from contenu.models.cells import CELL_MODELS, CollectionCell
from contenu.models.common import EntryId, Href, ImagePath, Text
from contenu.models.theme import HexColor
from contenu.variables import DESCRIPTIONS

CATALOGUE_PATH = Path("docs/guide/catalogue.md")
FRONTMATTER_CONFIG_PATH = Path("frontmatter.json")

# --------------------------------------------------------------------------------------------
# What a field holds, read from its annotation
# --------------------------------------------------------------------------------------------


def _validators(alias: Any) -> frozenset[Any]:
    """The AfterValidator functions of an ``Annotated`` alias: they identify the alias."""
    return frozenset(getattr(m, "func", None) for m in _flatten(get_args(alias)[1:])) - {None}


def _pattern(alias: Any) -> str | None:
    return next(
        (m.pattern for m in _flatten(get_args(alias)[1:]) if getattr(m, "pattern", None)), None
    )


def _flatten(metadata: typing.Iterable[Any]) -> Iterator[Any]:
    for item in metadata:
        if isinstance(item, FieldInfo):
            yield from _flatten(item.metadata)
        else:
            yield item


_TEXT_VALIDATORS = _validators(Text)
_HREF_VALIDATORS = _validators(Href)
_IMAGE_VALIDATORS = _validators(ImagePath)
_ENTRY_ID_PATTERN = _pattern(EntryId)
_HEX_COLOR_PATTERN = _pattern(HexColor)


@dataclass(frozen=True)
class Shape:
    """What a field accepts, in terms a coach understands."""

    kind: str  # see _KIND_NAMES
    optional: bool = False
    choices: tuple[Any, ...] = ()
    item: Shape | None = None
    model: type[BaseModel] | None = None
    min_length: int | None = None
    max_length: int | None = None
    ge: float | None = None
    le: float | None = None
    pattern: str | None = None
    validators: frozenset[Any] = field(default_factory=frozenset)


def shape_of(annotation: Any, metadata: typing.Iterable[Any] = ()) -> Shape:
    """Analyse a field annotation (with its pydantic metadata) into a :class:`Shape`."""
    meta = list(metadata)
    optional = False
    tp = annotation
    while True:
        origin = get_origin(tp)
        if origin is Annotated:
            tp, *extra = get_args(tp)
            meta.extend(extra)
        elif origin in (Union, types.UnionType):
            args = [a for a in get_args(tp) if a is not type(None)]
            if len(args) != 1:
                raise TypeError(f"union not supported by the catalogue: {tp!r}")
            optional = True
            tp = args[0]
        else:
            break
    flat = list(_flatten(meta))
    constraints: dict[str, Any] = {}
    for m in flat:
        if isinstance(m, annotated_types.MinLen):
            constraints["min_length"] = m.min_length
        elif isinstance(m, annotated_types.MaxLen):
            constraints["max_length"] = m.max_length
        elif isinstance(m, annotated_types.Ge):
            constraints["ge"] = m.ge
        elif isinstance(m, annotated_types.Le):
            constraints["le"] = m.le
        elif getattr(m, "pattern", None):
            constraints["pattern"] = m.pattern
    funcs = frozenset(getattr(m, "func", None) for m in flat) - {None}
    origin = get_origin(tp)
    if origin is Literal:
        return Shape("choice", optional, choices=get_args(tp), **constraints)
    if origin is list:
        (item,) = get_args(tp)
        return Shape("list", optional, item=shape_of(item), **constraints)
    if isinstance(tp, type) and issubclass(tp, BaseModel):
        return Shape("model", optional, model=tp)
    if tp is bool:
        kind = "bool"
    elif tp is int:
        kind = "int"
    elif tp is float:
        kind = "float"
    elif tp is dt.date:
        kind = "date"
    elif tp is EmailStr:
        kind = "email"
    elif tp is HttpUrl:
        kind = "url"
    elif tp is str:
        if funcs & _HREF_VALIDATORS:
            kind = "link"
        elif funcs & _IMAGE_VALIDATORS:
            kind = "image"
        elif constraints.get("pattern") == _ENTRY_ID_PATTERN:
            kind = "entry-id"
        elif constraints.get("pattern") == _HEX_COLOR_PATTERN:
            kind = "color"
        else:
            kind = "text"
    else:
        raise TypeError(f"type not supported by the catalogue: {tp!r}")
    return Shape(kind, optional, validators=funcs, **constraints)


def field_shape(info: FieldInfo) -> Shape:
    return shape_of(info.annotation, info.metadata)


def alias(name: str, info: FieldInfo) -> str:
    """The key as a coach writes it in YAML."""
    return info.alias or name


# --------------------------------------------------------------------------------------------
# French names
# --------------------------------------------------------------------------------------------

# kind -> (singular, plural, format hint)
_KIND_NAMES: dict[str, tuple[str, str, str]] = {
    "text": ("texte", "textes", ""),
    "link": ("lien", "liens", "`/page`, `#ancre`, `https://…` ou `mailto:…`"),
    "image": ("chemin d’image", "chemins d’image", "`/images/…` : fichier de `content/images`"),
    "entry-id": ("identifiant", "identifiants", "nom du fichier sans `.md`"),
    "color": ("couleur", "couleurs", "`#` suivi de 6 chiffres hexadécimaux, ex. `#2f6f62`"),
    "email": ("adresse e-mail", "adresses e-mail", ""),
    "url": ("adresse web", "adresses web", "`https://…`"),
    "int": ("nombre entier", "nombres entiers", ""),
    "float": ("nombre", "nombres", ""),
    "bool": ("oui/non", "oui/non", "`true` ou `false`"),
    "date": ("date AAAA-MM-JJ", "dates AAAA-MM-JJ", ""),
}

#: French names of the nested objects, singular and plural (the heading is the singular).
MODEL_NAMES: dict[str, tuple[str, str]] = {
    "Link": ("lien de navigation", "liens de navigation"),
    "Action": ("bouton", "boutons"),
    "Image": ("image", "images"),
    "Navigation": ("navigation", "navigations"),
    "Offer": ("offre", "offres"),
    "Price": ("prix", "prix"),
    "Prices": ("tarifs", "tarifs"),
    "Providers": ("services externes", "services externes"),
    "MailerLite": ("MailerLite", "MailerLite"),
    "Calendly": ("Calendly", "Calendly"),
    "MetaPixel": ("pixel Meta", "pixels Meta"),
    "Theme": ("couleurs du thème", "couleurs du thème"),
    "Interface": ("textes de l’interface", "textes de l’interface"),
    "HeaderTexts": ("textes de l’en-tête", "textes de l’en-tête"),
    "FooterTexts": ("textes du pied de page", "textes du pied de page"),
    "ConsentTexts": ("textes du bandeau cookies", "textes du bandeau cookies"),
    "ArticleTexts": ("textes des articles", "textes des articles"),
    "Publisher": ("éditeur du site", "éditeurs du site"),
    "Host": ("hébergeur", "hébergeurs"),
    "PixelEvent": ("événement du pixel", "événements du pixel"),
    "PixelParams": ("paramètres du pixel", "paramètres du pixel"),
    "ListItem": ("élément de liste", "éléments de liste"),
    "ContactFormLabels": ("libellés du formulaire", "libellés du formulaire"),
    "LegalNoticeLabels": ("libellés des mentions légales", "libellés des mentions légales"),
}

#: French name of each cell, by fence name.
CELL_NAMES: dict[str, str] = {
    "hero": "Bannière d’ouverture",
    "cta": "Appel à l’action",
    "card": "Carte mise en avant",
    "list": "Liste",
    "figure": "Image avec légende",
    "pain-points": "Cartes des difficultés",
    "steps": "Étapes de la méthode",
    "deliverables": "Livrables",
    "team": "Équipe",
    "workshops": "Ateliers",
    "testimonials": "Témoignages",
    "values": "Valeurs",
    "faq": "Questions fréquentes",
    "articles": "Cartes des articles",
    "newsletter": "Formulaire d’inscription au guide (MailerLite)",
    "calendly": "Prise de rendez-vous (Calendly)",
    "contact-form": "Formulaire de contact",
    "contact-info": "Carte des coordonnées",
    "legal-notice": "Mentions légales",
    "not-found": "Page introuvable (404)",
}

#: French title of each collection folder.
COLLECTION_TITLES: dict[str, str] = {
    "temoignages": "Témoignages",
    "equipe": "Équipe",
    "difficultes": "Difficultés des parents",
    "etapes": "Étapes de la méthode",
    "ateliers": "Ateliers",
    "faq": "Questions fréquentes",
    "livrables": "Livrables",
    "valeurs": "Valeurs",
}

_SINGLETON_TITLES: dict[str, str] = {
    "reglages/site.md": "Réglages du site",
    "reglages/mentions-legales.md": "Mentions légales (éditeur et hébergeur)",
}

_PATTERN_HINTS: dict[str, str] = {
    r"^[A-Z]{3}$": "3 lettres majuscules, ex. `EUR`",
    r"^[a-z0-9-]+$": "minuscules, chiffres et tirets",
    r"^[0-9]+$": "chiffres uniquement",
    r"^[A-Za-z0-9]+$": "lettres et chiffres uniquement",
    r"^[0-9]{6,20}$": "6 à 20 chiffres",
    r"^[a-z]{2}$": "code de langue à 2 lettres, ex. `fr`",
}


def model_name(model: type[BaseModel], plural: bool = False) -> str:
    singular, plural_name = MODEL_NAMES.get(model.__name__, (model.__name__, model.__name__))
    return plural_name if plural else singular


def _object_heading(model: type[BaseModel]) -> str:
    name = model_name(model)
    return f"Objet {name[0].upper()}{name[1:]}"


def github_anchor(heading: str) -> str:
    """The anchor GitHub gives a heading: lower case, punctuation dropped, spaces → ``-``."""
    slug = heading.strip().lower()
    slug = re.sub(r"[^\w\- ]", "", slug)
    return slug.replace(" ", "-")


def _number(value: float) -> str:
    return str(int(value)) if float(value).is_integer() else str(value).replace(".", ",")


def describe_type(shape: Shape) -> str:
    """The type column of the catalogue, in French."""
    if shape.kind == "model":
        assert shape.model is not None
        heading = _object_heading(shape.model)
        return f"objet [{model_name(shape.model)}](#{github_anchor(heading)})"
    if shape.kind == "list":
        assert shape.item is not None
        plural = _plural(shape.item)
        bare = plural.lstrip("[").lower()
        text = f"liste d’{plural}" if bare[:1] in "aeéèêiouh" else f"liste de {plural}"
        if shape.min_length:
            text += f" (au moins {shape.min_length})"
        return text
    if shape.kind == "choice":
        return "un choix parmi " + ", ".join(f"`{_yaml_scalar(c)}`" for c in shape.choices)
    singular, _, hint = _KIND_NAMES[shape.kind]
    return singular + _details(shape, hint)


def _plural(shape: Shape) -> str:
    if shape.kind == "model":
        assert shape.model is not None
        anchor = github_anchor(_object_heading(shape.model))
        return f"[{model_name(shape.model, plural=True)}](#{anchor})"
    if shape.kind == "choice":
        return "choix parmi " + ", ".join(f"`{_yaml_scalar(c)}`" for c in shape.choices)
    if shape.kind == "list":
        return "listes"
    _, plural, hint = _KIND_NAMES[shape.kind]
    return plural + _details(shape, hint)


def _details(shape: Shape, hint: str) -> str:
    notes = [hint] if hint else []
    if shape.kind == "text" and shape.pattern:
        notes.append(_PATTERN_HINTS.get(shape.pattern, f"format `{shape.pattern}`"))
    if shape.max_length is not None:
        notes.append(f"{shape.max_length} caractères au plus")
    if shape.ge is not None and shape.le is not None:
        notes.append(f"de {_number(shape.ge)} à {_number(shape.le)}")
    elif shape.ge is not None:
        notes.append(f"{_number(shape.ge)} ou plus")
    elif shape.le is not None:
        notes.append(f"{_number(shape.le)} au plus")
    return f" ({' ; '.join(notes)})" if notes else ""


def _yaml_scalar(value: Any) -> str:
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, str) and (value != value.strip() or value == ""):
        return json.dumps(value, ensure_ascii=False)
    return str(value)


def describe_default(info: FieldInfo) -> str:
    if info.is_required():
        return "—"
    if info.default_factory is not None:
        value = info.default_factory()  # type: ignore[call-arg]
        if value == []:
            return "liste vide"
        if isinstance(value, BaseModel):
            return "valeurs par défaut"
        return f"`{_yaml_scalar(value)}`"
    if info.default is None:
        return "absent"
    return f"`{_yaml_scalar(info.default)}`"


def _cell(text: str) -> str:
    """Escape a table cell."""
    return text.replace("|", "\\|").replace("\n", " ")


# --------------------------------------------------------------------------------------------
# Examples: valid, minimal, built from the models
# --------------------------------------------------------------------------------------------

#: Nicer example values than the generic ones, by "Model.alias".
_EXAMPLE_VALUES: dict[str, Any] = {
    "Page.title": "Contact",
    "Page.description": "Posez-nous vos questions sur l’accompagnement des parents d’adolescents.",
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
    "SiteSettings.copyrightYear": 2024,
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
_EXAMPLE_EXTRAS: dict[str, tuple[str, ...]] = {
    "HeroCell": ("lead", "actions"),
    "ArticlesCell": ("title", "limit"),
    "NewsletterCell": ("title",),
}

#: Example bodies of the collection entries, by folder.
_BODY_EXAMPLES: dict[str, str] = {
    "temoignages": "Grâce à l’accompagnement, j’ai retrouvé le dialogue avec ma fille.",
    "equipe": "Claire accompagne les parents d’adolescents depuis dix ans.",
    "difficultes": "Vous donnez tout, et vous avez l’impression de ne plus avoir d’énergie.",
    "etapes": "Comprendre ce qui se joue pour votre ado… et pour vous.",
    "ateliers": "Un atelier en petit groupe pour poser des limites claires et bienveillantes.",
    "faq": "Une séance dure une heure, en visioconférence.",
    "livrables": "Des fiches simples à garder sous la main pour les moments difficiles.",
    "valeurs": "Nous accueillons chaque parent sans jugement.",
}

_GENERIC_VALUES: dict[str, Any] = {
    "text": "Votre texte ici",
    "link": "/contact",
    "image": "/images/exemple.jpg",
    "entry-id": "exemple",
    "color": "#2f6f62",
    "email": "bonjour@exemple.fr",
    "url": "https://exemple.fr/",
    "float": 1.0,
    "bool": False,
    "date": dt.date(2024, 3, 15),
}


def example_data(model: type[BaseModel], skip: tuple[str, ...] = ()) -> dict[str, Any]:
    """A minimal valid mapping for ``model``: its required fields (and a few telling extras)."""
    extras = _EXAMPLE_EXTRAS.get(model.__name__, ())
    if issubclass(model, CollectionCell):
        extras = ("title",)
    data: dict[str, Any] = {}
    collection = next((c for c in COLLECTIONS if CELL_MODELS.get(c.cell) is model), None)
    for name, info in model.model_fields.items():
        if name in skip or not (info.is_required() or name in extras):
            continue
        key = alias(name, info)
        data[key] = _example_value(model, key, info, field_shape(info))
    if collection is not None and "title" in data:
        data["title"] = COLLECTION_TITLES.get(collection.folder, data["title"])
    return data


def _example_value(model: type[BaseModel], key: str, info: FieldInfo, shape: Shape) -> Any:
    override = f"{model.__name__}.{key}"
    if override in _EXAMPLE_VALUES:
        return _EXAMPLE_VALUES[override]
    if info.examples:
        return info.examples[0]
    return _value_for(shape)


def _value_for(shape: Shape) -> Any:
    if shape.kind == "model":
        assert shape.model is not None
        return example_data(shape.model)
    if shape.kind == "list":
        assert shape.item is not None
        return [_value_for(shape.item)]
    if shape.kind == "choice":
        return shape.choices[0]
    if shape.kind == "int":
        low = int(shape.ge) if shape.ge is not None else 1
        return max(low, 1) if shape.le is None or shape.le >= 1 else low
    return _GENERIC_VALUES[shape.kind]


class _Dumper(yaml.SafeDumper):
    """Indents list items under their key, as people write them by hand."""

    def increase_indent(self, flow: bool = False, indentless: bool = False) -> None:
        super().increase_indent(flow, False)


def _str_representer(dumper: yaml.SafeDumper, value: str) -> yaml.ScalarNode:
    # YAML reads these as line breaks: only double quotes (with escapes) keep them.
    if any(c in value for c in "\r\x85\u2028\u2029"):
        style: str | None = '"'
    else:
        style = "|" if "\n" in value else None
    return dumper.represent_scalar("tag:yaml.org,2002:str", value, style=style)


_Dumper.add_representer(str, _str_representer)


def to_yaml(data: dict[str, Any]) -> str:
    if not data:
        return ""
    return yaml.dump(
        data,
        Dumper=_Dumper,
        allow_unicode=True,
        sort_keys=False,
        default_flow_style=False,
        width=1000,
    )


def cell_block(name: str) -> str:
    """A fenced ``{name}`` cell with a minimal valid YAML body."""
    return f"```{{{name}}}\n{to_yaml(example_data(CELL_MODELS[name]))}```\n"


def _file_text(frontmatter: dict[str, Any], body: str = "") -> str:
    text = f"---\n{to_yaml(frontmatter)}---\n"
    return text + (f"\n{body}" if body else "")


@dataclass(frozen=True)
class FileKind:
    """One kind of file of ``content/``."""

    key: str  # used in example markers and as the Front Matter content type name
    title: str
    where: str
    model: type[BaseModel]
    what: str
    body_field: str | None = None
    has_cells: bool = False
    folder: str | None = None  # the folder holding many files of this kind

    def example(self) -> str:
        if self.model is Page:
            body = "Un paragraphe de texte en **Markdown**.\n\n" + cell_block("cta")
            return _file_text(example_data(Page), body)
        if self.model is Article:
            body = "## Un intertitre\n\nLe texte de l’article, en **Markdown**.\n"
            return _file_text(example_data(Article), body)
        if self.body_field:
            data = example_data(self.model, skip=(self.body_field,))
            body = _BODY_EXAMPLES.get(self.key, "Le texte, en **Markdown**.")
            return _file_text(data, body + "\n")
        return _file_text(example_data(self.model))


def file_kinds() -> list[FileKind]:
    kinds = [
        FileKind(
            "reglages-site" if path == "reglages/site.md" else Path(path).stem,
            _SINGLETON_TITLES.get(path, path),
            f"`content/{path}`",
            model,
            "Un seul fichier, sans corps : tout est dans l’en-tête entre les deux lignes `---`.",
        )
        for path, model in SINGLETONS.items()
    ]
    kinds.append(
        FileKind(
            "page",
            "Page",
            f"`content/{PAGES_FOLDER}/<nom>.md` : `index.md` est l’accueil `/`, `404.md` la page "
            "d’erreur, `<nom>.md` la page `/<nom>`",
            Page,
            "L’en-tête donne le titre et la description ; le corps est une suite de cellules.",
            has_cells=True,
            folder=PAGES_FOLDER,
        )
    )
    kinds.append(
        FileKind(
            "article",
            "Article du blog",
            f"`content/{ARTICLES_FOLDER}/<slug>.md` : le nom du fichier donne l’adresse "
            "`/blog/<slug>` (minuscules, chiffres et tirets)",
            Article,
            "L’en-tête décrit l’article ; le corps est le texte (des cellules sont possibles).",
            has_cells=True,
            folder=ARTICLES_FOLDER,
        )
    )
    for collection in COLLECTIONS:
        body_field = collection.model.BODY_FIELD
        kinds.append(
            FileKind(
                collection.folder,
                COLLECTION_TITLES.get(collection.folder, collection.folder),
                f"`content/{collection.folder}/<identifiant>.md` : un fichier par "
                f"{collection.label} ; l’identifiant est le nom du fichier",
                collection.model,
                f"Affiché par la cellule [`{{{collection.cell}}}`]"
                f"(#{_cell_anchor(collection.cell)}), dans l’ordre du champ `order`. "
                f"Le corps du fichier remplit le champ `{body_field}`.",
                body_field=body_field,
                folder=collection.folder,
            )
        )
    return kinds


def _cell_heading(name: str) -> str:
    return f"Cellule {name}"


def _cell_anchor(name: str) -> str:
    return github_anchor(_cell_heading(name))


# --------------------------------------------------------------------------------------------
# The catalogue
# --------------------------------------------------------------------------------------------

_INTRO = """\
# Catalogue des fichiers et des cellules

<!-- Généré depuis les modèles (tools/contenu/models) par `contenu catalogue`.
     Ne pas modifier à la main : un test vérifie que ce fichier est à jour. -->

Ce catalogue liste **chaque sorte de fichier** du dossier `content/` et **chaque sorte de
cellule** qu’on peut placer dans une page ou un article. Il est produit automatiquement à
partir des règles que `contenu check` applique : ce qui est écrit ici est toujours exact.

Pour apprendre à modifier le site pas à pas, commencez par le [guide de contribution](README.md).

Comment lire les tableaux :

- **Champ** : le nom exact à écrire avant les deux-points, en respectant les majuscules
  (`publishDate`, pas `publishdate`).
- **Obligatoire** : « oui » si le fichier est refusé sans ce champ.
- **Type** : ce que le champ attend. « texte » : la typographie française (espaces
  insécables, guillemets « », apostrophe ’) est appliquée toute seule.
- **Par défaut** : la valeur utilisée quand le champ est absent.
"""

_CELLS_INTRO = """\
## Les cellules

Le corps d’une page ou d’un article est une suite de **cellules**. Le texte ordinaire est
une cellule de texte, écrite en Markdown. Les autres cellules sont des blocs qui commencent
par trois accents graves suivis du nom de la cellule entre accolades, et finissent par trois
accents graves :

````markdown
Un paragraphe de texte.

```{cta}
title: Prête à renouer le dialogue ?
actions:
  - label: Réserver mon appel gratuit
    href: /appel
```

Un autre paragraphe.
````

Entre les deux lignes d’accents graves, on écrit des champs `nom: valeur`, comme dans
l’en-tête d’un fichier. Déplacer un bloc déplace la section sur la page. Chaque cellule
accepte aussi le champ facultatif `anchor` (ancre de la section, pour un lien `#ancre`).
"""


def _fields_table(model: type[BaseModel], body_field: str | None = None) -> list[str]:
    lines = [
        "| Champ | Obligatoire | Type | Par défaut | Description |",
        "|---|---|---|---|---|",
    ]
    for name, info in model.model_fields.items():
        shape = field_shape(info)
        description = info.description or ""
        if not description and shape.kind == "model":
            description = "Ses sous-champs sont décrits dans le tableau de l’objet."
        type_text = describe_type(shape)
        if name == body_field:
            type_text = "texte Markdown"
            description = f"{description} S’écrit sous l’en-tête, pas dedans.".strip()
        required = "oui" if info.is_required() else "non"
        description = description or "—"
        row = [f"`{alias(name, info)}`", required, type_text, describe_default(info), description]
        lines.append("| " + " | ".join(_cell(c) for c in row) + " |")
    return lines


def _nested_models(models: typing.Iterable[type[BaseModel]]) -> list[type[BaseModel]]:
    """Every object model reachable from ``models`` (not the models themselves), in order."""
    seen: list[type[BaseModel]] = []
    roots = list(models)

    def visit(shape: Shape) -> None:
        if shape.kind == "list" and shape.item is not None:
            visit(shape.item)
        elif (
            shape.kind == "model"
            and shape.model is not None
            and shape.model not in seen
            and shape.model not in roots
        ):
            seen.append(shape.model)
            walk(shape.model)

    def walk(model: type[BaseModel]) -> None:
        for info in model.model_fields.values():
            visit(field_shape(info))

    for root in roots:
        walk(root)
    return seen


def _example_block(marker: str, text: str) -> list[str]:
    return [f"<!-- exemple : {marker} -->", "````markdown", text.rstrip("\n"), "````"]


def render_catalogue() -> str:
    """The French catalogue of every file kind and cell kind, as Markdown."""
    kinds = file_kinds()
    out: list[str] = [_INTRO, "## Sommaire", ""]
    out.append("- [Les fichiers](#les-fichiers)")
    for kind in kinds:
        out.append(f"  - [{kind.title}](#{github_anchor(kind.title)})")
    out.append("- [Les cellules](#les-cellules)")
    for name in CELL_MODELS:
        out.append(f"  - [`{{{name}}}` : {CELL_NAMES.get(name, name)}](#{_cell_anchor(name)})")
    out.append("- [Les objets](#les-objets)")
    out.append("- [Les variables](#les-variables)")
    out += ["", "## Les fichiers", ""]
    out.append(
        f"Les images se déposent dans `content/{IMAGES_FOLDER}/` ; dans les fichiers, on les "
        f"désigne par `/{IMAGES_FOLDER}/nom-du-fichier.jpg`."
    )
    out.append("")
    for kind in kinds:
        out += [f"### {kind.title}", "", f"**Où :** {kind.where}.", "", kind.what, ""]
        out += ["Exemple :", ""]
        out += _example_block(f"fichier {kind.key}", kind.example())
        out += ["", *_fields_table(kind.model, kind.body_field), ""]
    out.append(_CELLS_INTRO)
    collection_of = {c.cell: c for c in COLLECTIONS}
    for name, cell_model in CELL_MODELS.items():
        out += [f"### {_cell_heading(name)}", "", f"**{CELL_NAMES.get(name, name)}.**"]
        collection = collection_of.get(name)
        if collection is not None:
            title = COLLECTION_TITLES.get(collection.folder, collection.folder)
            out.append(
                f"Montre les fichiers de `content/{collection.folder}/` "
                f"([{title}](#{github_anchor(title)})), "
                "tous ou seulement ceux listés dans `items`."
            )
        out += ["", "Exemple :", ""]
        out += _example_block(f"cellule {name}", cell_block(name))
        out += ["", *_fields_table(cell_model), ""]
    out += ["## Les objets", ""]
    out.append(
        "Certains champs contiennent plusieurs sous-champs, écrits en retrait (deux espaces) "
        "sous le nom du champ ; une liste d’objets commence chaque élément par un tiret."
    )
    out.append("")
    roots: list[type[BaseModel]] = [k.model for k in kinds] + list(CELL_MODELS.values())
    for model in _nested_models(roots):
        out += [f"### {_object_heading(model)}", ""]
        out += _fields_table(model)
        out.append("")
    out += _variables_section()
    return "\n".join(out).rstrip("\n") + "\n"


def _variables_section() -> list[str]:
    out = ["## Les variables", ""]
    out.append(
        "Dans le texte et dans les champs (entre guillemets), ces variables affichent la "
        "valeur des réglages (`content/reglages/site.md`) ; une variable inconnue est une "
        "erreur."
    )
    out += ["", "| variable | valeur |", "|---|---|"]
    out += [f"| `{{{{ {name} }}}}` | {_cell(text)} |" for name, text in DESCRIPTIONS.items()]
    return [*out, ""]


def _write_if_changed(target: Path, text: str) -> Path:
    """Write ``text`` unless the file already holds it (no needless mtime change)."""
    data = text.encode("utf-8")
    if not target.exists() or target.read_bytes() != data:
        target.parent.mkdir(parents=True, exist_ok=True)
        target.write_bytes(data)
    return target


def write_catalogue(path: Path | str = CATALOGUE_PATH) -> Path:
    """Write the catalogue to ``path`` (``docs/guide/catalogue.md`` by default)."""
    return _write_if_changed(Path(path), render_catalogue())


# --------------------------------------------------------------------------------------------
# Front Matter CMS configuration (frontmatter.json)
# --------------------------------------------------------------------------------------------

_LIST_OF_OBJECTS_HELP = (
    "Liste d’objets : à modifier directement dans l’en-tête du fichier "
    "(voir docs/guide/catalogue.md)."
)
_MULTILINE_KEYS = frozenset({"description", "excerpt", "text", "lead", "intro", "bio", "content"})


def _fm_field(name: str, info: FieldInfo) -> dict[str, Any]:
    key = alias(name, info)
    result: dict[str, Any] = {"title": key, "name": key}
    result.update(_fm_type(key, field_shape(info)))
    if info.description:
        result["description"] = info.description
    if info.is_required():
        result["required"] = True
    elif (
        info.default_factory is None
        and info.default is not None
        and isinstance(info.default, str | int | float | bool)
        and result["type"] != "heading"
    ):
        result["default"] = info.default
    return result


def _fm_type(key: str, shape: Shape) -> dict[str, Any]:
    kind = shape.kind
    if kind == "model":
        assert shape.model is not None
        return {"type": "fields", "fields": _fm_fields(shape.model)}
    if kind == "list":
        assert shape.item is not None
        if shape.item.kind == "model":
            return {"type": "heading", "description": _LIST_OF_OBJECTS_HELP}
        if shape.item.kind == "choice":
            return {"type": "choice", "multiple": True, "choices": list(shape.item.choices)}
        return {"type": "list"}
    if kind == "choice":
        return {"type": "choice", "choices": list(shape.choices)}
    if kind == "bool":
        return {"type": "draft"} if key == "draft" else {"type": "boolean"}
    if kind in ("int", "float"):
        options: dict[str, Any] = {}
        if shape.ge is not None:
            options["min"] = shape.ge
        if shape.le is not None:
            options["max"] = shape.le
        if kind == "float":
            options["isDecimal"] = True
        return {"type": "number", **({"numberOptions": options} if options else {})}
    if kind == "date":
        result: dict[str, Any] = {"type": "datetime", "dateFormat": "yyyy-MM-dd"}
        if key == "date":
            result["isPublishDate"] = True
        return result
    if kind == "image":
        return {"type": "image"}
    single = key not in _MULTILINE_KEYS and (shape.max_length is None or shape.max_length <= 120)
    return {"type": "string", "single": single}


def _fm_fields(model: type[BaseModel], skip: str | None = None) -> list[dict[str, Any]]:
    return [_fm_field(name, info) for name, info in model.model_fields.items() if name != skip]


def _fm_snippet(name: str) -> dict[str, Any]:
    return {
        "description": f"Cellule {{{name}}} : {CELL_NAMES.get(name, name)}",
        "body": cell_block(name).rstrip("\n").split("\n"),
        "fields": [],
    }


#: The dev server (Vite's default port) and where each kind of file shows up on it.
PREVIEW_HOST = "http://localhost:5173"
_PREVIEW_PATHS = {"article": "blog"}
_FOLDER_TITLES = {PAGES_FOLDER: "Pages du site", ARTICLES_FOLDER: "Articles du blog"}


def frontmatter_config() -> dict[str, Any]:
    kinds = file_kinds()
    folders: list[dict[str, Any]] = []
    for kind in kinds:
        if kind.folder is None:
            continue
        folders.append(
            {
                "title": _FOLDER_TITLES.get(kind.folder, kind.title),
                "path": f"[[workspace]]/content/{kind.folder}",
                "filePrefix": "",
                "contentTypes": [kind.key],
            }
        )
    singleton_folders = sorted({str(Path(path).parent) for path in SINGLETONS})
    for folder in singleton_folders:
        folders.append(
            {
                "title": "Réglages",
                "path": f"[[workspace]]/content/{folder}",
                "filePrefix": "",
                "contentTypes": [k.key for k in kinds if k.folder is None],
                "disableCreation": True,
            }
        )
    content_types = [
        {
            "name": kind.key,
            "pageBundle": False,
            "previewPath": _PREVIEW_PATHS.get(kind.key),
            "fileType": "md",
            "clearEmpty": True,
            "fields": _fm_fields(kind.model, skip=kind.body_field),
        }
        for kind in kinds
    ]
    return {
        "$schema": "https://frontmatter.codes/frontmatter.schema.json",
        "frontMatter.framework.id": "other",
        "frontMatter.preview.host": PREVIEW_HOST,
        "frontMatter.panel.openOnSupportedFile": True,
        "frontMatter.content.fmHighlight": True,
        "frontMatter.content.publicFolder": "content",
        "frontMatter.content.draftField": {"name": "draft", "type": "boolean"},
        "frontMatter.taxonomy.dateFormat": "yyyy-MM-dd",
        "frontMatter.content.pageFolders": folders,
        "frontMatter.taxonomy.contentTypes": content_types,
        "frontMatter.content.snippets": {
            f"Cellule {{{name}}}": _fm_snippet(name) for name in CELL_MODELS
        },
    }


def render_frontmatter_config() -> str:
    """``frontmatter.json``: Front Matter CMS folders, content types and cell snippets."""
    return json.dumps(frontmatter_config(), ensure_ascii=False, indent=2) + "\n"


def write_frontmatter_config(path: Path | str = FRONTMATTER_CONFIG_PATH) -> Path:
    """Write the Front Matter CMS configuration (``frontmatter.json`` by default)."""
    return _write_if_changed(Path(path), render_frontmatter_config())


if __name__ == "__main__":
    write_catalogue()
    write_frontmatter_config()
