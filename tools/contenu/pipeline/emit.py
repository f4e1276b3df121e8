"""Stage 5: turn the valid graph into the bundles of docs/architecture.md and write them
deterministically (sorted keys, no timestamps) and atomically (everything is computed in
memory first; a failure leaves the previous output untouched; unchanged files are not
rewritten, so the dev server only reloads what changed)."""

from __future__ import annotations

import datetime as dt
import hashlib
import json
import math
import os
import shutil
import tempfile
from collections.abc import Mapping
from dataclasses import dataclass
from pathlib import Path
from typing import Any
from urllib.parse import urlsplit

from contenu.models import COLLECTIONS, Article, Page
from contenu.models.cells import ArticlesCell, CollectionCell
from contenu.models.site import SiteSettings
from contenu.pipeline.collect import CELL_TO_FOLDER, Graph, page_path
from contenu.pipeline.discover import Source
from contenu.pipeline.validate import CellResult, FileResult

WORDS_PER_MINUTE = 200
MONTHS = (
    "janvier", "février", "mars", "avril", "mai", "juin",
    "juillet", "août", "septembre", "octobre", "novembre", "décembre",
)  # fmt: skip


class EmitError(Exception):
    """A problem that stops the build (French message for the coach)."""


def french_date(date: dt.date) -> str:
    """``2024-03-01`` → « 1er mars 2024 »."""
    day = "1er" if date.day == 1 else str(date.day)
    return f"{day} {MONTHS[date.month - 1]} {date.year}"


def reading_time(words: int) -> int:
    return max(1, math.floor(words / WORDS_PER_MINUTE + 0.5))


def resolve_site_url(settings: SiteSettings, override: str | None) -> tuple[str, str]:
    """The public URL (always ending with "/") and its path, the basePath of the site."""
    raw = override.strip() if override else str(settings.site_url)
    parts = urlsplit(raw)
    if parts.scheme not in {"http", "https"} or not parts.netloc:
        raise EmitError(
            f"adresse publique invalide « {raw} » (variable SITE_URL ou siteUrl des réglages) : "
            "elle doit commencer par https://"
        )
    url = raw if raw.endswith("/") else raw + "/"
    base = urlsplit(url).path or "/"
    return url, base


def dumps(value: Any) -> bytes:
    return (
        json.dumps(value, ensure_ascii=False, sort_keys=True, separators=(",", ":")) + "\n"
    ).encode()


@dataclass(frozen=True)
class Options:
    drafts: bool = False
    today: dt.date = dt.date(1970, 1, 1)
    site_url: str | None = None  # SITE_URL override


#: Article slug → (its FileResult, context digest, bytes, summary) from the previous build.
ArticleCache = dict[str, tuple[FileResult, str, bytes, dict[str, Any]]]


