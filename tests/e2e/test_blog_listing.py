"""The blog as readers meet it: the search over the articles (Pagefind, loaded only when the
visitor opens it, French words found whatever their accents or number), the categories, and
the numbered pages of a long listing (the build with 150 more articles, ``many``)."""

from __future__ import annotations

import re
import unicodedata
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from playwright.sync_api import Browser, Page, Request, expect

from .bundles import Bundles, normalize
from .conftest import Site, Visit, content_of
from .helpers import goto, has_marker, set_marker, wait_owned
from .pages_server import PagesServer


def _search_cell(site: Site) -> dict[str, Any]:
    return site.bundles.route("/blog").cell("search")


def _texts(site: Site) -> dict[str, str]:
    texts: dict[str, str] = site.bundles.settings["interface"]["search"]
    return texts


def _article_with(site: Site, word: str) -> dict[str, Any]:
    """An article whose title holds ``word``: what the search must find."""
    for route in site.bundles.routes:
        article = route.bundle.get("article")
        if article and word in article["title"].lower():
            return dict(article)
    raise AssertionError(f"no article title with « {word} » in the content")


def _no_accents(text: str) -> str:
    return unicodedata.normalize("NFKD", text).encode("ascii", "ignore").decode()


def test_the_search_costs_nothing_until_the_visitor_opens_it(site: Site, page: Page) -> None:
    asked: list[str] = []
    page.on("request", lambda request: asked.append(request.url))
    goto(page, site.url("/blog"))
    page.wait_for_load_state("networkidle")
    assert not [url for url in asked if "/pagefind/" in url], asked
    with page.expect_request(lambda request: "/pagefind/pagefind.js" in request.url):
        page.get_by_role("searchbox", name=_texts(site)["label"]).focus()


@pytest.mark.parametrize("typed", ["colère", "colere", "COLÈRES"])
def test_a_french_word_finds_its_article_whatever_accents_or_number(
    site: Site, page: Page, typed: str
) -> None:
    article = _article_with(site, "colère")
    goto(page, site.url("/blog"))
    set_marker(page)
    search = page.get_by_role("searchbox", name=_texts(site)["label"])
    search.fill(typed)
    search.press("Enter")
    status = page.get_by_role("status").filter(has_text=typed)
    expect(status).to_be_visible()
    results = page.locator(".search__results")
    link = results.get_by_role("link", name=normalize(article["title"]))
    expect(link).to_be_visible()
    # By keyboard alone: from the field, Tab goes to the button, then through the results.
    page.keyboard.press("Tab")
    for _ in range(results.get_by_role("link").count() + 1):
        page.keyboard.press("Tab")
        if link.evaluate("(el) => el === document.activeElement"):
            break
    expect(link).to_be_focused()
    page.keyboard.press("Enter")
    expect(page).to_have_url(site.url_re(f"/blog/{article['slug']}"))
    expect(page.get_by_role("heading", level=1)).to_have_text(normalize(article["title"]))
    assert has_marker(page), "the result was opened with a full page load"


def test_no_result_is_said_in_french(site: Site, page: Page) -> None:
    goto(page, site.url("/blog"))
    search = page.get_by_role("searchbox", name=_texts(site)["label"])
    search.fill("xylophone")
    search.press("Enter")
    message = _texts(site)["noResult"].replace("{query}", "xylophone")
    expect(page.get_by_role("status")).to_have_text(normalize(message))
    expect(page.locator(".search__results")).to_have_count(0)


def _article_texts(site: Site) -> str:
    """Every article's title, excerpt and prose, as the search index reads them."""
    texts = []
    for route in site.bundles.routes:
        if route.kind == "article":
            article = route.bundle["article"]
            prose = [cell["html"] for cell in route.cells if cell["type"] == "prose"]
            texts += [article["title"], article["excerpt"], *prose]
    return normalize(" ".join(texts)).lower()


