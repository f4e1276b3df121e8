"""sitemap.xml, robots.txt, the Atom feed (contenu.seo.site_files) and the JSON-LD of each route
(contenu.seo.json_ld)."""

from __future__ import annotations

import json
import re
import xml.etree.ElementTree as ET
from html.parser import HTMLParser
from pathlib import Path
from typing import Any

import pytest
import yaml
from hypothesis import given, settings
from hypothesis import strategies as st

from contenu.models.site import SiteSettings
from contenu.seo import json_ld
from contenu.seo import site_files as seo

ROOT = Path(__file__).resolve().parents[3]
SM = f"{{{seo.SITEMAP_NS}}}"
ATOM = f"{{{seo.ATOM_NS}}}"
SUB_URL = "https://example.org/coaching/"

SETTINGS: dict[str, Any] = {
    "brand": "Renouer",
    "tagline": "Coaching parental pour renouer le dialogue avec votre ado",
    "coachName": "Claire Delmas",
    "email": "contact@renouer-coaching.fr",
    "socialUrl": "https://www.instagram.com/renouer.coaching",
    "defaultOgImage": "/images/og-default.png",
    "offer": {
        "format": "En visioconférence",
        "area": "Partout dans la francophonie",
        "availability": "Du lundi au vendredi, 9h-18h",
        "responseTime": "Réponse sous 24h",
    },
    "prices": {
        "pack": {"label": "Pack de 4 séances", "amount": 395, "currency": "EUR"},
        "single": {"label": "Séance à l’unité", "amount": 125, "currency": "EUR"},
        "discovery": {"label": "Première séance découverte", "amount": 0, "currency": "EUR"},
    },
}


def route(
    path: str, kind: str = "page", *, indexable: bool = True, status: str = "published"
) -> dict[str, Any]:
    return {
        "path": path,
        "key": path.strip("/") or "index",
        "kind": kind,
        "title": path,
        "indexable": indexable,
        "status": status,
    }


ROUTES = [
    route("/"),
    route("/ressource"),
    route("/merci", indexable=False),
    route("/blog", indexable=False),
    route("/contact"),
    route("/404", "not-found", indexable=False),
    route("/blog/premier", "article"),
    route("/blog/brouillon", "article", status="draft"),
    route("/blog/plus-tard", "article", status="scheduled"),
]
ARTICLES = [
    {
        "slug": "premier",
        "title": "Premier",
        "excerpt": "Un",
        "date": "2024-03-15",
        "category": "Émotions",
        "status": "published",
    },
    {
        "slug": "second",
        "title": "Second",
        "excerpt": "Deux",
        "date": "2024-05-02",
        "category": "Écrans",
        "status": "published",
    },
    {
        "slug": "brouillon",
        "title": "Brouillon",
        "excerpt": "…",
        "date": "2025-01-01",
        "category": "X",
        "status": "draft",
    },
]


def site(site_url: str = SUB_URL, settings: dict[str, Any] | None = None) -> dict[str, Any]:
    return {
        "settings": settings or SETTINGS,
        "siteUrl": site_url,
        "basePath": "/coaching/",
        "routes": ROUTES,
    }


def locs(xml_text: str) -> list[str]:
    root = ET.fromstring(xml_text)
    assert root.tag == f"{SM}urlset"
    return [u.findtext(f"{SM}loc") or "" for u in root.findall(f"{SM}url")]


# --- sitemap and robots -------------------------------------------------------------------


def test_sitemap_lists_exactly_the_indexable_published_routes_as_absolute_urls() -> None:
    xml_text = seo.sitemap_xml(SUB_URL, ROUTES, ARTICLES)
    assert locs(xml_text) == [
        "https://example.org/coaching/",
        "https://example.org/coaching/blog/premier",
        "https://example.org/coaching/contact",
        "https://example.org/coaching/ressource",
    ]


