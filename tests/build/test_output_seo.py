"""What search engines and social networks read in the build output: sitemap.xml,
robots.txt, the Atom feed, JSON-LD and absolute Open Graph / Twitter tags."""

from __future__ import annotations

import xml.etree.ElementTree as ET
from typing import Any

from built_site import Build, Page, json_ld

from contenu.seo.site_files import ATOM_NS, FEED_FILE, ROBOTS_FILE, SITEMAP_FILE, SITEMAP_NS

SM = f"{{{SITEMAP_NS}}}"
ATOM = f"{{{ATOM_NS}}}"


def site_url(build: Build) -> str:
    canonical = build.page("/").canonical
    assert canonical, "the home page has no canonical link"
    return canonical


def emitted(build: Build, name: str) -> str:
    file = build.dist / name
    assert file.is_file(), f"the build did not emit {name}"
    return file.read_text(encoding="utf-8")


def indexable_urls(build: Build) -> set[str]:
    return {p.canonical or "" for p in build.pages if p.indexable}


def test_sitemap_lists_exactly_the_indexable_routes(build: Build) -> None:
    root = ET.fromstring(emitted(build, SITEMAP_FILE))
    assert root.tag == f"{SM}urlset"
    locs = [u.findtext(f"{SM}loc") or "" for u in root.findall(f"{SM}url")]
    assert len(locs) == len(set(locs)), "a URL is listed twice"
    assert set(locs) == indexable_urls(build)
    assert all(loc.startswith(site_url(build)) for loc in locs)


def test_robots_allows_crawling_and_names_the_sitemap(build: Build) -> None:
    lines = emitted(build, ROBOTS_FILE).splitlines()
    assert "Disallow: /" not in lines
    assert f"Sitemap: {site_url(build)}{SITEMAP_FILE}" in lines


def test_feed_is_atom_with_the_published_articles(build: Build) -> None:
    root = ET.fromstring(emitted(build, FEED_FILE))
    assert root.tag == f"{ATOM}feed"
    links = {
        link.get("href")
        for entry in root.findall(f"{ATOM}entry")
        for link in entry.findall(f"{ATOM}link")
    }
    articles = {p.canonical for p in build.pages if p.route.startswith("/blog/") and p.indexable}
    assert articles, "the build has no published article"
    assert links == articles


def graph(page: Page) -> list[dict[str, Any]]:
    nodes: list[dict[str, Any]] = []
    for block in json_ld(page):
        items = block if isinstance(block, list) else block.get("@graph", [block])  # type: ignore[union-attr]
        nodes.extend(items)
    return nodes


def test_json_ld_names_the_right_types(build: Build) -> None:
    for page in build.pages:
        types = {node.get("@type") for node in graph(page)}
        if page.route == "/404":
            continue
        assert "ProfessionalService" in types, f"{page.route}: {types}"
        if page.route == "/":
            assert "WebSite" in types
        if page.route == "/contact":
            assert "FAQPage" in types
        # Articles, not the listing's numbered and category pages that share /blog/.
        if page.meta("og:type") == "article":
            assert page.route.startswith("/blog/"), page.route
            assert "BlogPosting" in types, f"{page.route}: {types}"
        else:
            assert "BlogPosting" not in types, f"{page.route}: {types}"
    offers = {
        (str(o["price"]), o["priceCurrency"])
        for node in graph(build.page("/"))
        for o in node.get("makesOffer", [])
    }
    assert offers == {("395", "EUR"), ("125", "EUR"), ("0", "EUR")}


def test_social_tags_are_absolute(build: Build) -> None:
    problems = []
    for page in build.pages:
        if page.route == "/404":
            continue
        for name in ("og:image", "og:url", "twitter:image"):
            value = page.meta(name) or ""
            if not value.startswith(("https://", "http://")):
                problems.append(f"{page.route} {name}={value!r}")
        if not page.meta("twitter:card"):
            problems.append(f"{page.route} has no twitter:card")
        canonical = page.canonical or ""
        if not canonical.startswith(("https://", "http://")):
            problems.append(f"{page.route} canonical={canonical!r}")
    assert not problems, problems