@pytest.mark.parametrize(
    ("typed", "shared_start"),
    [
        ("harcèlement", "h "),  # Pagefind alone fell back to « h », found in « 21 h 30 »
        ("col", "colère"),  # and extended a word to the longer words it begins
    ],
)
def test_only_whole_words_are_found_and_none_is_said_in_french(
    site: Site, page: Page, typed: str, shared_start: str
) -> None:
    texts = _article_texts(site)
    assert shared_start in texts and not re.search(rf"(?<!\w){typed}(?!\w)", texts), (
        "the content changed: pick a word that is in no article but begins one"
    )
    goto(page, site.url("/blog"))
    search = page.get_by_role("searchbox", name=_texts(site)["label"])
    search.fill(typed)
    search.press("Enter")
    message = _texts(site)["noResult"].replace("{query}", typed)
    assert message.startswith("Aucun article")
    expect(page.get_by_role("status")).to_have_text(normalize(message))
    expect(page.locator(".search__results")).to_have_count(0)
    expect(page.locator("mark")).to_have_count(0)


def test_a_result_marks_the_searched_word_only(site: Site, page: Page) -> None:
    goto(page, site.url("/blog"))
    search = page.get_by_role("searchbox", name=_texts(site)["label"])
    search.fill("écrans")
    search.press("Enter")
    marks = page.locator(".search__results mark")
    expect(marks.first).to_be_visible()
    for marked in marks.all_inner_texts():
        # « écran » and « écrans » share the stem; nothing shorter or longer is marked
        assert re.fullmatch(r"écrans?\W*", marked.lower()), marked


def test_the_categories_lead_to_their_own_listing(site: Site, page: Page) -> None:
    cell = site.bundles.route("/blog").cell("articles")
    category = cell["categories"][0]
    goto(page, site.url("/blog"))
    set_marker(page)
    nav = page.get_by_role(
        "navigation", name=site.bundles.settings["interface"]["blog"]["categories"]
    )
    nav.get_by_role("link", name=re.compile(re.escape(category["label"]))).click()
    expect(page).to_have_url(site.url_re(category["path"]))
    expect(
        nav.get_by_role("link", name=re.compile(re.escape(category["label"])))
    ).to_have_attribute("aria-current", "page")
    cards = page.locator(".article-card")
    expect(cards).to_have_count(category["count"])
    for badge in cards.locator(".badge--soft").all_inner_texts():
        assert _no_accents(badge).lower() == _no_accents(category["label"]).lower()
    assert has_marker(page)


@pytest.fixture(scope="module")
def many(built_sites: dict[str, Path]) -> Iterator[tuple[str, Bundles]]:
    dist = Path(built_sites["root"]).with_name("many")
    if not (dist / "index.html").is_file():
        pytest.skip("no many-articles build (nox -s e2e makes it)")
    with PagesServer(dist, "/") as server:
        yield server.url, Bundles(content_of(dist))


@pytest.fixture
def many_page(browser: Browser, many: tuple[str, Bundles]) -> Iterator[Page]:
    visit = Visit(browser, bundles=many[1])
    yield visit.new_page()
    problems = visit.problems()
    visit.close()
    assert not problems, problems


def test_the_numbered_pages_of_a_long_listing(many: tuple[str, Bundles], many_page: Page) -> None:
    origin, bundles = many
    texts = bundles.settings["interface"]["blog"]
    page = many_page
    page.goto(origin + "blog")
    pages = page.get_by_role("navigation", name=texts["pagination"])
    expect(pages).to_contain_text(texts["pageOf"].split("{")[0].strip())
    next_link = pages.get_by_role("link", name=texts["next"])
    wait_owned(next_link)
    set_marker(page)
    requests: list[Request] = []
    page.on("request", lambda request: requests.append(request))
    next_link.click()
    expect(page).to_have_url(re.compile(r"/blog/page/2$"))
    second = bundles.route("/blog/page/2")
    expect(page).to_have_title(second.head["title"])
    assert "– page 2" in second.head["title"] or "page 2" in second.head["title"]
    first_card = second.cell("articles")["entries"][0]["title"]
    expect(page.locator(".article-card").first).to_contain_text(normalize(first_card))
    # Client-side: only the next route's data came over the network, no page.
    fetched = [r.url for r in requests if r.resource_type in ("document", "fetch")]
    assert fetched == [origin + "data/routes/blog/page/2.json"], fetched
    assert has_marker(page)
    # Head of a numbered page: its own canonical and its neighbours.
    page.goto(origin + "blog/page/2")
    head = page.locator("head")
    expect(head.locator('link[rel="canonical"]')).to_have_attribute(
        "href", second.head["canonical"]
    )
    expect(head.locator('link[rel="prev"]')).to_have_attribute("href", second.head["prev"])
    expect(head.locator('link[rel="next"]')).to_have_attribute("href", second.head["next"])