class _Emitter:
    def __init__(self, graph: Graph, options: Options, cache: ArticleCache | None = None) -> None:
        self.cache: ArticleCache = {} if cache is None else cache
        if graph.settings is None or graph.legal is None:
            raise EmitError("les réglages du site sont invalides ou absents")
        self.graph = graph
        self.settings: SiteSettings = graph.settings
        self.options = options
        self.site_url, self.base_path = resolve_site_url(self.settings, options.site_url)
        self.visible = sorted(
            (
                slug
                for slug, status in graph.status.items()
                if options.drafts or status == "published"
            ),
            key=lambda slug: (self._article(slug).date, slug),
            reverse=True,
        )
        self.cards = {slug: self._card(slug) for slug in self.visible}
        self.entries = {
            c.folder: {eid: self._entry(c.folder, eid) for eid in graph.entries.get(c.folder, {})}
            for c in COLLECTIONS
        }

    def _article(self, slug: str) -> Article:
        model = self.graph.articles[slug].model
        assert isinstance(model, Article)
        return model

    def _card(self, slug: str) -> dict[str, Any]:
        article = self._article(slug)
        result = self.graph.articles[slug]
        return {
            "slug": slug,
            "title": article.title,
            "excerpt": article.excerpt,
            "date": article.date.isoformat(),
            "dateText": french_date(article.date),
            "readTime": article.read_time or reading_time(result.words),
            "category": article.category,
            "image": article.image.model_dump(mode="json", by_alias=True)
            if article.image
            else None,
            "status": self.graph.status[slug],
        }

    def _entry(self, folder: str, entry_id: str) -> dict[str, Any]:
        result = self.graph.entries[folder][entry_id]
        assert result.model is not None
        data = result.model.model_dump(mode="json", by_alias=True)
        data[type(result.model).BODY_FIELD] = result.body_html  # type: ignore[attr-defined]
        data["id"] = entry_id
        return data

    def _sorted_entries(self, folder: str) -> list[dict[str, Any]]:
        return sorted(self.entries[folder].values(), key=lambda e: (e["order"], e["id"]))

    def _cell(self, cell: CellResult) -> dict[str, Any]:
        if cell.name is None:
            return {"type": "prose", "html": cell.html}
        assert cell.model is not None
        data = cell.model.model_dump(mode="json", by_alias=True)
        data["type"] = cell.name
        if isinstance(cell.model, CollectionCell):
            folder = CELL_TO_FOLDER[cell.name]
            if cell.model.items is None:
                data["entries"] = self._sorted_entries(folder)
            else:
                data["entries"] = [
                    self.entries[folder][i] for i in cell.model.items if i in self.entries[folder]
                ]
        elif isinstance(cell.model, ArticlesCell):
            cards = [self.cards[slug] for slug in self.visible]
            data["entries"] = cards[: cell.model.limit] if cell.model.limit else cards
        return data

    def _title(self, title: str) -> str:
        brand = self.settings.brand
        return (
            title
            if brand in title
            else title + self.settings.title_suffix.replace("{brand}", brand)
        )

    def _absolute(self, path: str) -> str:
        return self.site_url + path.lstrip("/")

    def page(self, name: str, result: FileResult) -> tuple[dict[str, Any], dict[str, Any]]:
        page = result.model
        assert isinstance(page, Page)
        path = page_path(name) if name != "404" else "/404"
        kind = "not-found" if name == "404" else "page"
        pixel = None
        if page.pixel is not None:
            params = page.pixel.params.model_dump(mode="json", exclude_none=True)
            pixel = {"event": page.pixel.event, "params": params}
        head = {
            "title": self._title(page.title),
            "description": page.description,
            "keywords": list(page.keywords) if page.keywords else None,
            "robots": page.robots,
            "ogType": "website",
            "ogImage": self._absolute(page.og_image or self.settings.default_og_image),
            "canonical": str(page.og_url)
            if page.og_url
            else self._absolute(path if name != "index" else "/"),
        }
        bundle = {
            "path": path, "key": name, "kind": kind, "head": head, "pixel": pixel, "article": None,
            "cells": [self._cell(c) for c in result.cells],
        }  # fmt: skip
        indexable = kind == "page" and page.robots.startswith("index")
        summary = {
            "path": path,
            "key": name,
            "kind": kind,
            "title": page.title,
            "indexable": indexable,
            "status": "published",
        }
        return bundle, summary

    def article(self, slug: str) -> tuple[dict[str, Any], dict[str, Any]]:
        article = self._article(slug)
        status = self.graph.status[slug]
        path = f"/blog/{slug}"
        robots = "index, follow" if status == "published" else "noindex, nofollow"
        head = {
            "title": self._title(article.title),
            "description": article.excerpt,
            "keywords": list(article.keywords) if article.keywords else None,
            "robots": robots,
            "ogType": "article",
            "ogImage": self._absolute(
                article.image.src if article.image else self.settings.default_og_image
            ),
            "canonical": self._absolute(path),
        }
        bundle = {
            "path": path, "key": f"blog/{slug}", "kind": "article", "head": head, "pixel": None,
            "article": self.cards[slug],
            "cells": [self._cell(c) for c in self.graph.articles[slug].cells],
        }  # fmt: skip
        summary = {
            "path": path,
            "key": f"blog/{slug}",
            "kind": "article",
            "title": article.title,
            "indexable": status == "published",
            "status": status,
        }
        return bundle, summary

    def outputs(self) -> dict[str, bytes]:
        files: dict[str, bytes] = {}
        summaries = []
        for name, result in sorted(self.graph.pages.items()):
            bundle, summary = self.page(name, result)
            files[f"routes/{name}.json"] = dumps(bundle)
            summaries.append(summary)
        # An article's bundle depends on its file, its status and the site settings, unless
        # it shows collections or article cards: reuse the bytes when none of them changed.
        shared = digest(
            dumps([self.settings.model_dump(mode="json"), self.site_url, self.options.drafts])
        )
        for slug in sorted(self.visible):
            result = self.graph.articles[slug]
            context = f"{shared}:{self.graph.status[slug]}"
            cached = self.cache.get(slug)
            if cached is not None and cached[0] is result and cached[1] == context:
                data, summary = cached[2], cached[3]
            else:
                bundle, summary = self.article(slug)
                data = dumps(bundle)
                if not any(c.name in CELL_TO_FOLDER or c.name == "articles" for c in result.cells):
                    self.cache[slug] = (result, context, data, summary)
            files[f"routes/blog/{slug}.json"] = data
            summaries.append(summary)
        for slug in set(self.cache) - set(self.visible):
            del self.cache[slug]
        order = {"page": 0, "article": 1, "not-found": 2}
        summaries.sort(key=lambda s: (order[s["kind"]], s["path"]))
        assert self.graph.legal is not None
        files["site.json"] = dumps(
            {
                "settings": self.settings.model_dump(mode="json", by_alias=True),
                "legal": self.graph.legal.model_dump(mode="json", by_alias=True),
                "siteUrl": self.site_url,
                "basePath": self.base_path,
                "routes": summaries,
            }
        )
        for collection in COLLECTIONS:
            files[f"collections/{collection.folder}.json"] = dumps(
                self._sorted_entries(collection.folder)
            )
        files["collections/articles.json"] = dumps([self.cards[s] for s in self.visible])
        files["diagnostics.json"] = dumps([])
        return files


