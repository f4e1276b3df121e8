"""Stage 4: checks that need every file at once — links, referenced entries and images,
slugs, required pages, orphan entries, theme contrast — and the graph ``emit`` writes out."""

from __future__ import annotations

import datetime as dt
import functools
import re
from collections.abc import Iterable
from dataclasses import dataclass, field
from typing import Any, Literal

from contenu.images.image_check import ImageError, inspect_image
from contenu.models import COLLECTIONS, REQUIRED_PAGES, SINGLETONS, Article
from contenu.models.cells import CollectionCell
from contenu.models.legal import LegalNotice
from contenu.models.paths import article_path, article_slug, page_path
from contenu.models.site import SiteSettings
from contenu.pipeline.discover import Source
from contenu.pipeline.validate import FileResult, Ref
from contenu.report.diagnostics import Diagnostic, did_you_mean
from contenu.text.slug import SLUG_PATTERN

Status = Literal["published", "draft", "scheduled"]
SLUG = re.compile(SLUG_PATTERN)
CELL_TO_FOLDER = {c.cell: c.folder for c in COLLECTIONS}
WCAG_AA = 4.5
#: An article status in French.
STATUS_WORDS: dict[Status, str] = {
    "draft": "brouillon",
    "scheduled": "programmé",
    "published": "publié",
}


@dataclass
class Graph:
    """Everything valid that the build writes out."""

    settings: SiteSettings | None = None
    legal: LegalNotice | None = None
    pages: dict[str, FileResult] = field(default_factory=dict)
    articles: dict[str, FileResult] = field(default_factory=dict)
    entries: dict[str, dict[str, FileResult]] = field(default_factory=dict)
    images: dict[str, Source] = field(default_factory=dict)  # "/images/x.jpg" → file
    status: dict[str, Status] = field(default_factory=dict)  # article slug → status
    # "/images/x.jpg" → responsive variants (images.manifest_json), set by the builder
    image_manifest: dict[str, Any] = field(default_factory=dict)


@functools.lru_cache(maxsize=65536)
def _valid_name(name: str) -> bool:
    return SLUG.match(name) is not None


def article_status(article: Article, today: dt.date) -> Status:
    if article.draft:
        return "draft"
    if article.publish_date is not None and article.publish_date > today:
        return "scheduled"
    return "published"


def _diag(
    source: str, ref: Ref, message: str, severity: Literal["error", "warning"] = "error"
) -> Diagnostic:
    return Diagnostic(source, ref.line, ref.column, ref.field, message, severity, ref.source_line)


def relative_luminance(hex_color: str) -> float:
    channels = [int(hex_color[i : i + 2], 16) / 255 for i in (1, 3, 5)]
    linear = [c / 12.92 if c <= 0.04045 else ((c + 0.055) / 1.055) ** 2.4 for c in channels]
    return 0.2126 * linear[0] + 0.7152 * linear[1] + 0.0722 * linear[2]


def contrast_ratio(foreground: str, background: str) -> float:
    lighter, darker = sorted(
        (relative_luminance(foreground), relative_luminance(background)), reverse=True
    )
    return (lighter + 0.05) / (darker + 0.05)


#: Text colour, background colour: every pair the site draws text with.
CONTRAST_PAIRS = (
    ("text", "background"),
    ("text", "surface"),
    ("muted", "background"),
    ("muted", "surface"),
    ("primary", "background"),
    ("onPrimary", "primary"),
)


def _check_contrast(result: FileResult, settings: SiteSettings) -> list[Diagnostic]:
    theme = settings.theme.model_dump(by_alias=True)
    diags = []
    for fg, bg in CONTRAST_PAIRS:
        ratio = contrast_ratio(theme[fg], theme[bg])
        if ratio < WCAG_AA:
            line, column = result.positions.get(
                ("theme", fg), result.positions.get(("theme",), (1, 1))
            )
            text = result.lines[line - 1] if 0 < line <= len(result.lines) else ""
            message = (
                f"contraste insuffisant entre « {fg} » ({theme[fg]}) et « {bg} » ({theme[bg]}) : "
                f"{ratio:.2f}:1 ; il faut au moins {WCAG_AA}:1 (WCAG AA) pour que le texte "
                "reste lisible"
            )
            diags.append(
                Diagnostic(
                    result.source.display, line, column, f"theme.{fg}", message, "error", text
                )
            )
    return diags


def collect(
    results: Iterable[FileResult], images: Iterable[Source], content_name: str, today: dt.date
) -> tuple[Graph, list[Diagnostic]]:
    """Build the graph of valid files and report every cross-file problem."""
    graph = Graph(images={"/" + s.rel: s for s in images})
    all_results = list(results)
    diags: list[Diagnostic] = [d for r in all_results if r.diagnostics for d in r.diagnostics]
    articles = graph.articles
    status = graph.status
    present: set[str] = set()
    for result in all_results:
        source = result.source
        kind = source.kind
        model = result.model
        if kind == "article":  # the common case, kept short: thousands of articles
            articles[source.name] = result
            if isinstance(model, Article):
                status[source.name] = article_status(model, today)
        elif kind == "page":
            graph.pages[source.name] = result
        elif kind == "entry":
            graph.entries.setdefault(source.folder, {})[source.name] = result
        elif kind == "singleton":
            present.add(source.rel)
            if isinstance(model, SiteSettings):
                graph.settings = model
                diags += _check_contrast(result, model)
            elif isinstance(model, LegalNotice):
                graph.legal = model
    named = [r.source for r in all_results if r.source.kind in {"page", "article", "entry"}]
    for source in named:
        if not _valid_name(source.name):
            diags.append(
                Diagnostic(
                    source.display,
                    1,
                    1,
                    "",
                    f"nom de fichier invalide « {source.name}.md » : minuscules sans accent, "
                    "chiffres et tirets seulement (il sert d’adresse ou d’identifiant)",
                )
            )

    for rel in SINGLETONS:
        if rel not in present:
            diags.append(
                Diagnostic(f"{content_name}/{rel}", 0, 0, "", "fichier obligatoire manquant")
            )
    for name in REQUIRED_PAGES:
        if name not in graph.pages:
            message = (
                f"page obligatoire manquante : la route « {page_path(name)} » n’a pas de fichier"
            )
            diags.append(Diagnostic(f"{content_name}/pages/{name}.md", 0, 0, "", message))

    diags += _check_refs(graph, all_results)
    diags += _check_items_and_orphans(graph, all_results)
    diags += _check_images(graph.images.values())
    return graph, diags


