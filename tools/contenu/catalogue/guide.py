"""The coaches' catalogue (``docs/guide/catalogue.md``): every kind of file of ``content/`` and
every kind of cell, where it lives, a valid example and a French table of its fields, read
from the models. A test compares the committed file with what this module renders."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from pydantic import BaseModel
from pydantic.fields import FieldInfo

from contenu.catalogue.examples import cell_block
from contenu.catalogue.kinds import cell_anchor, cell_heading, file_kinds
from contenu.catalogue.shapes import ScalarKind, Shape, alias, field_shape, nested_models
from contenu.models import CELL_MODELS, COLLECTIONS, IMAGES_FOLDER
from contenu.models.cells import (
    EVERY_PLACE,
    ContactFormLabels,
    LegalNoticeLabels,
    ListItem,
    places_words,
)
from contenu.models.common import Action, Image, Link
from contenu.models.interface import (
    ArticleTexts,
    BlogTexts,
    ConsentTexts,
    FooterTexts,
    HeaderTexts,
    Interface,
    PreviewTexts,
    SearchTexts,
)
from contenu.models.legal import Host, Publisher
from contenu.models.patterns import PATTERN_HINTS
from contenu.models.pixel import PixelEvent, PixelParams
from contenu.models.providers import Calendly, MailerLite, MetaPixel, Providers
from contenu.models.site import Navigation, Offer, Price, Prices
from contenu.models.theme import Theme
from contenu.pipeline.variables import DESCRIPTIONS
from contenu.pipeline.writer import write_file
from contenu.text.markdown_text import github_anchor, table, table_cell

CATALOGUE_PATH = Path("docs/guide/catalogue.md")

#: Scalar kind → French singular, plural and format hint.
KIND_NAMES: dict[ScalarKind, tuple[str, str, str]] = {
    "text": ("texte", "textes", ""),
    "link": ("lien", "liens", "`/page`, `#ancre`, `https://…` ou `mailto:…`"),
    "image": ("chemin d’image", "chemins d’image", "`/images/…` : fichier de `content/images`"),
    "entry-id": ("identifiant", "identifiants", "nom du fichier sans `.md`"),
    "color": ("couleur", "couleurs", "`#` suivi de 6 chiffres hexadécimaux, ex. `#2f6f62`"),
    "email": ("adresse e-mail", "adresses e-mail", ""),
    "url": ("adresse web", "adresses web", "`https://…`"),
    "int": ("nombre entier", "nombres entiers", "`1250` ou `1 250`"),
    "float": ("nombre", "nombres", "`12,5` ou `1 250`"),
    "bool": ("oui/non", "oui/non", "`true` ou `false`"),
    "date": ("date", "dates", "`2024-03-15`, `15/03/2024` ou `15 mars 2024`"),
}

#: French names of the nested objects, singular and plural (the heading is the singular);
#: a test fails when an object of the catalogue has none.
MODEL_NAMES: dict[type[BaseModel], tuple[str, str]] = {
    Link: ("lien de navigation", "liens de navigation"),
    Action: ("bouton", "boutons"),
    Image: ("image", "images"),
    Navigation: ("navigation", "navigations"),
    Offer: ("offre", "offres"),
    Price: ("prix", "prix"),
    Prices: ("tarifs", "tarifs"),
    Providers: ("services externes", "services externes"),
    MailerLite: ("MailerLite", "MailerLite"),
    Calendly: ("Calendly", "Calendly"),
    MetaPixel: ("pixel Meta", "pixels Meta"),
    Theme: ("couleurs du thème", "couleurs du thème"),
    Interface: ("textes de l’interface", "textes de l’interface"),
    HeaderTexts: ("textes de l’en-tête", "textes de l’en-tête"),
    FooterTexts: ("textes du pied de page", "textes du pied de page"),
    ConsentTexts: ("textes du bandeau cookies", "textes du bandeau cookies"),
    ArticleTexts: ("textes des articles", "textes des articles"),
    PreviewTexts: ("textes de la prévisualisation", "textes de la prévisualisation"),
    BlogTexts: ("textes de la liste d’articles", "textes de la liste d’articles"),
    SearchTexts: ("textes de la recherche", "textes de la recherche"),
    Publisher: ("éditeur du site", "éditeurs du site"),
    Host: ("hébergeur", "hébergeurs"),
    PixelEvent: ("événement du pixel", "événements du pixel"),
    PixelParams: ("paramètres du pixel", "paramètres du pixel"),
    ListItem: ("élément de liste", "éléments de liste"),
    ContactFormLabels: ("libellés du formulaire", "libellés du formulaire"),
    LegalNoticeLabels: ("libellés des mentions légales", "libellés des mentions légales"),
}


def model_name(model: type[BaseModel], plural: bool = False) -> str:
    singular, plural_name = MODEL_NAMES[model]
    return plural_name if plural else singular


def _object_heading(model: type[BaseModel]) -> str:
    name = model_name(model)
    return f"Objet {name[0].upper()}{name[1:]}"


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
        return "un choix parmi " + _choices(shape)
    singular, _, hint = KIND_NAMES[shape.kind]
    return singular + _details(shape, hint)


def _choices(shape: Shape) -> str:
    """« `primary` (plein, action principale), `secondary` (…) »: each value to write, with
    the name the carnet's menu gives it."""
    shown = []
    for choice, label in zip(shape.choices, shape.labels or map(str, shape.choices), strict=True):
        # A name that ends with the value itself (« Achat (Purchase) ») says it once here.
        name = label.removesuffix(f" ({choice})")
        shown.append(f"`{_yaml_scalar(choice)}`" + (f" ({name})" if name != str(choice) else ""))
    return ", ".join(shown)


