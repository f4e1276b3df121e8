"""The site at two sizes: the shipped content (``root``) and the same with 150 generated
articles more (``many``, both built by ``nox -s e2e`` for https://example.org/). What a visitor
downloads first must not depend on how many articles there are, and a reader must reach every
article by following links from the listing pages."""

from __future__ import annotations

import re
from collections import deque
from pathlib import Path

import pytest
from built_site import Build, first_load_js, gzip_size, local_file
from conftest import load_build

#: blog.html of the issue's target: under 100 KB however many articles there are.
LISTING_HTML_BUDGET = 100 * 1024
LINK = re.compile(r'<a [^>]*href="([^"#?]+)"')


@pytest.fixture(scope="module")
def small() -> Build:
    return load_build("root")


@pytest.fixture(scope="module")
def many() -> Build:
    return load_build("many")


def _article_files(build: Build) -> set[Path]:
    return {p.file for p in build.pages if p.meta("og:type") == "article"}


def test_the_large_build_really_has_more_articles(small: Build, many: Build) -> None:
    assert len(_article_files(many)) >= len(_article_files(small)) + 150


@pytest.mark.parametrize("route", ["/", "/contact", "/blog", "article"])
def test_first_load_javascript_does_not_grow_with_the_articles(
    small: Build, many: Build, route: str
) -> None:
    def weight(build: Build) -> dict[str, int]:
        page = (
            next(p for p in build.pages if p.meta("og:type") == "article")
            if route == "article"
            else build.page(route)
        )
        return {f.name: gzip_size(f) for f in first_load_js(build.dist, build.base, page)}

    assert weight(many) == weight(small)  # the same files, byte for byte


def test_the_listing_page_stays_small(many: Build) -> None:
    size = (many.dist / "blog.html").stat().st_size
    assert size <= LISTING_HTML_BUDGET, f"blog.html is {size / 1024:.0f} KB"


def _is_listing(build: Build, file: Path) -> bool:
    rel = file.relative_to(build.dist).as_posix()
    return rel == "blog.html" or rel.startswith(("blog/page/", "blog/categorie/"))


def _reachable(build: Build) -> set[Path]:
    """Every page reached from /blog by following the links of listing pages only (/blog,
    its numbered pages, its categories): articles are reached, never followed."""
    seen: set[Path] = set()
    todo = deque([build.dist / "blog.html"])
    while todo:
        file = todo.popleft()
        if file in seen or not file.is_file():
            continue
        seen.add(file)
        if not _is_listing(build, file):
            continue
        for href in LINK.findall(file.read_text(encoding="utf-8")):
            target = local_file(build.dist, build.base, href)
            if target is not None and target.suffix == "":
                todo.append(target.with_suffix(".html"))
    return seen


def test_every_article_is_linked_from_the_listing_pages(many: Build) -> None:
    reached = _reachable(many)
    assert _article_files(many) - reached == set()
    pages = {p.relative_to(many.dist).as_posix() for p in reached}
    assert any(p.startswith("blog/page/") for p in pages), "no numbered listing page"
    assert any(p.startswith("blog/categorie/") for p in pages), "no category page"
