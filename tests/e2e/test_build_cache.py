"""A site build after articles changed, with the build cache the previous one left (as the
deploy workflow restores it): no search shard is indexed again — the changed articles go to a
small « recent » shard, indexed while the pages are linked (scripts/search-plan.mjs,
scripts/build.mjs) — and the site is the one a build without a cache makes; its search finds
each article's new text, not its old one, and no article taken down."""

from __future__ import annotations

import gzip
import json
import shutil
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from playwright.sync_api import Browser, Page, expect

from .bundles import Bundles
from .conftest import Visit, content_of
from .helpers import goto
from .pages_server import PagesServer
from .test_build_atomic import _leftovers, _start, _without_search_index, tree

# The many-articles build's shards (noxfile.py, e2e): 40 articles each, several shards; the
# recent shard's sample of 5 (a shard of fewer than four samples is always indexed whole).
SHARD_ENV = {"SEARCH_ARTICLES_PER_SHARD": "40", "SEARCH_RECENT_SAMPLE": "5"}
# Words in no other article: the first build's text, the coach's new one, an article's that
# is then taken down, and one's whose text stays when its reading time changes.
OLD_WORD, NEW_WORD, GONE_WORD, KEPT_WORD = "Ornithorynque", "Pangolin", "Okapi", "Tamanoir"
CHANGED, TAKEN_DOWN, RETIMED = "blog/genere-00044", "blog/genere-00045", "blog/genere-00046"


def _build(dist: Path, content: Path, cache: Path, env: dict[str, str] | None = None) -> None:
    build = _start(dist, content, cache=cache, extra_env=SHARD_ENV | (env or {}))
    _, errors = build.communicate(timeout=600)
    assert build.returncode == 0, errors.decode()
    assert _leftovers(dist, build.pid) == []


def _fragments(index: Path) -> list[dict[str, Any]]:
    """Every article the search index at `index` holds (Pagefind's fragments: gzip, then a
    signature, then JSON with the article's address and text)."""
    fragments = []
    for fragment in sorted(index.glob("**/fragment/*.pf_fragment")):
        data = gzip.decompress(fragment.read_bytes())
        fragments.append(json.loads(data[data.index(b"{") :]))
    return fragments


def _indexed_texts(index: Path) -> str:
    return "\n".join(fragment["content"] for fragment in _fragments(index))


def _edit(content: Path, key: str, edit: Any) -> None:
    """Changes the prose of route `key` in the content build, as `contenu build` would."""

    def prose(bundle: dict[str, Any]) -> None:
        cell = next(cell for cell in bundle["cells"] if cell["type"] == "prose")
        old = cell["html"]
        cell["html"] = edit(old)
        assert cell["html"] != old

    _edit_bundle(content, key, prose)


def _edit_bundle(content: Path, key: str, edit: Any) -> None:
    route = content / "public" / "data" / "routes" / f"{key}.json"
    bundle = json.loads(route.read_text(encoding="utf-8"))
    edit(bundle)
    route.write_text(json.dumps(bundle, ensure_ascii=False), encoding="utf-8")


def _reread(bundle: dict[str, Any]) -> None:
    """Another reading time: the article's data changes, its search document does not."""
    bundle["article"]["readTime"] += 1


def _sentence(word: str) -> Any:
    return lambda html: html.replace("</p>", f" {word} ajouté par la coach.</p>", 1)


def _take_down(content: Path, key: str) -> None:
    """The article leaves the search (a draft is not searched), as if the coach unpublished it."""
    routes_file = content / "routes.json"
    routes = json.loads(routes_file.read_text(encoding="utf-8"))
    for route in routes:
        if route["key"] == key:
            route["status"] = "draft"
    routes_file.write_text(json.dumps(routes, ensure_ascii=False), encoding="utf-8")


def _shards(files: dict[str, bytes]) -> dict[str, dict[str, bytes]]:
    """The search index's files by shard: pagefind/ is the first, pagefind/<n>/ the others,
    pagefind/recent/ the recent shard (the lists of shards and of stale results aside)."""
    shards: dict[str, dict[str, bytes]] = {}
    for name, data in files.items():
        parts = name.split("/")
        if parts[0] == "pagefind" and name not in ("pagefind/shards.json", "pagefind/stale.json"):
            shard = parts[1] if parts[1].isdigit() or parts[1] == "recent" else "0"
            shards.setdefault(shard, {})[name] = data
    return shards


