"""The cross-file rules of the collect stage: every link, anchor and image a file names leads
somewhere, every entry a cell names exists, and every entry is shown somewhere."""

from __future__ import annotations

from typing import Literal

from contenu.models import COLLECTIONS
from contenu.models.paths import article_path, article_slug, page_path
from contenu.pipeline.graph import CELL_TO_FOLDER, STATUS_WORDS, Graph, entries_shown
from contenu.pipeline.validate import FileResult, Ref
from contenu.report.diagnostics import Diagnostic, did_you_mean
from contenu.report.labels import CELL_LABELS, key_label


def _diag(
    source: str, ref: Ref, message: str, severity: Literal["error", "warning"] = "error"
) -> Diagnostic:
    return Diagnostic(source, ref.line, ref.column, ref.field, message, severity, ref.source_line)


def routes_of(graph: Graph) -> dict[str, FileResult]:
    """Every address the site serves (the 404 page has none), and the file behind it."""
    routes = {page_path(name): r for name, r in graph.pages.items() if name != "404"}
    routes.update({article_path(slug): r for slug, r in graph.articles.items()})
    return routes


def check_refs(graph: Graph, results: list[FileResult]) -> list[Diagnostic]:
    routes = routes_of(graph)
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


def check_items_and_orphans(graph: Graph, results: list[FileResult]) -> list[Diagnostic]:
    diags = []
    shown: dict[str, set[str]] = {c.folder: set() for c in COLLECTIONS}
    unknown: set[str] = set()
    for result in [r for r in results if r.components]:
        for cell in result.cells:
            folder = CELL_TO_FOLDER.get(cell.name or "")
            if folder is not None and cell.model is None:
                unknown.add(folder)  # invalid cell: what it shows is unknown, stay quiet
        for folder, entry_id in entries_shown(graph, result):
            shown[folder].add(entry_id)
        for cell_name, ref in result.items:
            folder = CELL_TO_FOLDER.get(cell_name)
            available = graph.entries.get(folder, {}) if folder is not None else None
            if available is not None and ref.url not in available:
                hint = did_you_mean(ref.url, available)
                diags.append(
                    _diag(
                        result.source.display,
                        ref,
                        f"« {ref.url} » n’existe pas dans content/{folder}{hint}",
                    )
                )
    for collection in COLLECTIONS:
        if collection.folder in unknown:
            continue
        for entry_id, entry in sorted(graph.entries.get(collection.folder, {}).items()):
            if entry_id not in shown[collection.folder] and entry.model is not None:
                message = (
                    f"cette entrée ({collection.label}) n’apparaît sur aucune page : ajoutez "
                    f"« {entry_id} » aux « {key_label('items')} » d’une cellule "
                    f"« {CELL_LABELS[collection.cell]} » ou supprimez le fichier"
                )
                diags.append(Diagnostic(entry.source.display, 1, 1, "", message, "warning"))
    return diags