def test_sitemap_gives_articles_their_date_as_lastmod() -> None:
    root = ET.fromstring(seo.sitemap_xml("https://example.org/", ROUTES, ARTICLES))
    lastmods = {
        u.findtext(f"{SM}loc"): u.findtext(f"{SM}lastmod") for u in root.findall(f"{SM}url")
    }
    assert lastmods["https://example.org/blog/premier"] == "2024-03-15"
    assert lastmods["https://example.org/"] is None


path_segment = st.from_regex(r"[a-z0-9]+(-[a-z0-9]+)*", fullmatch=True)


@given(
    st.lists(
        st.tuples(
            path_segment, st.booleans(), st.sampled_from(["published", "draft", "scheduled"])
        ),
        max_size=20,
    )
)
def test_sitemap_property_only_indexable_published(rows: list[tuple[str, bool, str]]) -> None:
    routes = [route(f"/{name}", indexable=ix, status=status) for name, ix, status in rows]
    expected = {
        f"https://example.org/{name}" for name, ix, status in rows if ix and status == "published"
    }
    found = locs(seo.sitemap_xml("https://example.org/", routes))
    assert sorted(found) == found
    assert set(found) == expected
    assert len(found) == len(expected)


def test_robots_allows_all_and_names_the_sitemap() -> None:
    text = seo.robots_txt(SUB_URL)
    assert "User-agent: *" in text.splitlines()
    assert "Disallow: /" not in text
    assert "Sitemap: https://example.org/coaching/sitemap.xml" in text.splitlines()


# --- Atom feed ------------------------------------------------------------------------------


def test_feed_parses_newest_first_with_absolute_links_and_a_content_date() -> None:
    text = seo.site_feed(site(), ROUTES, ARTICLES)
    root = ET.fromstring(text)
    assert root.tag == f"{ATOM}feed"
    entries = root.findall(f"{ATOM}entry")
    assert [e.findtext(f"{ATOM}title") for e in entries] == ["Second", "Premier"]
    assert [e.find(f"{ATOM}link").get("href") for e in entries] == [  # type: ignore[union-attr]
        "https://example.org/coaching/blog/second",
        "https://example.org/coaching/blog/premier",
    ]
    assert root.findtext(f"{ATOM}updated") == "2024-05-02T00:00:00Z"
    assert root.findtext(f"{ATOM}title") == "/blog"  # the /blog route's title
    assert seo.site_feed(site(), ROUTES, list(reversed(ARTICLES))) == text


def test_feed_escapes_hostile_titles() -> None:
    hostile = '</title><script>alert("x")</script> & « Ados »'
    cards = [{**ARTICLES[0], "title": hostile, "excerpt": "]]> <b>", "category": '"><x'}]
    text = seo.atom_feed(SUB_URL, title="Le blog & co", subtitle=None, author="R", articles=cards)
    root = ET.fromstring(text)
    entry = root.find(f"{ATOM}entry")
    assert entry is not None
    assert entry.findtext(f"{ATOM}title") == hostile
    assert entry.findtext(f"{ATOM}summary") == "]]> <b>"
    assert "<script>" not in text


xml_text = st.text(st.characters(exclude_categories=("Cs",)), min_size=1, max_size=60)


@settings(max_examples=60)
@given(st.lists(st.tuples(xml_text, xml_text), min_size=1, max_size=5))
def test_feed_property_any_title_round_trips(rows: list[tuple[str, str]]) -> None:
    cards = [
        {
            "slug": f"a{i}",
            "title": t,
            "excerpt": e,
            "date": f"2024-01-{i + 10:02d}",
            "category": "c",
        }
        for i, (t, e) in enumerate(rows)
    ]
    root = ET.fromstring(
        seo.atom_feed(SUB_URL, title="t", subtitle="s", author="a", articles=cards)
    )
    titles = [e.findtext(f"{ATOM}title") or "" for e in root.findall(f"{ATOM}entry")]
    legal = re.compile(r"[\x00-\x08\x0b\x0c\x0e-\x1f\ufffe\uffff]")
    # XML normalises CR and CRLF to LF when parsing.
    expected = [
        legal.sub("", t).replace("\r\n", "\n").replace("\r", "\n") for t, _ in reversed(rows)
    ]
    assert titles == expected


