"""One route's data file (``RouteBundle`` of models/bundle.py), from the validated content:
its head, its cells with their collection entries and article cards, its JSON-LD and the
sizes of the images it shows. ``emit`` decides which routes exist; this module says what
each one holds."""

from __future__ import annotations

import re
from collections.abc import Sequence
from typing import Any, Literal

from contenu.models import COLLECTIONS, Page
from contenu.models.bundle import (
    CELL_BUNDLES,
    ENTRY_BUNDLES,
    ArticleMeta,
    Cell,
    ImageInfo,
    Pixel,
    ProseCell,
    RouteBundle,
    RouteHead,
    RouteSummary,
)
from contenu.models.cells import ArticlesCell, CollectionCell
from contenu.models.paths import article_path, page_path, route_key
from contenu.models.site import SiteSettings
from contenu.pipeline.articles import ArticleCache, article_model
from contenu.pipeline.graph import CELL_TO_FOLDER, Graph
from contenu.pipeline.validate import CellResult, FileResult
from contenu.seo import json_ld

# A root-relative image path as a JSON string or an HTML attribute value: the images the
# route shows (absolute URLs such as og:image are not shown images). Led by the literal quote,
# not a lookbehind: the regex engine then skips ahead to each candidate.
_IMAGE_SRC = re.compile(rb'"(/images/[A-Za-z0-9._/-]+)')


def to_json(model: Any) -> bytes:
    """A bundle model as the file the site reads: compact JSON in field order, one ``\\n``."""
    data: bytes = model.model_dump_json(by_alias=True).encode()
    return data + b"\n"


def is_listing(cell: CellResult) -> bool:
    """An ``{articles}`` cell without ``limit``: its page lists every article, paginated."""
    return isinstance(cell.model, ArticlesCell) and cell.model.limit is None


