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
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any
from urllib.parse import urlsplit

from contenu import seo
from contenu.image_check import published_bytes
from contenu.models import COLLECTIONS, Article, Page
from contenu.models.cells import ArticlesCell, CollectionCell
from contenu.models.shapes import normal_site_url, site_url_problem
from contenu.models.site import SiteSettings
from contenu.pipeline.collect import CELL_TO_FOLDER, Graph, page_path
from contenu.pipeline.discover import Source
from contenu.pipeline.validate import CellResult, FileResult

WORDS_PER_MINUTE = 200
MONTHS = (
    "janvier", "février", "mars", "avril", "mai", "juin",
    "juillet", "août", "septembre", "octobre", "novembre", "décembre",
)  # fmt: skip


CNAME_FILE = "CNAME"
#: Files ``contenu build`` writes at the root of ``site/public`` (copied by Vite to the site
#: root); one of them absent from an output is deleted (a stale CNAME must not stay).
PUBLIC_FILES = (seo.SITEMAP_FILE, seo.ROBOTS_FILE, seo.FEED_FILE, CNAME_FILE)


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
    problem = site_url_problem(raw)
    if problem is not None:
        raise EmitError(
            f"adresse publique invalide « {raw} » (variable SITE_URL ou siteUrl des réglages) : "
            f"{problem}"
        )
    url = normal_site_url(raw)
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
    images_out: Path | None = None  # where responsive variants go (None: not made)


def _compact(value: Any) -> bytes:
    return json.dumps(value, ensure_ascii=False, sort_keys=True, separators=(",", ":")).encode()


@dataclass
class ArticleOut:
    """What one article contributes to the bundles, kept between builds by the watcher:
    a build reuses it while the article's ``FileResult`` (same object: the file was not
    re-parsed) and its status are the same."""

    result: FileResult
    status: str
    date: dt.date
    card: dict[str, Any]
    card_json: bytes
    summary: dict[str, Any]
    summary_json: bytes
    context: str = ""  # settings digest the bundle was made with ("" = not made)
    bundle: bytes = b""


@dataclass
class ArticleCache:
    """Kept by the watcher between builds: each article's output, and the article listing
    (order, joined cards, joined route summaries), recomputed only when a card, a summary,
    the set of articles or the drafts option changed."""

    articles: dict[str, ArticleOut] = field(default_factory=dict)
    drafts: bool | None = None
    visible: list[str] = field(default_factory=list)  # newest first
    by_slug: list[str] = field(default_factory=list)  # visible, sorted by slug
    cards_json: dict[int, bytes] = field(default_factory=dict)
    routes_json: bytes = b""
    listing: int = 0  # bumped whenever the listing is recomputed
    public_key: tuple[Any, ...] = ()
    public: dict[str, bytes] = field(default_factory=dict)


# Big lists (all article cards, all routes) are spliced into the JSON as bytes joined from
# each item's cached JSON instead of being re-encoded on every build: the placeholder is a
# JSON string no content can produce (a NUL character cannot come out of YAML or Markdown).
_CARDS = "\0contenu-cards-{}\0"
_ROUTES = "\0contenu-routes\0"


def _placeholder(name: str) -> bytes:
    return json.dumps(name).encode()


