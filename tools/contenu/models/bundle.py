"""The output contract: models of the JSON bundles ``contenu build`` writes for the site
(see docs/architecture.md). ``site/src/content-types.gen.ts`` is generated from their JSON Schemas,
so the site and the pipeline cannot disagree about a key without a test failing.

Every key is always present in a bundle (``null`` when empty), so every field is required
on the TypeScript side.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Annotated, Any, Literal, Union

from pydantic import BaseModel, ConfigDict, Field, RootModel, create_model
from pydantic.alias_generators import to_camel

from contenu.models import CELL_MODELS, COLLECTIONS
from contenu.models.cells import ArticlesCell, CollectionCell
from contenu.models.common import Image
from contenu.models.entries import Entry
from contenu.models.legal import LegalNotice
from contenu.models.page import Robots
from contenu.models.pixel import StandardEvent
from contenu.models.site import SiteSettings

Status = Literal["published", "draft", "scheduled"]
RouteKind = Literal["page", "article", "not-found"]


class BundleModel(BaseModel):
    model_config = ConfigDict(
        extra="forbid", alias_generator=to_camel, populate_by_name=True, frozen=True
    )


class RouteSummary(BundleModel):
    """A route of the site, as listed in ``site.json``."""

    path: str = Field(
        description="Chemin de la route, sans le basePath : « / », « /contact », « /blog/slug »."
    )
    key: str = Field(description="Nom du bundle de la route : routes/<key>.json.")
    kind: RouteKind
    title: str = Field(description="Titre de la page, sans le suffixe de la marque.")
    indexable: bool = Field(description="Vrai si les moteurs de recherche peuvent l’indexer.")
    status: Status


class RouteHead(BundleModel):
    """What goes into the document head of a route."""

    title: str = Field(description="Titre complet, suffixe de la marque compris.")
    description: str
    keywords: list[str] | None
    robots: Robots
    og_type: Literal["website", "article"]
    og_image: str = Field(description="Adresse absolue de l’image de partage.")
    canonical: str = Field(description="Adresse absolue canonique (ogUrl si elle est donnée).")
    json_ld: str | None = Field(
        description='Texte du <script type="application/ld+json"> propre à la page '
        "(schema.org : WebSite, FAQPage, BlogPosting), déjà échappé pour une balise script ; "
        "null quand la page n’en a pas (l’entreprise est dans site.json)."
    )
    prev: str | None = Field(
        description="Adresse absolue de la page précédente d’une liste paginée (rel=prev)."
    )
    next: str | None = Field(
        description="Adresse absolue de la page suivante d’une liste paginée (rel=next)."
    )


class ArticleMeta(BundleModel):
    """An article card, and the facts shown at the top of an article."""

    slug: str
    title: str
    excerpt: str
    date: str = Field(
        description="Jour de publication ISO AAAA-MM-JJ (publishDate s’il est donné, sinon date)."
    )
    date_text: str = Field(description="Ce jour en toutes lettres : « 15 mars 2024 ».")
    read_time: int = Field(description="Durée de lecture en minutes.")
    category: str
    image: Image | None
    status: Status


class Pixel(BundleModel):
    """The Meta Pixel event a route sends (parameters without empty values)."""

    event: StandardEvent
    params: dict[str, str | float | list[str]]


class ProseCell(BundleModel):
    """A prose cell: sanitised HTML, internal links root-relative."""

    type: Literal["prose"]
    html: str


def _list_of(item: Any) -> Any:
    return list[item]


def _entry_bundle(model: type[Entry]) -> type[BaseModel]:
    fields: dict[str, Any] = {
        "id": (str, Field(description="Identifiant : nom du fichier sans .md.")),
        model.BODY_FIELD: (str, Field(description="HTML nettoyé du corps du fichier.")),
    }
    return create_model(
        model.__name__, __base__=model, __module__=__name__, __doc__=model.__doc__, **fields
    )


#: Collection folder → bundle model of its entries (the entry with ``id`` and its HTML body).
ENTRY_BUNDLES: dict[str, type[BaseModel]] = {c.folder: _entry_bundle(c.model) for c in COLLECTIONS}
_CELL_FOLDER = {c.cell: c.folder for c in COLLECTIONS}


class PageLink(BundleModel):
    """A numbered page of a paginated article listing."""

    page: int = Field(description="Numéro de la page (1 = la première).")
    path: str = Field(description="Chemin de la page : « /blog », « /blog/page/2 ».")
    current: bool = Field(description="Vrai pour la page affichée.")


class Pagination(BundleModel):
    """Where a page of a paginated listing sits; links skip over far pages (gaps)."""

    root: str = Field(description="Chemin de la liste de tous les articles (« /blog »).")
    page: int = Field(description="Numéro de la page affichée.")
    pages: int = Field(description="Nombre de pages de la liste.")
    prev: str | None = Field(description="Chemin de la page précédente.")
    next: str | None = Field(description="Chemin de la page suivante.")
    links: list[PageLink] = Field(
        description="Pages à proposer : la première, la dernière et les voisines de la page "
        "affichée, dans l’ordre."
    )


class CategoryLink(BundleModel):
    """A category of the article listing, with the page that lists its articles."""

    label: str = Field(description="Nom de la catégorie, tel qu’écrit dans les articles.")
    path: str = Field(description="Chemin de sa page : « /blog/categorie/emotions ».")
    count: int = Field(description="Nombre d’articles publiés de la catégorie.")
    current: bool = Field(description="Vrai sur la page de cette catégorie.")


def _cell_bundle(name: str, model: type[BaseModel]) -> type[BaseModel]:
    literal: Any = Literal.__getitem__(name)
    fields: dict[str, Any] = {"type": (literal, Field(description="Nom du bloc."))}
    if issubclass(model, CollectionCell):
        entries = _list_of(ENTRY_BUNDLES[_CELL_FOLDER[name]])
        fields["entries"] = (entries, Field(description="Entrées montrées, dans l’ordre."))
    elif issubclass(model, ArticlesCell):
        description = "Articles montrés, du plus récent au plus ancien."
        fields["entries"] = (list[ArticleMeta], Field(description=description))
        fields["pagination"] = (
            Pagination | None,
            Field(description="Position dans la liste paginée ; null avec « limit »."),
        )
        fields["categories"] = (
            list[CategoryLink] | None,
            Field(description="Catégories de la liste ; null avec « limit »."),
        )
    return create_model(
        model.__name__, __base__=model, __module__=__name__, __doc__=model.__doc__, **fields
    )


#: Fence name → bundle model of that cell (its fields, ``type``, and resolved ``entries``).
CELL_BUNDLES: dict[str, type[BaseModel]] = {
    name: _cell_bundle(name, m) for name, m in CELL_MODELS.items()
}
_ANY_CELL: Any = Annotated[
    Union.__getitem__((ProseCell, *CELL_BUNDLES.values())),
    Field(discriminator="type"),
]

if TYPE_CHECKING:

    class Cell(RootModel[Any]):
        """One cell of a page body; ``type`` says which."""

else:

    class Cell(RootModel[_ANY_CELL]):
        """One cell of a page body; ``type`` says which."""


class ImageVariant(BundleModel):
    """One responsive variant of an image (``/img/…``)."""

    path: str = Field(description="Adresse de la variante depuis la racine du site (/img/…).")
    width: int = Field(description="Largeur en pixels.")
    height: int = Field(description="Hauteur en pixels.")
    type: str = Field(description="Type MIME (image/webp, image/avif…).")


class ImageInfo(BundleModel):
    """An image of content/images: its size and its responsive variants."""

    width: int = Field(description="Largeur de l’original en pixels.")
    height: int = Field(description="Hauteur de l’original en pixels.")
    type: str = Field(description="Type MIME de l’original.")
    variants: list[ImageVariant] = Field(
        description="Variantes, de la plus étroite à la plus large (vide pour un SVG)."
    )


class RouteBundle(BundleModel):
    """``data/routes/<key>.json``: everything one route shows, fetched by the site."""

    path: str
    key: str
    kind: RouteKind
    head: RouteHead
    pixel: Pixel | None
    article: ArticleMeta | None
    cells: list[Cell]
    images: dict[str, ImageInfo] = Field(
        description="Tailles et variantes responsives des images que la route montre, par "
        "adresse /images/… (vide quand le build ne produit pas les variantes)."
    )


class SiteBundle(BundleModel):
    """``data/site.json``: what every route shares; its size does not depend on the number
    of pages or articles."""

    settings: SiteSettings
    legal: LegalNotice
    site_url: str = Field(description="Adresse publique du site, terminée par « / ».")
    base_path: str = Field(
        description="Chemin de l’adresse publique : « / » ou « /sous-dossier/ »."
    )
    json_ld: str = Field(
        description='Texte du <script type="application/ld+json"> de l’entreprise '
        "(ProfessionalService et ses offres) présent sur chaque page sauf la 404, déjà échappé."
    )
    build_year: int = Field(
        description="Année de la construction du site : celle du copyright du pied de page "
        "et de {{ annee }}, jamais périmée."
    )


class SiteAddress(BundleModel):
    """``address.json``: the public address the build was made for, resolved once (SITE_URL,
    else the settings' ``siteUrl``; ``emit.resolve_site_url``). The site's build reads it
    rather than resolving SITE_URL again (site/vite.config.ts, site/scripts/site-address.mjs);
    the browser never loads it."""

    site_url: str = Field(description="Adresse publique du site, terminée par « / ».")
    base_path: str = Field(
        description="Chemin de l’adresse publique : « / » ou « /sous-dossier/ »."
    )
    requested: str | None = Field(
        description="La variable SITE_URL telle que `contenu build` l’a reçue, si elle l’a "
        "été : la construction du site refuse une autre adresse."
    )


class RouteIndex(RootModel[list[RouteSummary]]):
    """``routes.json``: every route of the build (for the prerender and the tools; the
    browser never loads it)."""


class DiagnosticItem(BundleModel):
    """A content problem, as the dev overlay shows it."""

    path: str
    line: int
    column: int
    field: str | None
    message: str
    severity: Literal["error", "warning"]
    source: str | None
    cell: str | None = Field(
        None, description="Nom français de la cellule concernée (« Bannière d’ouverture »)."
    )
    label: str | None = Field(
        None,
        description="Nom français du champ concerné et de sa place dans la cellule ou le "
        "fichier (« Bouton 1 › Lien »), jamais sa clé.",
    )


class LiveUpdate(BundleModel):
    """``live.json`` of the preview (``contenu dev``): rewritten after every save, last."""

    serial: int = Field(description="Numéro de la reconstruction, croissant.")
    changed: list[str] = Field(
        description="Fichiers publics réécrits ou supprimés (« data/routes/contact.json »)."
    )
    diagnostics: list[DiagnosticItem] = Field(description="Erreurs actuelles du contenu.")


class ContentTypes(BundleModel):
    """Every bundle file and its type: the root the TypeScript types are generated from."""

    site: SiteBundle
    route: RouteBundle
    routes: RouteIndex
    address: SiteAddress
    live: LiveUpdate
