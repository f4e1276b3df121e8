"""Articles as the build shows them: each one's card (the facts of a listing), its route
summary, and the order of the listing. The watcher keeps an ``ArticleCache`` between builds,
so a save re-makes the card of the saved article only, and the listing only when a card or
the set of articles changed."""

from __future__ import annotations

import datetime as dt
import math
from dataclasses import dataclass, field
from typing import Any, Protocol

from contenu.models import Article
from contenu.models.bundle import ArticleMeta, RouteSummary
from contenu.models.paths import article_path, route_key
from contenu.pipeline.graph import Graph
from contenu.pipeline.validate import FileResult

WORDS_PER_MINUTE = 200
MONTHS = (
    "janvier", "février", "mars", "avril", "mai", "juin",
    "juillet", "août", "septembre", "octobre", "novembre", "décembre",
)  # fmt: skip


def french_date(date: dt.date) -> str:
    """``2024-03-01`` → « 1er mars 2024 »."""
    day = "1er" if date.day == 1 else str(date.day)
    return f"{day} {MONTHS[date.month - 1]} {date.year}"


def reading_time(words: int) -> int:
    return max(1, math.floor(words / WORDS_PER_MINUTE + 0.5))


def publication_day(article: Article) -> dt.date:
    """The day readers see and the listing sorts by: the scheduled day when there is one."""
    return article.publish_date or article.date


@dataclass
class ArticleOut:
    """What one article contributes, kept between builds by the watcher: reused while the
    article's ``FileResult`` (same object: the file was not re-parsed) and status hold."""

    result: FileResult
    status: str
    day: dt.date
    card: ArticleMeta
    card_json: bytes
    summary: RouteSummary
    context: str = ""  # digest of what the bundle was made with ("" = not reusable)
    bundle: bytes = b""


class RouteStore(Protocol):
    """Route files kept by an earlier process (the results cache, through the builder): an
    article's, by its file (``rel``) and what else it was made from (``context``)."""

    def get(self, rel: str, context: str) -> bytes | None: ...

    def put(self, rel: str, context: str, data: bytes) -> None: ...


@dataclass
class ArticleCache:
    """Kept by the watcher between builds: each article's output and the listing order."""

    articles: dict[str, ArticleOut] = field(default_factory=dict)
    drafts: bool | None = None
    visible: list[str] = field(default_factory=list)  # newest first
    listing: int = 0  # bumped whenever the visible cards change
    # page name → (what it was made from, its file, its listing pages)
    listing_files: dict[
        str, tuple[tuple[Any, ...], FileResult, dict[str, tuple[bytes, RouteSummary]]]
    ] = field(default_factory=dict)
    # sitemap.xml, robots.txt, feed.xml: (what they were made from, their files)
    public_files: tuple[tuple[Any, ...], dict[str, bytes]] | None = None
    # routes.json: the route summaries it lists, and its bytes
    route_index: tuple[tuple[RouteSummary, ...], bytes] | None = None
    stored: RouteStore | None = None  # route files of earlier processes


def article_model(graph: Graph, slug: str) -> Article:
    model = graph.articles[slug].model
    assert isinstance(model, Article)
    return model


def article_out(graph: Graph, slug: str) -> ArticleOut:
    """The card and route summary of one article."""
    result, status = graph.articles[slug], graph.status[slug]
    article = article_model(graph, slug)
    day = publication_day(article)
    card = ArticleMeta(
        slug=slug,
        title=article.title,
        excerpt=article.excerpt,
        date=day.isoformat(),
        date_text=french_date(day),
        read_time=article.read_time or reading_time(result.words),
        category=article.category,
        image=article.image,
        status=status,
    )
    summary = RouteSummary(
        path=article_path(slug),
        key=route_key(article_path(slug)),
        kind="article",
        title=article.title,
        indexable=status == "published",
        status=status,
    )
    return ArticleOut(result, status, day, card, card.model_dump_json().encode(), summary)


def refresh(cache: ArticleCache, graph: Graph, drafts: bool) -> None:
    """Bring ``cache`` up to date with ``graph``: new cards for re-parsed articles or new
    statuses, and the listing order (newest first) when any card changed."""
    changed = cache.drafts != drafts
    for slug, status in graph.status.items():
        old = cache.articles.get(slug)
        if old is not None and old.result is graph.articles[slug] and old.status == status:
            continue
        new = article_out(graph, slug)
        if old is None or old.card_json != new.card_json or old.day != new.day:
            changed = True
        cache.articles[slug] = new
    for slug in set(cache.articles) - set(graph.status):
        del cache.articles[slug]
        changed = True
    if changed:
        shown = [
            (out.day, slug)
            for slug, out in cache.articles.items()
            if drafts or out.status == "published"
        ]
        cache.visible = [slug for _, slug in sorted(shown, reverse=True)]
        cache.drafts = drafts
        cache.listing += 1
