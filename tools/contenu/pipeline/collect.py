"""Stage 4: checks that need every file at once — links and referenced entries
(``references.py``), images, slugs, required pages, categories, theme contrast — and the
graph (``graph.py``) ``emit`` writes out."""

from __future__ import annotations

import datetime as dt
import functools
import re
from collections.abc import Iterable
from typing import Literal

from contenu.images.image_check import ImageError, inspect_image
from contenu.models import REQUIRED_PAGES, SINGLETONS, Article
from contenu.models.article import CATEGORY_NAME
from contenu.models.legal import LegalNotice
from contenu.models.paths import RESERVED_PAGE_NAMES, page_path
from contenu.models.site import SiteSettings
from contenu.pipeline.discover import Source
from contenu.pipeline.graph import Graph, article_status, entries_shown
from contenu.pipeline.limits import MAX_CATEGORIES, MAX_NAME_BYTES
from contenu.pipeline.references import check_items_and_orphans, check_refs
from contenu.pipeline.validate import FileResult
from contenu.report.diagnostics import Diagnostic
from contenu.report.labels import key_label
from contenu.seo.json_ld import hours_problem
from contenu.text.slug import SLUG_PATTERN, slugify

SLUG = re.compile(SLUG_PATTERN)
WCAG_AA = 4.5


@functools.lru_cache(maxsize=65536)
def _valid_name(name: str) -> bool:
    return SLUG.match(name) is not None


@functools.lru_cache(maxsize=1024)
def _category_key(label: str) -> str:
    """The address of a category: thousands of articles share a handful of labels."""
    return slugify(label)


@functools.lru_cache(maxsize=1024)
def _same_name_key(label: str) -> str:
    """What a reader takes a category for; a label with no letter is only itself."""
    return CATEGORY_NAME.key(label) or f"\0{label}"


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
                f"contraste insuffisant entre « {key_label(fg)} » ({theme[fg]}) et "
                f"« {key_label(bg)} » ({theme[bg]}) : "
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
                hours = hours_problem(model.offer.availability)
                if hours is not None:
                    where = ("offer", "availability")
                    line, column = result.positions.get(where, (1, 1))
                    shown = result.lines[line - 1] if 0 < line <= len(result.lines) else ""
                    diags.append(
                        Diagnostic(
                            source.display, line, column, ".".join(where), hours, "warning", shown
                        )
                    )
            elif isinstance(model, LegalNotice):
                graph.legal = model
    named = [r.source for r in all_results if r.source.kind in {"page", "article", "entry"}]
    for source in named:
        diags += _name_diagnostics(source)

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

    diags += check_refs(graph, all_results)
    diags += check_items_and_orphans(graph, all_results)
    diags += _check_images(graph.images.values())
    diags += _check_categories(graph)
    diags += _check_future_dates(graph, today)
    return graph, diags


def article_diagnostics(result: FileResult, graph: Graph, today: dt.date) -> list[Diagnostic]:
    """What ``collect`` reports at one article of ``graph`` (its own problems, its name, its
    links, its category, its date), the rest of the graph as it is: the preview's path when a
    save changed nothing other files' checks read of it (``pipeline/incremental.py``)."""
    display = result.source.display
    diags = list(result.diagnostics)
    diags += _name_diagnostics(result.source)
    diags += check_refs(graph, [result])
    diags += [d for d in _check_categories(graph) if d.path == display]
    diags += _future_date(result, today)
    return diags


def unpublished_only_images(graph: Graph, results: Iterable[FileResult]) -> set[str]:
    """The images (``/images/…``) that only draft or scheduled articles show, directly or
    through an entry (a team member's photo…) that no published file shows: the build
    publishes them, and their variants, with the first published file that shows them. An
    entry no file shows at all keeps its images published (it is warned about as an orphan)."""
    results = list(results)
    entry_shown_by: dict[tuple[str, str], set[bool]] = {}
    for result in results:
        if result.source.kind == "entry":
            continue
        published = _is_published(graph, result)
        for folder, entry_id in entries_shown(graph, result):
            entry_shown_by.setdefault((folder, entry_id), set()).add(published)
    shown: set[str] = set()
    hidden: set[str] = set()
    for result in results:
        source = result.source
        if source.kind == "entry":
            seen = entry_shown_by.get((source.folder, source.name))
            unpublished = seen is not None and True not in seen
        else:
            unpublished = not _is_published(graph, result)
        urls = {ref.url for ref in result.refs if ref.url.startswith("/images/")}
        (hidden if unpublished else shown).update(urls)
    return hidden - shown


def _is_published(graph: Graph, result: FileResult) -> bool:
    source = result.source
    return source.kind != "article" or graph.status.get(source.name) == "published"