def bundle_files(
    graph: Graph, options: Options, cache: ArticleCache | None = None
) -> dict[str, bytes]:
    """Every bundle file, path relative to the bundles directory → bytes. ``cache`` (kept by
    the watcher between builds) lets unchanged articles reuse their bytes."""
    return _Emitter(graph, options, cache).outputs()


def digest(data: bytes) -> str:
    return hashlib.blake2b(data, digest_size=16).hexdigest()


def write_tree(
    target: Path, files: Mapping[str, bytes], known: dict[str, bytes] | None = None
) -> int:
    """Make ``target`` hold exactly ``files``; return how many files were (re)written.

    A first build goes to a temporary directory next to ``target`` that is then renamed into
    place. Later builds write only the files whose bytes changed, each through a temporary
    file and an atomic rename. ``known`` (path → bytes on disk) lets the watcher
    skip reading unchanged files back.
    """
    target.parent.mkdir(parents=True, exist_ok=True)
    if not target.exists() or not any(target.iterdir()):
        tmp = Path(tempfile.mkdtemp(prefix=f".{target.name}-", dir=target.parent))
        try:
            for rel, data in files.items():
                (tmp / rel).parent.mkdir(parents=True, exist_ok=True)
                (tmp / rel).write_bytes(data)
            if target.exists():
                target.rmdir()
            os.replace(tmp, target)
        except BaseException:
            shutil.rmtree(tmp, ignore_errors=True)
            raise
        if known is not None:
            known.clear()
            known.update(files)
        return len(files)
    if known:  # the watcher wrote everything there itself: no need to walk the folder
        existing = set(known)
    else:
        existing = {p.relative_to(target).as_posix() for p in target.rglob("*") if p.is_file()}
    changed: dict[str, bytes] = {}
    for rel, data in files.items():
        if rel not in existing:
            changed[rel] = data
        elif known is not None and rel in known:
            if known[rel] is not data and known[rel] != data:
                changed[rel] = data
        elif (target / rel).read_bytes() != data:
            changed[rel] = data
    tmp = Path(tempfile.mkdtemp(prefix=f".{target.name}-", dir=target.parent))
    try:
        staged = []
        for index, (rel, data) in enumerate(sorted(changed.items())):
            (tmp / str(index)).write_bytes(data)
            staged.append((tmp / str(index), target / rel))
        for temp_file, final in staged:
            final.parent.mkdir(parents=True, exist_ok=True)
            os.replace(temp_file, final)
        stale = sorted(existing - files.keys())
        for rel in stale:
            (target / rel).unlink(missing_ok=True)
        if stale:
            for folder in sorted((p for p in target.rglob("*") if p.is_dir()), reverse=True):
                if not any(folder.iterdir()):
                    folder.rmdir()
    finally:
        shutil.rmtree(tmp, ignore_errors=True)
    if known is not None:
        known.clear()
        known.update(files)
    return len(changed)


def write_file(path: Path, data: bytes) -> bool:
    """Atomically replace ``path`` with ``data`` unless it already holds those bytes."""
    if path.exists() and path.read_bytes() == data:
        return False
    path.parent.mkdir(parents=True, exist_ok=True)
    fd, temp = tempfile.mkstemp(prefix=f".{path.name}-", dir=path.parent)
    try:
        with os.fdopen(fd, "wb") as handle:
            handle.write(data)
        os.replace(temp, path)
    except BaseException:
        Path(temp).unlink(missing_ok=True)
        raise
    return True


def sync_images(images: Mapping[str, Source], target: Path) -> int:
    """Copy ``content/images`` to the site's public folder (only changed files)."""
    files = {
        url.removeprefix("/images/"): source.path.read_bytes() for url, source in images.items()
    }
    if not files and not target.exists():
        return 0
    return write_tree(target, files)