class _Emitter:
    def __init__(self, graph: Graph, options: Options, cache: ArticleCache | None = None) -> None:
        self.cache = ArticleCache() if cache is None else cache
        if graph.settings is None or graph.legal is None:
            raise EmitError("les réglages du site sont invalides ou absents")
        self.graph = graph
        self.settings: SiteSettings = graph.settings
        self.options = options
        self.site_url, self.base_path = resolve_site_url(self.settings, options.site_url)
        assert graph.legal is not None
        self.public: dict[str, bytes] = {}
        self.site_head: dict[str, Any] = {
            "settings": self.settings.model_dump(mode="json", by_alias=True),
            "legal": graph.legal.model_dump(mode="json", by_alias=True),
            "siteUrl": self.site_url,
            "basePath": self.base_path,
        }
        listing_changed = self.cache.drafts != options.drafts
        articles = self.cache.articles
        for slug, status in graph.status.items():
            result = graph.articles[slug]
            old = articles.get(slug)
            if old is not None and old.result is result and old.status == status:
                continue
            new = self._article_out(slug, result, status)
            if old is not None and old.card_json == new.card_json:
                new.card_json = old.card_json  # same bytes object: the writer skips it quickly
            if (
                old is None
                or old.card_json is not new.card_json
                or old.summary_json != new.summary_json
            ):
                listing_changed = True
            articles[slug] = new
        if len(articles) != len(graph.status):
            for slug in set(articles) - set(graph.status):
                del articles[slug]
            listing_changed = True
        if listing_changed:
            self._listing(options.drafts)
        self.visible = self.cache.visible
        self.out = articles
        self.entries = {
            c.folder: {eid: self._entry(c.folder, eid) for eid in graph.entries.get(c.folder, {})}
            for c in COLLECTIONS
        }

    def _article_out(self, slug: str, result: FileResult, status: str) -> ArticleOut:
        card = self._card(slug)
        summary = self._summary(slug)
        date = self._article(slug).date
        return ArticleOut(result, status, date, card, _compact(card), summary, _compact(summary))

    def _listing(self, drafts: bool) -> None:
        cache = self.cache
        shown = [
            (out.date, slug)
            for slug, out in cache.articles.items()
            if drafts or out.status == "published"
        ]
        cache.visible = [slug for _, slug in sorted(shown, reverse=True)]
        cache.by_slug = sorted(cache.visible)
        cache.cards_json = {}
        cache.routes_json = b",".join(cache.articles[s].summary_json for s in cache.by_slug)
        cache.drafts = drafts
        cache.listing += 1

    def _public(self, pages: list[dict[str, Any]], shared: str) -> dict[str, bytes]:
        """sitemap.xml, robots.txt, feed.xml (and CNAME with a custom domain), made again
        only when the listing, the settings or a page's summary changed."""
        key = (self.cache.listing, shared, _compact(pages))
        if key != self.cache.public_key:
            routes = [*pages, *(self.out[s].summary for s in self.cache.by_slug)]
            site = {**self.site_head, "routes": routes}
            cards = [self.out[s].card for s in self.visible]
            public = {name: text.encode() for name, text in seo.site_files(site, cards).items()}
            domain = (self.settings.custom_domain or "").strip()
            if domain:
                public[CNAME_FILE] = (domain + "\n").encode()
            self.cache.public_key, self.cache.public = key, public
        return self.cache.public

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
            data["entries"] = _CARDS.format(cell.model.limit or 0)
        return data

    def cards_json(self, limit: int) -> bytes:
        """``[card, …]`` of the visible articles (the first ``limit`` when not 0)."""
        joined = self.cache.cards_json
        if limit not in joined:
            slugs = self.visible[:limit] if limit else self.visible
            joined[limit] = b"[" + b",".join(self.out[s].card_json for s in slugs) + b"]"
        return joined[limit]

    def dump_route(self, bundle: dict[str, Any]) -> bytes:
        """``dumps(bundle)`` with the article cards spliced in where ``_cell`` left a mark."""
        data = dumps(bundle)
        if b"contenu-cards-" in data:
            for limit in {c.get("limit") or 0 for c in bundle["cells"] if c["type"] == "articles"}:
                data = data.replace(_placeholder(_CARDS.format(limit)), self.cards_json(limit))
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
        head["jsonLd"] = seo.route_json_ld_text(bundle, self.site_head)
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
            "article": self.out[slug].card,
            "cells": [self._cell(c) for c in self.graph.articles[slug].cells],
        }  # fmt: skip
        head["jsonLd"] = seo.route_json_ld_text(bundle, self.site_head)
        return bundle, self._summary(slug)

    def _summary(self, slug: str) -> dict[str, Any]:
        status = self.graph.status[slug]
        return {
            "path": f"/blog/{slug}",
            "key": f"blog/{slug}",
            "kind": "article",
            "title": self._article(slug).title,
            "indexable": status == "published",
            "status": status,
        }

    def outputs(self) -> dict[str, bytes]:
        files: dict[str, bytes] = {}
        pages: list[dict[str, Any]] = []
        for name, result in sorted(self.graph.pages.items()):
            bundle, summary = self.page(name, result)
            files[f"routes/{name}.json"] = self.dump_route(bundle)
            pages.append(summary)
        # An article's bundle depends on its file, its status and the site settings, unless
        # it shows collections or article cards: reuse the bytes when none of them changed.
        shared = digest(
            dumps([self.settings.model_dump(mode="json"), self.site_url, self.options.drafts])
        )
        for slug in self.cache.by_slug:
            out = self.out[slug]
            if out.context != shared:
                bundle, _ = self.article(slug)
                data = self.dump_route(bundle)
                if any(c.name in CELL_TO_FOLDER or c.name == "articles" for c in out.result.cells):
                    out.context, out.bundle = "", b""
                else:
                    out.context, out.bundle = shared, data
            else:
                data = out.bundle
            files[f"routes/blog/{slug}.json"] = data
        order = {"page": 0, "not-found": 2}
        pages.sort(key=lambda s: (order[s["kind"]], s["path"]))
        routes = [_compact(s) for s in pages if s["kind"] == "page"]
        if self.cache.routes_json:
            routes.append(self.cache.routes_json)
        routes += [_compact(s) for s in pages if s["kind"] == "not-found"]
        site = dumps({**self.site_head, "images": self.graph.image_manifest, "routes": _ROUTES})
        files["site.json"] = site.replace(_placeholder(_ROUTES), b"[" + b",".join(routes) + b"]")
        self.public = self._public(pages, shared)
        for collection in COLLECTIONS:
            files[f"collections/{collection.folder}.json"] = dumps(
                self._sorted_entries(collection.folder)
            )
        files["collections/articles.json"] = self.cards_json(0) + b"\n"
        files["diagnostics.json"] = dumps([])
        return files