class RouteMaker:
    """Makes the route bundles of one build."""

    def __init__(
        self, graph: Graph, settings: SiteSettings, site_url: str, cache: ArticleCache
    ) -> None:
        self.graph, self.settings, self.site_url, self.cache = graph, settings, site_url, cache
        #: What site_files.py and json_ld.py read of the site: the settings and the public URL.
        self.site_data: dict[str, Any] = {
            "settings": settings.model_dump(mode="json", by_alias=True),
            "siteUrl": site_url,
        }
        self.images = {
            src: ImageInfo.model_validate(info) for src, info in graph.image_manifest.items()
        }
        self.entries = {
            c.folder: {eid: self._entry(c.folder, eid) for eid in graph.entries.get(c.folder, {})}
            for c in COLLECTIONS
        }

    def _entry(self, folder: str, entry_id: str) -> Any:
        result = self.graph.entries[folder][entry_id]
        assert result.model is not None
        body = type(result.model).BODY_FIELD  # type: ignore[attr-defined]
        fields = {**dict(result.model), body: result.body_html, "id": entry_id}
        return ENTRY_BUNDLES[folder].model_construct(**fields)

    def cell(self, cell: CellResult, cards: Sequence[str] | None = None, **extra: Any) -> Cell:
        """One cell as its bundle model; ``cards`` are the articles an ``{articles}`` cell
        shows on this route (by default its first ``limit``), ``extra`` its listing links."""
        if cell.name is None:
            return Cell.model_construct(ProseCell.model_construct(type="prose", html=cell.html))
        model = cell.model
        assert model is not None
        fields: dict[str, Any] = {**dict(model), "type": cell.name}
        if isinstance(model, CollectionCell):
            entries = self.entries[CELL_TO_FOLDER[cell.name]]
            ids = (
                sorted(entries, key=lambda i: (entries[i].order, i))
                if model.items is None
                else [i for i in model.items if i in entries]
            )
            fields["entries"] = [entries[i] for i in ids]
        elif isinstance(model, ArticlesCell):
            shown = cards if cards is not None else self.cache.visible[: model.limit or None]
            fields["entries"] = [self.cache.articles[s].card for s in shown]
            fields.update({"pagination": None, "categories": None, **extra})
        return Cell.model_construct(CELL_BUNDLES[cell.name].model_construct(**fields))

    def title(self, title: str) -> str:
        """The title with the brand suffix, unless it already names the brand."""
        brand = self.settings.brand
        if brand in title:
            return title
        return title + self.settings.title_suffix.replace("{brand}", brand)

    def absolute(self, path: str) -> str:
        return self.site_url + path.lstrip("/")

    def page_head(self, page: Page, path: str) -> RouteHead:
        return RouteHead.model_construct(
            title=self.title(page.title),
            description=page.description,
            keywords=list(page.keywords) if page.keywords else None,
            robots=page.robots,
            og_type="website",
            og_image=self.absolute(page.og_image or self.settings.default_og_image),
            canonical=str(page.og_url) if page.og_url else self.absolute(path),
            json_ld=None,
            prev=None,
            next=None,
        )

    @staticmethod
    def pixel(page: Page) -> Pixel | None:
        if page.pixel is None:
            return None
        params = page.pixel.params.model_dump(mode="json", exclude_none=True)
        return Pixel.model_construct(event=page.pixel.event, params=params)

    def route(
        self,
        path: str,
        kind: Literal["page", "article", "not-found"],
        head: RouteHead,
        cells: list[Cell],
        pixel: Pixel | None = None,
        article: ArticleMeta | None = None,
    ) -> RouteBundle:
        if kind != "not-found":
            # What json_ld.json_ld reads: the head, the article, the FAQ cells.
            view = {
                "kind": kind,
                "path": path,
                "head": head.model_dump(mode="json", by_alias=True),
                "article": article.model_dump(mode="json", by_alias=True) if article else None,
                "cells": [
                    c.model_dump(mode="json", by_alias=True) for c in cells if c.root.type == "faq"
                ],
            }
            text = json_ld.route_json_ld_text(view, self.site_data)
            head = head.model_copy(update={"json_ld": text})
        return RouteBundle.model_construct(
            path=path,
            key="404" if kind == "not-found" else route_key(path),
            kind=kind,
            head=head,
            pixel=pixel,
            article=article,
            cells=cells,
            images={},
        )

    def dump(self, bundle: RouteBundle) -> bytes:
        """The route's JSON, with the sizes and variants of the images it shows."""
        data = to_json(bundle)
        if self.images:
            shown = {src.decode() for src in _IMAGE_SRC.findall(data)}
            found = sorted(shown & self.images.keys())
            if found:
                images = {src: self.images[src] for src in found}
                data = to_json(bundle.model_copy(update={"images": images}))
        return data

    def page(self, name: str, result: FileResult) -> tuple[bytes, RouteSummary]:
        """A page of ``content/pages`` (``404`` is the error page)."""
        page = result.model
        assert isinstance(page, Page)
        not_found = name == "404"
        path = "/404" if not_found else page_path(name)
        kind: Literal["page", "not-found"] = "not-found" if not_found else "page"
        cells = [self.cell(c) for c in result.cells]
        bundle = self.route(path, kind, self.page_head(page, path), cells, self.pixel(page))
        summary = RouteSummary(
            path=path,
            key=bundle.key,
            kind=kind,
            title=page.title,
            indexable=not not_found and page.robots.startswith("index"),
            status="published",
        )
        return self.dump(bundle), summary

    def article(self, slug: str) -> bytes:
        article, out = article_model(self.graph, slug), self.cache.articles[slug]
        path = article_path(slug)
        head = RouteHead.model_construct(
            title=self.title(article.title),
            description=article.excerpt,
            keywords=list(article.keywords) if article.keywords else None,
            robots="index, follow" if out.status == "published" else "noindex, nofollow",
            og_type="article",
            og_image=self.absolute(
                article.image.src if article.image else self.settings.default_og_image
            ),
            canonical=self.absolute(path),
            json_ld=None,
            prev=None,
            next=None,
        )
        cells = [self.cell(c) for c in out.result.cells]
        return self.dump(self.route(path, "article", head, cells, article=out.card))