# --- JSON-LD --------------------------------------------------------------------------------


def faq_cell() -> dict[str, Any]:
    return {
        "type": "faq",
        "title": "Questions fréquentes",
        "entries": [
            {
                "id": "duree",
                "question": "Combien de temps dure une séance ?",
                "answer": "<p>Une heure, en <strong>visio</strong>.</p>",
                "order": 1,
            },
            {
                "id": "prix",
                "question": "Combien ça coûte ?",
                "answer": "<p>395&nbsp;€ le pack</p><ul><li>125 € la séance</li></ul>",
                "order": 2,
            },
        ],
    }


def route_bundle(path: str, kind: str = "page", **extra: Any) -> dict[str, Any]:
    canonical = seo.absolute_url(SUB_URL, path)
    bundle = {
        "path": path,
        "kind": kind,
        "head": {
            "title": "T",
            "description": "D",
            "keywords": None,
            "robots": "index, follow",
            "ogType": "website",
            "ogImage": SUB_URL + "images/og-default.png",
            "canonical": canonical,
        },
        "article": None,
        "cells": [],
    }
    bundle.update(extra)
    return bundle


def types(nodes: list[dict[str, Any]]) -> list[str]:
    return [n["@type"] for n in nodes]


def test_the_business_with_its_three_prices_is_one_text_for_every_page() -> None:
    nodes = json.loads(json_ld.business_json_ld_text(site()))
    assert types(nodes) == ["ProfessionalService"]
    # Each page only adds its own nodes: a new price changes one file, not every article.
    assert json_ld.json_ld(route_bundle("/ressource"), site()) == []
    biz = nodes[0]
    assert biz["@context"] == "https://schema.org"
    assert biz["url"] == SUB_URL
    assert biz["email"] == "contact@renouer-coaching.fr"
    assert biz["areaServed"] == "Partout dans la francophonie"
    assert biz["availableLanguage"] == "fr"
    assert biz["openingHours"] == "Mo-Fr 09:00-18:00"
    offers = {(o["price"], o["priceCurrency"]) for o in biz["makesOffer"]}
    assert offers == {(395, "EUR"), (125, "EUR"), (0, "EUR")}


def test_home_adds_website_contact_adds_faq_page_with_text_answers() -> None:
    assert types(json_ld.json_ld(route_bundle("/"), site())) == ["WebSite"]
    nodes = json_ld.json_ld(
        route_bundle("/contact", cells=[{"type": "prose", "html": "<p>x</p>"}, faq_cell()]), site()
    )
    assert types(nodes) == ["FAQPage"]
    faq = nodes[0]
    assert [q["name"] for q in faq["mainEntity"]] == [
        "Combien de temps dure une séance ?",
        "Combien ça coûte ?",
    ]
    assert [q["acceptedAnswer"]["text"] for q in faq["mainEntity"]] == [
        "Une heure, en visio.",
        "395\u00a0€ le pack 125 € la séance",
    ]


def test_article_gets_blog_posting_with_absolute_image_and_page() -> None:
    article = {
        "slug": "premier",
        "title": "Premier",
        "excerpt": "Un résumé",
        "date": "2024-03-15",
        "category": "Émotions",
        "image": {"src": "/images/a.jpg", "alt": "A"},
    }
    nodes = json_ld.json_ld(route_bundle("/blog/premier", "article", article=article), site())
    assert types(nodes) == ["BlogPosting"]
    post = nodes[0]
    assert post["headline"] == "Premier"
    assert post["datePublished"] == "2024-03-15"
    assert post["description"] == "Un résumé"
    assert post["image"] == "https://example.org/coaching/images/a.jpg"
    assert post["mainEntityOfPage"]["@id"] == "https://example.org/coaching/blog/premier"
    assert post["author"]["name"] == "Renouer"
    assert post["publisher"] == {"@id": "https://example.org/coaching/#entreprise"}