def _check_images(images: Iterable[Source]) -> list[Diagnostic]:
    """Every file of content/images decoded as the build will (nothing written): the build
    never fails on an image that ``check`` accepted."""
    diags = []
    for source in images:
        try:
            inspect_image(source.path, source.display)
        except ImageError as exc:
            diags.append(Diagnostic(source.display, 0, 0, "", exc.problem))
    return diags


def _routes(graph: Graph) -> dict[str, FileResult]:
    routes = {page_path(name): r for name, r in graph.pages.items() if name != "404"}
    routes.update({article_path(slug): r for slug, r in graph.articles.items()})
    return routes


def _check_refs(graph: Graph, results: list[FileResult]) -> list[Diagnostic]:
    routes = _routes(graph)
    diags = []
    for result in [r for r in results if r.refs]:
        display = result.source.display
        for ref in result.refs:
            url = ref.url
            if url.startswith("/images/"):
                path = url.split("#")[0].split("?")[0]
                if path not in graph.images:
                    hint = did_you_mean(path, graph.images)
                    diags.append(
                        _diag(
                            display,
                            ref,
                            f"image introuvable « {path} » : le fichier content{path} "
                            f"n’existe pas{hint}",
                        )
                    )
                continue
            if url and not url.startswith(("/", "#")) and ":" not in url.split("/")[0]:
                message = (
                    f"lien relatif « {url} » : écrivez l’adresse depuis la racine du site, "
                    f"par exemple « /{url.lstrip('./')} »"
                )
                diags.append(_diag(display, ref, message))
                continue
            if url.startswith("//") or not url.startswith(("/", "#")):
                continue
            path, _, anchor = url.partition("#")
            path = path.split("?")[0]
            if path:
                if len(path) > 1:
                    path = path.rstrip("/")
                target = routes.get(path)
                if target is None:
                    hint = did_you_mean(path, routes)
                    diags.append(
                        _diag(
                            display,
                            ref,
                            f"lien cassé « {url} » : aucune page à l’adresse « {path} »{hint}",
                        )
                    )
                    continue
                slug = article_slug(path)
                status = "published" if slug is None else graph.status.get(slug, "published")
                if status != "published" and graph.status.get(result.source.name) != status:
                    diags.append(
                        _diag(
                            display,
                            ref,
                            f"lien vers un article non publié ({STATUS_WORDS[status]}) : "
                            f"« {path} »",
                            "warning",
                        )
                    )
            else:
                if result.source.kind not in {"page", "article"}:
                    continue
                target = result
            if anchor and anchor not in target.anchors:
                known = ", ".join(f"« #{a} »" for a in sorted(target.anchors)) or "aucune"
                diags.append(
                    _diag(
                        display,
                        ref,
                        f"ancre introuvable « #{anchor} » dans la page « {path or 'courante'} » "
                        f"(ancres : {known})",
                    )
                )
    return diags


def _check_items_and_orphans(graph: Graph, results: list[FileResult]) -> list[Diagnostic]:
    diags = []
    shown: dict[str, set[str]] = {c.folder: set() for c in COLLECTIONS}
    unknown: set[str] = set()
    for result in [r for r in results if r.components]:
        for cell in result.cells:
            folder = CELL_TO_FOLDER.get(cell.name or "")
            if folder is None:
                continue
            if cell.model is None:  # invalid cell: what it shows is unknown, stay quiet
                unknown.add(folder)
            elif isinstance(cell.model, CollectionCell) and cell.model.items is None:
                shown[folder] |= set(graph.entries.get(folder, {}))
        for cell_name, ref in result.items:
            folder = CELL_TO_FOLDER.get(cell_name)
            if folder is None:
                continue
            available = graph.entries.get(folder, {})
            if ref.url not in available:
                hint = did_you_mean(ref.url, available)
                diags.append(
                    _diag(
                        result.source.display,
                        ref,
                        f"« {ref.url} » n’existe pas dans content/{folder}{hint}",
                    )
                )
            shown[folder].add(ref.url)
    for collection in COLLECTIONS:
        if collection.folder in unknown:
            continue
        for entry_id, entry in sorted(graph.entries.get(collection.folder, {}).items()):
            if entry_id not in shown[collection.folder] and entry.model is not None:
                message = (
                    f"cette entrée ({collection.label}) n’apparaît sur aucune page : ajoutez "
                    f"« {entry_id} » aux « items » d’une cellule {{{collection.cell}}} ou "
                    "supprimez le fichier"
                )
                diags.append(Diagnostic(entry.source.display, 1, 1, "", message, "warning"))
    return diags
