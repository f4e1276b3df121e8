"""Stage 5: the valid graph → the files of a build, each a Pydantic bundle model of
``models/bundle.py`` serialised to JSON (so the site's TypeScript types, generated from the
same models, cannot disagree with what is written).

A build is a folder (see docs/architecture.md)::

    public/data/site.json             SiteBundle: settings, legal notice, business JSON-LD
    public/data/routes/<key>.json     RouteBundle: one per route, fetched by the site
    public/sitemap.xml, robots.txt, feed.xml, CNAME
    routes.json                       RouteIndex: every route, for the prerender and tools
    address.json                      SiteAddress: public URL and base path, for the site's build

The builder (``build.py``) adds the images and writes everything through ``writer``. Nothing the
browser loads first grows with the number of articles: the site fetches ``site.json`` and the
one route it shows. Output is deterministic (model field order, no timestamps). The watcher
keeps an ``ArticleCache`` between builds, so a save re-serialises only what it changed:
``routes.py`` makes one route, ``listing.py`` the paginated listing, ``articles.py`` the cards.
"""

from __future__ import annotations

import datetime as dt
import hashlib
import json
from dataclasses import dataclass
from typing import Any
from urllib.parse import urlsplit

from contenu.models.bundle import RouteIndex, RouteSummary, SiteAddress, SiteBundle
from contenu.models.checks import normal_site_url, site_url_problem
from contenu.models.site import SiteSettings
from contenu.pipeline.articles import ArticleCache, refresh
from contenu.pipeline.graph import CELL_TO_FOLDER, Graph
from contenu.pipeline.listing import listing_pages
from contenu.pipeline.routes import RouteMaker, is_listing, to_json
from contenu.pipeline.validate import FileResult
from contenu.seo import json_ld
from contenu.seo import site_files as seo

PUBLIC = "public"
DATA = f"{PUBLIC}/data"
SITE_FILE = f"{DATA}/site.json"
ROUTES_FILE = "routes.json"
ADDRESS_FILE = "address.json"
CNAME_FILE = "CNAME"


class EmitError(Exception):
    """A problem that stops the build (French message for the coach)."""


def route_file(key: str) -> str:
    """``contact`` → ``public/data/routes/contact.json`` (the site derives the same name)."""
    return f"{DATA}/routes/{key}.json"


def resolve_site_url(settings: SiteSettings, override: str | None) -> tuple[str, str]:
    """The public URL (always ending with "/") and its path, the basePath of the site: the
    one resolution of the site's address. The site's build reads it from ``address.json``
    (tests/pipeline/test_site_address.py gives every spelling to every reader)."""
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


def digest(data: bytes | memoryview) -> str:
    return hashlib.blake2b(data, digest_size=16).hexdigest()


@dataclass(frozen=True)
class Options:
    drafts: bool = False
    today: dt.date = dt.date(1970, 1, 1)
    site_url: str | None = None  # SITE_URL override
    images_out: Any = None  # where the encoder caches responsive variants (None: not made)


@dataclass
class Outputs:
    """Everything a build writes besides the images: path in the build folder → bytes."""

    files: dict[str, bytes]
    routes: list[RouteSummary]