def _plural(shape: Shape) -> str:
    if shape.kind == "model":
        assert shape.model is not None
        anchor = github_anchor(_object_heading(shape.model))
        return f"[{model_name(shape.model, plural=True)}](#{anchor})"
    if shape.kind == "choice":
        return "choix parmi " + _choices(shape)
    if shape.kind == "list":
        return "listes"
    _, plural, hint = KIND_NAMES[shape.kind]
    return plural + _details(shape, hint)


def _details(shape: Shape, hint: str) -> str:
    notes = [hint] if hint else []
    if shape.kind == "text" and shape.pattern:
        notes.append(PATTERN_HINTS[shape.pattern])
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


def _fields_table(model: type[BaseModel], body_field: str | None = None) -> list[str]:
    rows: list[list[str]] = []
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
        rows.append([table_cell(c) for c in row])
    return table(["Champ", "Obligatoire", "Type", "Par défaut", "Description"], rows)


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
une cellule de texte, écrite en Markdown. Les autres cellules commencent par une ligne de
trois accents graves suivis du nom de la cellule entre accolades, et finissent par trois
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
l’en-tête d’un fichier. Déplacer une cellule déplace la section sur la page. Chaque cellule
accepte aussi le champ facultatif `anchor` (ancre de la section, pour un lien `#ancre`).
"""


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
    for name, cell_model in CELL_MODELS.items():
        out.append(f"  - [`{{{name}}}` : {cell_model.LABEL}](#{cell_anchor(name)})")
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
        out += _example_block(f"fichier {kind.key}", kind.example)
        out += ["", *_fields_table(kind.model, kind.body_field), ""]
    out.append(_CELLS_INTRO)
    collection_of = {c.cell: c for c in COLLECTIONS}
    for name, cell_model in CELL_MODELS.items():
        out += [f"### {cell_heading(name)}", "", f"**{cell_model.LABEL}.**"]
        if cell_model.PLACES != EVERY_PLACE:
            out.append(f"Elle ne va que dans {places_words(cell_model)}.")
        collection = collection_of.get(name)
        if collection is not None:
            title = collection.title
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
    for model in nested_models(roots):
        out += [f"### {_object_heading(model)}", ""]
        out += _fields_table(model)
        out.append("")
    out += _variables_section()
    return "\n".join(out).rstrip("\n") + "\n"


def _variables_section() -> list[str]:
    out = ["## Les variables", ""]
    out.append(
        "Dans le texte et dans les champs (entre guillemets), ces variables affichent la "
        "valeur des réglages (`content/{SETTINGS_FILE}`) ; une variable inconnue est une "
        "erreur."
    )
    rows = [[f"`{{{{ {name} }}}}`", table_cell(text)] for name, text in DESCRIPTIONS.items()]
    return [*out, "", *table(["variable", "valeur"], rows), ""]


def write_catalogue(path: Path | str = CATALOGUE_PATH) -> Path:
    """Write the catalogue to ``path`` (``docs/guide/catalogue.md`` by default)."""
    write_file(Path(path), render_catalogue().encode("utf-8"))
    return Path(path)
