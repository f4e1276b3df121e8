"""The shape of a paginated article listing: which pages exist, which page links each one
offers, and the categories. Pure functions of numbers and labels, so ``emit`` stays about
bundles and these rules can be tested on their own.

A page whose ``{articles}`` cell has no ``limit`` lists every visible article, ``perPage`` at a
time: page 1 at the page's own path, then ``<path>/page/2``…, and one listing per category at
``<path>/categorie/<slug>`` (paginated the same way).
"""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING

from contenu.models import Page
from contenu.models.bundle import CategoryLink, PageLink, Pagination, RouteSummary
from contenu.models.cells import ArticlesCell
from contenu.models.paths import category_path, listing_page_path, page_path
from contenu.pipeline.routes import is_listing
from contenu.pipeline.validate import FileResult
from contenu.text.slug import slugify

if TYPE_CHECKING:
    from contenu.pipeline.routes import RouteMaker

#: Neighbours of the current page offered as numbered links (besides the first and last).
WINDOW = 2


def shown_pages(page: int, pages: int) -> list[int]:
    """The page numbers to link from ``page``: first, last, and ``WINDOW`` neighbours."""
    near = range(max(1, page - WINDOW), min(pages, page + WINDOW) + 1)
    return sorted({1, pages, *near})


@dataclass(frozen=True)
class Category:
    slug: str
    label: str  # the spelling most articles use
    slugs: tuple[str, ...]  # its articles, newest first


def categories(articles: Iterable[tuple[str, str]]) -> list[Category]:
    """Group ``(article slug, category label)`` pairs (newest first) by category address.

    Labels that differ only by case, accents or punctuation share one page, named after the
    spelling used most (alphabetically first on a tie). Categories are sorted by label,
    accents aside (« Éducation » before « Quotidien »)."""
    members: dict[str, list[str]] = {}
    spellings: dict[str, Counter[str]] = {}
    for slug, label in articles:
        key = slugify(label)
        if not key:
            continue  # nothing addressable: the article stays in the main listing only
        members.setdefault(key, []).append(slug)
        spellings.setdefault(key, Counter())[label] += 1
    found = []
    for key, slugs in members.items():
        label = min(spellings[key].items(), key=lambda item: (-item[1], item[0]))[0]
        found.append(Category(key, label, tuple(slugs)))
    return sorted(found, key=lambda c: (slugify(c.label), c.label))


def chunks(items: Sequence[str], per_page: int) -> list[Sequence[str]]:
    """``items`` cut into pages of ``per_page`` (one empty page when there is nothing)."""
    return [items[i : i + per_page] for i in range(0, len(items), per_page)] or [items[:0]]


def listing_paths(
    slug: str, root: str, per_page: int, visible: Sequence[str], category_of: dict[str, str]
) -> list[str]:
    """The pages of the listing at ``root`` that show the article ``slug``: its page of the
    whole listing and its page of its category (the same cutting as :func:`listing_pages`)."""
    if slug not in visible:
        return []
    paths = [listing_page_path(root, visible.index(slug) // per_page + 1)]
    key = slugify(category_of[slug])
    if key:
        same = [s for s in visible if slugify(category_of[s]) == key]
        paths.append(listing_page_path(category_path(root, key), same.index(slug) // per_page + 1))
    return paths


def fill(template: str, **values: object) -> str:
    """Replace each ``{name}`` once (a value containing braces is never expanded again)."""
    return re.sub(r"\{(\w+)\}", lambda m: str(values.get(m.group(1), m.group(0))), template)


def listing_pages(
    maker: RouteMaker, name: str, result: FileResult
) -> dict[str, tuple[bytes, RouteSummary]]:
    """Every page of the listing held by page ``name`` (an ``{articles}`` cell without
    ``limit``): its numbered pages, then the same for each category; path → (data, summary)."""
    page = result.model
    assert isinstance(page, Page)
    cell = next(c for c in result.cells if is_listing(c))
    assert isinstance(cell.model, ArticlesCell)
    per_page, root = cell.model.per_page, page_path(name)
    texts = maker.settings.interface.blog
    visible, articles = maker.cache.visible, maker.cache.articles
    groups = categories((s, articles[s].card.category) for s in visible)
    out: dict[str, tuple[bytes, RouteSummary]] = {}

    def one_listing(list_root: str, slugs: Sequence[str], title: str, description: str) -> None:
        pages = chunks(slugs, per_page)
        links = [
            CategoryLink.model_construct(
                label=g.label,
                path=category_path(root, g.slug),
                count=len(g.slugs),
                current=category_path(root, g.slug) == list_root,
            )
            for g in groups
        ]
        for number, shown in enumerate(pages, start=1):
            path = listing_page_path(list_root, number)
            prev = listing_page_path(list_root, number - 1) if number > 1 else None
            nxt = listing_page_path(list_root, number + 1) if number < len(pages) else None
            pagination = Pagination.model_construct(
                root=root,
                page=number,
                pages=len(pages),
                prev=prev,
                next=nxt,
                links=[
                    PageLink.model_construct(
                        page=n, path=listing_page_path(list_root, n), current=n == number
                    )
                    for n in shown_pages(number, len(pages))
                ],
            )
            heading = title if number == 1 else fill(texts.page_title, title=title, page=number)
            head = maker.page_head(page, path)
            head = head.model_copy(
                update={
                    "title": maker.title(heading),
                    "description": description,
                    "canonical": head.canonical if path == root else maker.absolute(path),
                    "prev": maker.absolute(prev) if prev else None,
                    "next": maker.absolute(nxt) if nxt else None,
                }
            )
            cells = [
                maker.cell(c, shown, pagination=pagination, categories=links)
                if is_listing(c)
                else maker.cell(c)
                for c in result.cells
            ]
            pixel = maker.pixel(page) if path == root else None
            bundle = maker.route(path, "page", head, cells, pixel)
            summary = RouteSummary(
                path=path,
                key=bundle.key,
                kind="page",
                title=heading,
                indexable=page.robots.startswith("index"),
                status="published",
            )
            out[path] = (maker.dump(bundle), summary)

    one_listing(root, visible, page.title, page.description)
    for group in groups:
        one_listing(
            category_path(root, group.slug),
            group.slugs,
            fill(texts.category_title, title=page.title, category=group.label),
            fill(texts.category_description, category=group.label),
        )
    return out
