"""What the blog's search finds on the project's own articles: the same articles for the same
French queries as before the index was split into shards (scripts/search-index.mjs), French
stemming included (« écrans » finds « écran »), and the same again when the index is made of
several shards merged in the browser (the ``many`` build, 40 articles a shard)."""

from __future__ import annotations

import json
from collections.abc import Iterator
from pathlib import Path

import pytest
from playwright.sync_api import Browser, Page, expect

from .bundles import Bundles
from .conftest import Site, Visit, content_of
from .pages_server import PagesServer

#: The articles each query found with the single index of the previous build (recorded from
#: it on the shipped content): the result set must not change.
BEFORE: dict[str, set[str]] = {
    "colère": {"gerer-crises-colere-enfant", "gerer-emotions-parent", "cadre-bienveillant-limites"},
    "écrans": {"gerer-crises-colere-enfant", "routines-apaisantes", "cadre-bienveillant-limites"},
    "émotions": {
        "gerer-emotions-parent",
        "gerer-crises-colere-enfant",
        "communication-bienveillante-bases",
        "estime-soi-enfant",
    },
    "limites": {
        "cadre-bienveillant-limites",
        "gerer-crises-colere-enfant",
        "communication-bienveillante-bases",
    },
    "confiance en soi": {
        "estime-soi-enfant",
        "routines-apaisantes",
        "communication-bienveillante-bases",
        "gerer-crises-colere-enfant",
    },
    "routine": {"routines-apaisantes"},
    "dialogue": {"communication-bienveillante-bases"},
    "fatigue": {
        "gerer-emotions-parent",
        "cadre-bienveillant-limites",
        "gerer-crises-colere-enfant",
    },
}


def _slugs(hrefs: list[str]) -> set[str]:
    return {href.rstrip("/").rsplit("/", 1)[-1].removesuffix(".html") for href in hrefs}


@pytest.mark.parametrize("query", list(BEFORE))
def test_the_search_finds_the_same_articles_as_before(site: Site, page: Page, query: str) -> None:
    page.goto(site.url("/blog"))
    texts = site.bundles.settings["interface"]["search"]
    search = page.get_by_role("searchbox", name=texts["label"])
    search.fill(query)
    search.press("Enter")
    expect(page.get_by_role("status").filter(has_text=query)).to_be_visible()
    links = page.locator(".search__results").get_by_role("link")
    expect(links).to_have_count(len(BEFORE[query]))
    assert _slugs([link.get_attribute("href") or "" for link in links.all()]) == BEFORE[query]


# The steps of src/behaviours/search.ts's loadSearch: the first shard's script, then the
# other shards listed in shards.json merged into it.
_MERGED_SEARCH = """async (queries) => {
  const pagefind = await import("/pagefind/pagefind.js");
  await pagefind.options({ baseUrl: "/" });
  const shards = await (await fetch("/pagefind/shards.json")).json();
  await Promise.all(shards.map((folder) => pagefind.mergeIndex(`/pagefind/${folder}`)));
  const found = {};
  for (const query of queries) {
    const results = (await pagefind.search(query)).results;
    found[query] = (await Promise.all(results.map((result) => result.data()))).map((d) => d.url);
  }
  return found;
}"""


@pytest.fixture(scope="module")
def many(built_sites: dict[str, Path]) -> Iterator[tuple[str, Path]]:
    dist = Path(built_sites["root"]).with_name("many")
    if not (dist / "index.html").is_file():
        pytest.skip("no many-articles build (nox -s e2e makes it)")
    with PagesServer(dist, "/") as server:
        yield server.url, dist


def test_a_sharded_index_finds_the_same_articles(browser: Browser, many: tuple[str, Path]) -> None:
    origin, dist = many
    shards = json.loads((dist / "pagefind" / "shards.json").read_text(encoding="utf-8"))
    assert len(shards) >= 2, "the many-articles build is indexed in several shards"
    visit = Visit(browser, bundles=Bundles(content_of(dist)))
    page = visit.new_page()
    page.goto(origin + "blog")
    found = page.evaluate(_MERGED_SEARCH, list(BEFORE))
    visit.close()
    for query, urls in found.items():
        shipped = {slug for slug in _slugs(urls) if not slug.startswith("genere-")}
        assert shipped == BEFORE[query], query
    # The generated articles are found too: more than one shard holds 40.
    assert len(_slugs(found["colère"])) > 40