class Emitter:
    def __init__(self, graph: Graph, options: Options, cache: ArticleCache | None = None) -> None:
        if graph.settings is None or graph.legal is None:
            raise EmitError("les réglages du site sont invalides ou absents")
        self.graph, self.options = graph, options
        self.settings: SiteSettings = graph.settings
        self.cache = ArticleCache() if cache is None else cache
        self.site_url, self.base_path = resolve_site_url(self.settings, options.site_url)
        refresh(self.cache, graph, options.drafts)
        self.maker = RouteMaker(graph, self.settings, self.site_url, self.cache)
        # An article's file depends on it, its status and these, never on prices: a new
        # price rewrites site.json and the pages that show it, not every article.
        self.shared = digest(
            json.dumps(
                [
                    self.settings.brand,
                    self.settings.title_suffix,
                    self.settings.default_og_image,
                    self.site_url,
                    graph.image_manifest,
                ],
                sort_keys=True,
            ).encode()
        )

    def site(self) -> bytes:
        assert self.graph.legal is not None
        return to_json(
            SiteBundle.model_construct(
                settings=self.settings,
                legal=self.graph.legal,
                site_url=self.site_url,
                base_path=self.base_path,
                json_ld=json_ld.business_json_ld_text(self.maker.site_data),
                build_year=self.options.today.year,
            )
        )

    def address(self) -> bytes:
        requested = self.options.site_url.strip() if self.options.site_url else None
        return to_json(
            SiteAddress(site_url=self.site_url, base_path=self.base_path, requested=requested)
        )

    def _listing(self, name: str, result: FileResult) -> dict[str, tuple[bytes, RouteSummary]]:
        """The listing pages, reused while the cards, the settings and the page are the same."""
        blog_texts = self.settings.interface.blog
        key = (self.cache.listing, self.shared, self.options.drafts, blog_texts)
        cached = self.cache.listing_files.get(name)
        if cached is not None and cached[0] == key and cached[1] is result:
            return cached[2]
        made = listing_pages(self.maker, name, result)
        self.cache.listing_files[name] = (key, result, made)
        return made

    def _article(self, slug: str) -> bytes:
        out = self.cache.articles[slug]
        context = f"{self.shared}:{out.status}"
        if out.context == context:
            return out.bundle
        # Cards or collection entries can change without this file changing.
        reusable = not any(
            c.name in CELL_TO_FOLDER or c.name == "articles" for c in out.result.cells
        )
        # Another process's file: made from the same result (the store checks it) in the
        # same context, for the same audience (drafts shown or not).
        stored = self.cache.stored if reusable else None
        kept = f"{context}:{self.options.drafts}"
        data = stored.get(out.result.source.rel, kept) if stored is not None else None
        if data is None:
            data = self.maker.article(slug)
            if stored is not None:
                stored.put(out.result.source.rel, kept, data)
        out.context, out.bundle = (context, data) if reusable else ("", b"")
        return data

    def outputs(self) -> Outputs:
        files: dict[str, bytes] = {SITE_FILE: self.site()}
        pages: list[RouteSummary] = []
        for name, result in sorted(self.graph.pages.items()):
            if any(is_listing(c) for c in result.cells):
                made = list(self._listing(name, result).values())
            else:
                made = [self.maker.page(name, result)]
            for data, summary in made:
                files[route_file(summary.key)] = data
                pages.append(summary)
        articles = []
        for slug in sorted(self.cache.visible):
            summary = self.cache.articles[slug].summary
            files[route_file(summary.key)] = self._article(slug)
            articles.append(summary)
        pages.sort(key=lambda s: (s.kind == "not-found", s.path))
        routes = [s for s in pages if s.kind == "page"] + articles
        routes += [s for s in pages if s.kind == "not-found"]
        files[ROUTES_FILE] = self._route_index(routes)
        files[ADDRESS_FILE] = self.address()
        for name, data in self._public(routes).items():
            files[f"{PUBLIC}/{name}"] = data
        return Outputs(files, routes)

    def _route_index(self, routes: list[RouteSummary]) -> bytes:
        """routes.json, serialised again only when a route summary changed (most saves
        change none: the same summary objects, compared by identity first)."""
        cached = self.cache.route_index
        if (
            cached is None
            or len(cached[0]) != len(routes)
            or not all(old is new or old == new for old, new in zip(cached[0], routes, strict=True))
        ):
            cached = (tuple(routes), to_json(RouteIndex.model_construct(routes)))
            self.cache.route_index = cached
        return cached[1]

    def _public(self, routes: list[RouteSummary]) -> dict[str, bytes]:
        """sitemap.xml, robots.txt, feed.xml, and CNAME with a custom domain."""
        # Made again only when the cards, the pages or the settings changed: the feed and the
        # sitemap walk every article, which a save of one article's text does not change.
        pages = tuple(r for r in routes if r.kind != "article")  # compared by field values
        key = (self.cache.listing, seo.site_files_inputs(self.maker.site_data), pages)
        if self.cache.public_files is None or self.cache.public_files[0] != key:
            summaries = [r.model_dump(by_alias=True) for r in routes]
            visible = [self.cache.articles[slug].card for slug in self.cache.visible]
            cards = [card.model_dump(by_alias=True) for card in visible]
            made = seo.site_files(self.maker.site_data, summaries, cards)
            self.cache.public_files = (key, {name: text.encode() for name, text in made.items()})
        public = dict(self.cache.public_files[1])
        domain = (self.settings.custom_domain or "").strip()
        if domain:
            public[CNAME_FILE] = (domain + "\n").encode()
        return public


def compile_outputs(graph: Graph, options: Options, cache: ArticleCache | None = None) -> Outputs:
    """The files of a build (without images): see the module docstring."""
    return Emitter(graph, options, cache).outputs()