@pytest.fixture(scope="module")
def warm_and_cold(
    built_sites: dict[str, Path], tmp_path_factory: pytest.TempPathFactory
) -> Iterator[tuple[Path, Path, Path]]:
    """The many-articles site built, its articles changed, built again with the first build's
    cache (`warm`, its cache beside it) and without a cache (`cold`); and the content build
    both were made from. Made once for the module: no test changes them."""
    many = built_sites["root"].with_name("many")
    if not (many / "index.html").is_file():
        pytest.skip("no many-articles build (nox -s e2e makes it)")
    tmp_path = tmp_path_factory.mktemp("build-cache")
    content = tmp_path / "content-build"
    shutil.copytree(content_of(many), content)
    _edit(content, CHANGED, _sentence(OLD_WORD))
    _edit(content, TAKEN_DOWN, _sentence(GONE_WORD))
    _edit(content, RETIMED, _sentence(KEPT_WORD))
    cache = tmp_path / "cache"
    _build(tmp_path / "site", content, cache)
    before = _shards(tree(tmp_path / "site"))
    assert len(before) >= 3 and "recent" not in before

    # The coach takes an article down: nothing to index, its result is listed as stale.
    _take_down(content, TAKEN_DOWN)
    _build(tmp_path / "site", content, cache)
    assert _shards(tree(tmp_path / "site")) == before
    stale = json.loads((tmp_path / "site" / "pagefind" / "stale.json").read_text(encoding="utf-8"))
    assert len(stale["ids"]) + len(stale["check"]) == 1

    # Then rewrites a sentence of one article and corrects another's reading time.
    _edit(content, CHANGED, lambda html: html.replace(OLD_WORD, NEW_WORD))
    _edit_bundle(content, RETIMED, _reread)
    _build(tmp_path / "site", content, cache)

    # No shard was indexed again: a visitor's browser keeps their files. The new version is
    # in the recent shard.
    after = _shards(tree(tmp_path / "site"))
    assert {shard: files for shard, files in after.items() if shard != "recent"} == before
    assert NEW_WORD in _indexed_texts(tmp_path / "site" / "pagefind" / "recent")
    # The same site as a build from nothing, the search index aside.
    _build(tmp_path / "cold", content, tmp_path / "cold-cache")
    warm, cold = tree(tmp_path / "site"), tree(tmp_path / "cold")
    assert _without_search_index(warm) == _without_search_index(cold)
    yield tmp_path / "site", tmp_path / "cold", content


def _search(page: Page, origin: str, bundles: Bundles, query: str) -> tuple[str, list[str]]:
    """What the blog's search shows for `query`: its status line and the first results' links."""
    goto(page, origin + "blog")  # hydrated: Enter must not submit the form natively
    texts = bundles.settings["interface"]["search"]
    search = page.get_by_role("searchbox", name=texts["label"])
    search.fill(query)
    search.press("Enter")
    status = page.get_by_role("status").filter(has_text=query)
    expect(status).to_be_visible()
    links = page.locator(".search__results").get_by_role("link")
    return status.inner_text(), [link.get_attribute("href") or "" for link in links.all()]


def test_after_a_change_the_search_finds_the_new_text_and_not_the_old(
    warm_and_cold: tuple[Path, Path, Path], browser: Browser
) -> None:
    warm, cold, content = warm_and_cold
    bundles = Bundles(content)
    texts = bundles.settings["interface"]["search"]
    shown: dict[str, dict[str, tuple[str, list[str]]]] = {}
    for name, dist in (("warm", warm), ("cold", cold)):
        visit = Visit(browser, bundles=bundles)
        page = visit.new_page()
        with PagesServer(dist, "/") as server:
            shown[name] = {
                query: _search(page, server.url, bundles, query)
                for query in (NEW_WORD, OLD_WORD, GONE_WORD, KEPT_WORD, "colère")
            }
        problems = visit.problems()
        visit.close()
        assert not problems, problems
    warm_shown = shown["warm"]
    # The new text finds the article, once, and the retimed article is found once; the old
    # text and the article taken down, nothing.
    for word, route in ((NEW_WORD, CHANGED), (KEPT_WORD, RETIMED)):
        assert warm_shown[word] == (texts["oneResult"].replace("{query}", word), [f"/{route}"])
    for word in (OLD_WORD, GONE_WORD):
        assert warm_shown[word] == (texts["noResult"].replace("{query}", word), [])
    # A word of many articles: as many as from a build without a cache (no article twice,
    # none of the recent shard's sample).
    assert warm_shown["colère"][0] == shown["cold"]["colère"][0]
    assert all(link.startswith("/blog/") for link in warm_shown["colère"][1])
    assert warm_shown == shown["cold"] | {"colère": warm_shown["colère"]}


def test_the_morning_run_folds_the_recent_shard_into_the_shards(
    warm_and_cold: tuple[Path, Path, Path], tmp_path: Path
) -> None:
    """The deploy's daily run (SEARCH_RECENT_LIMIT=0, .github/workflows/deploy.yml) indexes
    whole again the shards whose articles changed: no recent shard is left for visitors to
    fetch, nothing is listed as stale, and the index holds what a build without a cache's does;
    the shards without a change keep their files."""
    site, cold, content = warm_and_cold
    before = _shards(tree(site))
    assert "recent" in before
    # A copy of the site and of its cache, as the workflow restores them.
    warm, cache = tmp_path / "site", tmp_path / "cache"
    shutil.copytree(site, warm)
    shutil.copytree(site.with_name("cache"), cache)
    _build(warm, content, cache, {"SEARCH_RECENT_LIMIT": "0"})
    after = _shards(tree(warm))
    assert "recent" not in after and not (warm / "pagefind" / "recent").exists()
    stale = json.loads((warm / "pagefind" / "stale.json").read_text(encoding="utf-8"))
    assert stale == {"ids": [], "check": {}}
    shards = json.loads((warm / "pagefind" / "shards.json").read_text(encoding="utf-8"))
    assert not any("recent" in shard for shard in shards)
    # The shards of the three articles changed are indexed again, the others kept.
    redone = [shard for shard in after if after[shard] != before[shard]]
    assert 1 <= len(redone) <= 3

    # What the index holds: each published article once, as a build without a cache holds it.
    def holds(site: Path) -> list[tuple[str, str]]:
        return sorted((f["url"], f["content"]) for f in _fragments(site / "pagefind"))

    assert holds(warm) == holds(cold)
    assert _without_search_index(tree(warm)) == _without_search_index(tree(cold))