def test_not_found_has_no_json_ld_and_output_is_deterministic() -> None:
    assert json_ld.json_ld(route_bundle("/404", "not-found"), site()) == []
    a = json_ld.route_json_ld_text(route_bundle("/contact", cells=[faq_cell()]), site())
    b = json_ld.route_json_ld_text(route_bundle("/contact", cells=[faq_cell()]), site())
    assert a == b
    assert a is not None
    assert json.loads(a)[0]["@type"] == "FAQPage"


def test_shipped_settings_give_the_spec_prices_and_hours() -> None:
    text = (ROOT / "content" / "reglages" / "site.md").read_text(encoding="utf-8")
    front = yaml.safe_load(text.split("---", 2)[1])
    try:
        dumped = SiteSettings.model_validate(front).model_dump(by_alias=True, mode="json")
    except ValueError as exc:  # pragma: no cover - the content checks report this better
        pytest.fail(f"content/reglages/site.md does not validate: {exc}")
    biz = json_ld.business(site("https://renouer-coaching.fr/", dumped))
    assert sorted(o["price"] for o in biz["makesOffer"]) == [0, 125, 395]
    assert biz["openingHours"] == "Mo-Fr 09:00-18:00"


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("Du lundi au vendredi, 9h-18h", "Mo-Fr 09:00-18:00"),
        ("du mardi au samedi de 8h30 à 19h", "Tu-Sa 08:30-19:00"),
        ("Du lundi\u00a0au vendredi, 9\u202fh\u202f–\u202f18\u202fh", "Mo-Fr 09:00-18:00"),
        ("Sur rendez-vous", None),
    ],
)
def test_opening_hours_reads_the_french_wording(text: str, expected: str | None) -> None:
    assert json_ld.opening_hours(text) == expected


# --- safe embedding in <script type="application/ld+json"> --------------------------------


class ScriptText(HTMLParser):
    def __init__(self) -> None:
        super().__init__(convert_charrefs=False)
        self.scripts: list[str] = []
        self.depth = 0

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        if tag == "script":
            self.depth += 1
            self.scripts.append("")

    def handle_endtag(self, tag: str) -> None:
        if tag == "script":
            self.depth -= 1

    def handle_data(self, data: str) -> None:
        if self.depth:
            self.scripts[-1] += data


json_values = st.recursive(
    st.none() | st.booleans() | st.integers() | st.text(st.characters(exclude_categories=("Cs",))),
    lambda children: (
        st.lists(children, max_size=4) | st.dictionaries(st.text(max_size=8), children, max_size=4)
    ),
    max_leaves=12,
)
hostile_text = st.lists(
    st.sampled_from(
        ["<", ">", "&", "/", "'", '"', "\u2028", "\u2029", "script", "!--", " ", "é", "\\"]
    ),
    max_size=30,
).map("".join)


@given(st.one_of(json_values, hostile_text))
def test_json_ld_script_text_is_embeddable_and_round_trips(value: Any) -> None:
    text = json_ld.json_ld_script_text(value)
    assert json.loads(text) == value
    assert not re.search("[<>&\u2028\u2029]", text)
    page = f'<head><script type="application/ld+json">{text}</script><title>x</title></head>'
    parser = ScriptText()
    parser.feed(page)
    parser.close()
    assert parser.scripts == [text]


@given(hostile_text, hostile_text)
def test_json_ld_of_hostile_titles_and_answers_stays_inside_its_script(
    question: str, answer: str
) -> None:
    cell = {
        "type": "faq",
        "entries": [{"id": "q", "question": question or "?", "answer": f"<p>{answer or 'x'}</p>"}],
    }
    article = {
        "slug": "s",
        "title": question or "t",
        "excerpt": answer or "e",
        "date": "2024-01-01",
        "category": question or "c",
    }
    for bundle in (
        route_bundle("/contact", cells=[cell]),
        route_bundle("/blog/s", "article", article=article),
    ):
        text = json_ld.route_json_ld_text(bundle, site())
        nodes = json_ld.json_ld(bundle, site())
        assert (text is None) == (nodes == [])  # an answer with no text makes no question
        if text is None:
            continue
        assert json.loads(text) == nodes
        assert "</script" not in text.lower()
        assert "<!--" not in text