def _name_diagnostics(source: Source) -> list[Diagnostic]:
    diags = []
    if not _valid_name(source.name):
        message = (
            f"nom de fichier invalide « {source.name}.md » : minuscules sans accent, "
            "chiffres et tirets seulement (il sert d’adresse ou d’identifiant)"
        )
        diags.append(Diagnostic(source.display, 1, 1, "", message))
    return diags + _check_name(source)


def _check_name(source: Source) -> list[Diagnostic]:
    """A name the build can write (length) and that no folder of the site already takes."""
    size = len(source.name.encode("utf-8"))
    if size > MAX_NAME_BYTES:
        message = (
            f"nom de fichier trop long : {size} caractères, {MAX_NAME_BYTES} au plus (il sert "
            "d’adresse, et le site ajoute des suffixes aux fichiers qu’il écrit) ; raccourcissez-le"
        )
        return [Diagnostic(source.display, 1, 1, "", message)]
    if source.kind == "page" and source.name in RESERVED_PAGE_NAMES:
        message = (
            f"« {source.name} » est un nom que le site utilise déjà pour ses propres fichiers "
            f"(/{source.name}/) ; noms réservés : {', '.join(sorted(RESERVED_PAGE_NAMES))} ; "
            "donnez un autre nom à cette page"
        )
        return [Diagnostic(source.display, 1, 1, "", message)]
    return []


def _position_diag(
    result: FileResult, key: str, message: str, severity: Literal["error", "warning"] = "error"
) -> Diagnostic:
    line, column = result.positions.get((key,), (1, 1))
    text = result.lines[line - 1] if 0 < line <= len(result.lines) else ""
    return Diagnostic(result.source.display, line, column, key, message, severity, text)


def _check_categories(graph: Graph) -> list[Diagnostic]:
    """One spelling per category (« Emotions » and « Émotions » would share one page under
    one of the two names, « Émotion » would split it: the rule CATEGORY_NAME), and at most
    MAX_CATEGORIES (a label has 40 characters at most: its address is always short enough)."""
    spellings: dict[str, dict[str, list[FileResult]]] = {}
    addresses: set[str] = set()
    for result in graph.articles.values():
        if isinstance(result.model, Article):
            label = result.model.category
            addresses.add(_category_key(label))
            spellings.setdefault(_same_name_key(label), {}).setdefault(label, []).append(result)
    diags = []
    for labels in spellings.values():
        if len(labels) < 2:
            continue
        main = min(labels, key=lambda label: (-len(labels[label]), label))
        example = labels[main][0].source.display
        for label, results in labels.items():
            if label == main:
                continue
            for result in results:
                message = CATEGORY_NAME.problem(label, main, example)
                diags.append(_position_diag(result, "category", message))
    if len(addresses) > MAX_CATEGORIES:
        first = min(graph.articles.values(), key=lambda r: r.source.rel)
        message = (
            f"trop de catégories : {len(addresses)}, pour {MAX_CATEGORIES} au plus (chaque page "
            "du blog les affiche toutes) ; regroupez les articles dans moins de catégories"
        )
        diags.append(_position_diag(first, "category", message))
    return diags


def _check_future_dates(graph: Graph, today: dt.date) -> list[Diagnostic]:
    return [d for result in graph.articles.values() for d in _future_date(result, today)]


def _future_date(result: FileResult, today: dt.date) -> list[Diagnostic]:
    """A ``date`` after today without ``publishDate`` is published at once: say so."""
    model = result.model
    if not isinstance(model, Article) or model.draft or model.publish_date is not None:
        return []
    if model.date <= today:
        return []
    when = model.date.isoformat()
    message = (
        f"date dans le futur ({when}) sans publishDate : l’article est mis en ligne dès "
        f"maintenant, daté du {when} ; pour qu’il paraisse ce jour-là, ajoutez "
        f"`publishDate: {model.date.isoformat()}` dans l’en-tête"
    )
    return [_position_diag(result, "date", message, "warning")]


def _check_images(images: Iterable[Source]) -> list[Diagnostic]:
    """Every file of content/images decoded as the build will (nothing written): the build
    never fails on an image that ``check`` accepted."""
    diags = []
    for source in images:
        stem = source.rel.rsplit("/", 1)[-1].rsplit(".", 1)[0]
        if len(stem.encode("utf-8")) > MAX_NAME_BYTES:
            message = (
                f"nom d’image trop long : {len(stem.encode('utf-8'))} octets, {MAX_NAME_BYTES} "
                "au plus (le site écrit ses variantes sous ce nom suivi d’un suffixe) ; "
                "raccourcissez-le"
            )
            diags.append(Diagnostic(source.display, 0, 0, "", message))
            continue
        try:
            inspect_image(source.path, source.display)
        except ImageError as exc:
            diags.append(Diagnostic(source.display, 0, 0, "", exc.problem))
    return diags
