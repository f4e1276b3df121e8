"""What the blog's search finds on the project's own articles: the same articles for the same
French queries as before the index was split into shards (scripts/search-index.mjs), French
stemming included (« écrans » finds « écran »), and the same again when the index is made of
several shards merged in the browser (the ``many`` build, 40 articles a shard)."""

from __future__ import annotations

from typing import Any

import pytest
from playwright.sync_api import Page, expect

from . import test_blog_listing
from .conftest import Site
from .helpers import goto

# The many-articles build and a page that checks it for errors (fixtures shared with
# test_blog_listing.py).
many = test_blog_listing.many
many_page = test_blog_listing.many_page

#: The articles Pagefind itself finds for each query with the single index of the previous
#: build (recorded from it on the shipped content): the sharded index must find the same.
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
#: What the blog's search shows: the same, but whole words only (issue 24): « limites » no
#: longer finds « limitée » (communication-bienveillante-bases), and « confiance en soi »
#: lists only the articles that hold every word (the two others have no « soi »).
SHOWN: dict[str, set[str]] = {
    **BEFORE,
    "limites": {"cadre-bienveillant-limites", "gerer-crises-colere-enfant"},
    "confiance en soi": {"estime-soi-enfant", "communication-bienveillante-bases"},
}


def _slugs(hrefs: list[str]) -> set[str]:
    return {href.rstrip("/").rsplit("/", 1)[-1].removesuffix(".html") for href in hrefs}


@pytest.mark.parametrize("query", list(SHOWN))
def test_the_search_finds_the_same_articles_as_before(site: Site, page: Page, query: str) -> None:
    goto(page, site.url("/blog"))  # hydrated: Enter must not submit the form natively
    texts = site.bundles.settings["interface"]["search"]
    search = page.get_by_role("searchbox", name=texts["label"])
    search.fill(query)
    search.press("Enter")
    expect(page.get_by_role("status").filter(has_text=query)).to_be_visible()
    links = page.locator(".search__results").get_by_role("link")
    expect(links).to_have_count(len(SHOWN[query]))
    assert _slugs([link.get_attribute("href") or "" for link in links.all()]) == SHOWN[query]


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
  return { shards, found };
}"""


def test_a_sharded_index_finds_the_same_articles(many_page: Page, many: tuple[str, Any]) -> None:
    goto(many_page, many[0] + "blog")
    merged = many_page.evaluate(_MERGED_SEARCH, list(BEFORE))
    assert len(merged["shards"]) >= 2, "the many-articles build is indexed in several shards"
    for query, urls in merged["found"].items():
        shipped = {slug for slug in _slugs(urls) if not slug.startswith("genere-")}
        assert shipped == BEFORE[query], query
    # The generated articles are found too: more than one shard holds 40.
    assert len(_slugs(merged["found"]["colère"])) > 40