def bundle_files(
    graph: Graph, options: Options, cache: ArticleCache | None = None
) -> dict[str, bytes]:
    """Every bundle file, path relative to the bundles directory → bytes. ``cache`` (kept by
    the watcher between builds) lets unchanged articles reuse their bytes."""
    return compile_outputs(graph, options, cache)[0]


def compile_outputs(
    graph: Graph, options: Options, cache: ArticleCache | None = None
) -> tuple[dict[str, bytes], dict[str, bytes]]:
    """The bundle files, and the files of the site root (``PUBLIC_FILES``) by name."""
    emitter = _Emitter(graph, options, cache)
    files = emitter.outputs()
    return files, emitter.public


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
            _write_all(tmp, files)
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


def _write_all(folder: Path, files: Mapping[str, bytes]) -> None:
    """Write many new files under ``folder`` (each directory made once, plain syscalls)."""
    base = str(folder)
    for sub in sorted({rel.rpartition("/")[0] for rel in files} - {""}):
        os.makedirs(f"{base}/{sub}", exist_ok=True)
    flags = os.O_WRONLY | os.O_CREAT | os.O_TRUNC
    for rel, data in files.items():
        fd = os.open(f"{base}/{rel}", flags, 0o644)
        try:
            view = memoryview(data)
            while view:
                view = view[os.write(fd, view) :]
        finally:
            os.close(fd)


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
    """Copy ``content/images`` to the site's public folder (only changed files); an SVG is
    published as its sanitised tree (``image_check.published_bytes``)."""
    files = {
        url.removeprefix("/images/"): published_bytes(source.path) for url, source in images.items()
    }
    if not files and not target.exists():
        return 0
    return write_tree(target, files)
