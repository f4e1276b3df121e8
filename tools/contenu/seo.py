"""Files and data for search engines: ``sitemap.xml``, ``robots.txt``, an Atom feed of the
articles and schema.org JSON-LD per route.

Every function is pure and works on the bundle data of ``docs/architecture.md`` (the
``site.json`` dict, route bundles, article cards), so it can run in the pipeline right
after the bundles are computed, or in a test on hand-written dicts. Output is deterministic:
no wall-clock time, fixed key and element order.
"""

from __future__ import annotations

import json
import re
from collections.abc import Iterable, Mapping, Sequence
from html.parser import HTMLParser
from typing import Any
from xml.sax.saxutils import escape, quoteattr

SITEMAP_NS = "http://www.sitemaps.org/schemas/sitemap/0.9"
ATOM_NS = "http://www.w3.org/2005/Atom"
SCHEMA_CONTEXT = "https://schema.org"
LANGUAGE = "fr-FR"

#: File names at the root of the published site.
SITEMAP_FILE = "sitemap.xml"
ROBOTS_FILE = "robots.txt"
FEED_FILE = "feed.xml"

JsonObject = dict[str, Any]


# --- URLs ---------------------------------------------------------------------------------


def absolute_url(site_url: str, path: str) -> str:
    """``https://example.org/coaching/`` + ``/blog/x`` → ``https://example.org/coaching/blog/x``.

    ``site_url`` always ends with ``/`` (see ``site.json``); root-relative paths of the site
    are relative to it, which is how the site prefixes them with ``basePath``.
    """
    if path.startswith(("https://", "http://")):
        return path
    base = site_url if site_url.endswith("/") else site_url + "/"
    return base + path.lstrip("/")


def _is_published_indexable(route: Mapping[str, Any]) -> bool:
    return (
        bool(route.get("indexable", False))
        and route.get("status", "published") == "published"
        and route.get("kind") != "not-found"
    )


def _article_path(slug: str) -> str:
    return f"/blog/{slug}"


# --- sitemap.xml and robots.txt -------------------------------------------------------------


def sitemap_xml(
    site_url: str,
    routes: Iterable[Mapping[str, Any]],
    articles: Iterable[Mapping[str, Any]] = (),
) -> str:
    """The sitemap of the indexable, published routes (``site.json`` ``routes``).

    ``lastmod`` comes from a route's own ``lastmod`` when present, else from the date of the
    article card (``collections/articles.json``) whose slug matches the route.
    """
    dates = {_article_path(str(a["slug"])): str(a["date"]) for a in articles}
    lines = ['<?xml version="1.0" encoding="UTF-8"?>', f'<urlset xmlns="{SITEMAP_NS}">']
    paths: set[str] = set()
    entries: list[tuple[str, str | None]] = []
    for route in routes:
        path = str(route["path"])
        if not _is_published_indexable(route) or path in paths:
            continue
        paths.add(path)
        lastmod = route.get("lastmod") or dates.get(path)
        entries.append((path, str(lastmod) if lastmod else None))
    for path, lastmod in sorted(entries):
        lines.append("  <url>")
        lines.append(f"    <loc>{escape(absolute_url(site_url, path))}</loc>")
        if lastmod:
            lines.append(f"    <lastmod>{escape(lastmod)}</lastmod>")
        lines.append("  </url>")
    lines.append("</urlset>")
    return "\n".join(lines) + "\n"


def robots_txt(site_url: str) -> str:
    """Allow every crawler everywhere and name the sitemap.

    Crawlers only read ``/robots.txt`` at the host root; under a sub-path (GitHub Pages
    project site) the file is harmless and the sitemap is still found through it when the
    domain root serves the same file.
    """
    return f"User-agent: *\nAllow: /\n\nSitemap: {absolute_url(site_url, SITEMAP_FILE)}\n"


# --- Atom feed ------------------------------------------------------------------------------


def _published(articles: Iterable[Mapping[str, Any]]) -> list[Mapping[str, Any]]:
    kept = [a for a in articles if a.get("status", "published") == "published"]
    # Newest first; the slug breaks ties so the order never depends on the input order.
    kept.sort(key=lambda a: str(a["slug"]))
    kept.sort(key=lambda a: str(a["date"]), reverse=True)
    return kept


def _atom_date(date: str) -> str:
    return f"{date}T00:00:00Z"


def atom_feed(
    site_url: str,
    *,
    title: str,
    subtitle: str | None,
    author: str,
    articles: Iterable[Mapping[str, Any]],
) -> str:
    """An Atom 1.0 feed of the published article cards, newest first.

    ``updated`` is the date of the newest article (midnight UTC), never the build time, so
    the same content always gives the same bytes.
    """
    items = _published(articles)
    feed_url = absolute_url(site_url, FEED_FILE)
    blog_url = absolute_url(site_url, "/blog")
    updated = _atom_date(str(items[0]["date"])) if items else "1970-01-01T00:00:00Z"
    out = [
        '<?xml version="1.0" encoding="UTF-8"?>',
        f'<feed xmlns="{ATOM_NS}" xml:lang="fr">',
        f"  <id>{escape(feed_url)}</id>",
        f"  <title>{escape(title)}</title>",
    ]
    if subtitle:
        out.append(f"  <subtitle>{escape(subtitle)}</subtitle>")
    out += [
        f"  <updated>{updated}</updated>",
        f'  <link rel="self" type="application/atom+xml" href={quoteattr(feed_url)}/>',
        f'  <link rel="alternate" type="text/html" href={quoteattr(blog_url)}/>',
        f"  <author><name>{escape(author)}</name></author>",
    ]
    for article in items:
        url = absolute_url(site_url, _article_path(str(article["slug"])))
        date = _atom_date(str(article["date"]))
        out += [
            "  <entry>",
            f"    <id>{escape(url)}</id>",
            f"    <title>{escape(str(article['title']))}</title>",
            f'    <link rel="alternate" type="text/html" href={quoteattr(url)}/>',
            f"    <published>{date}</published>",
            f"    <updated>{date}</updated>",
        ]
        if article.get("category"):
            out.append(f"    <category term={quoteattr(str(article['category']))}/>")
        if article.get("excerpt"):
            out.append(f"    <summary>{escape(str(article['excerpt']))}</summary>")
        out.append("  </entry>")
    out.append("</feed>")
    return _xml_safe("\n".join(out) + "\n")


def _xml_safe(text: str) -> str:
    """Drop the characters XML 1.0 cannot carry at all (C0 controls but tab/CR/LF)."""
    return re.sub(r"[\x00-\x08\x0b\x0c\x0e-\x1f\ufffe\uffff]", "", text)


def site_feed(
    site: Mapping[str, Any],
    routes: Iterable[Mapping[str, Any]],
    articles: Iterable[Mapping[str, Any]],
) -> str:
    """:func:`atom_feed` with title, subtitle and author taken from ``site.json``: the title
    of the ``/blog`` route (else the brand), the tagline, the brand."""
    settings = site["settings"]
    blog = next((r for r in routes if r.get("path") == "/blog"), None)
    title = str(blog["title"]) if blog and blog.get("title") else str(settings["brand"])
    return atom_feed(
        str(site["siteUrl"]),
        title=title,
        subtitle=settings.get("tagline"),
        author=str(settings["brand"]),
        articles=articles,
    )


def site_files(
    site: Mapping[str, Any],
    routes: Sequence[Mapping[str, Any]],
    articles: Iterable[Mapping[str, Any]],
) -> dict[str, str]:
    """Every SEO file of the site root, by file name: sitemap, robots.txt and feed."""
    cards = list(articles)
    site_url = str(site["siteUrl"])
    return {
        SITEMAP_FILE: sitemap_xml(site_url, routes, cards),
        ROBOTS_FILE: robots_txt(site_url),
        FEED_FILE: site_feed(site, routes, cards),
    }


# --- JSON-LD --------------------------------------------------------------------------------

_DAYS = {
    "lundi": "Mo",
    "mardi": "Tu",
    "mercredi": "We",
    "jeudi": "Th",
    "vendredi": "Fr",
    "samedi": "Sa",
    "dimanche": "Su",
}
_DAYS_RE = "|".join(_DAYS)
_HOURS_RE = re.compile(
    rf"(?:du\s+)?(?P<d1>{_DAYS_RE})\s+(?:au|à|-|–)\s+(?P<d2>{_DAYS_RE})\D*?"
    r"(?P<h1>\d{1,2})\s*h\s*(?P<m1>\d{2})?\s*(?:-|–|à)\s*(?P<h2>\d{1,2})\s*h\s*(?P<m2>\d{2})?",
    re.IGNORECASE,
)


def opening_hours(availability: str) -> str | None:
    """``Du lundi au vendredi, 9h-18h`` → ``Mo-Fr 09:00-18:00`` (schema.org ``openingHours``);
    ``None`` when the coaches' wording cannot be read that way."""
    match = _HOURS_RE.search(availability.replace("\u00a0", " ").replace("\u202f", " "))
    if not match:
        return None
    h1, h2 = int(match["h1"]), int(match["h2"])
    m1, m2 = int(match["m1"] or 0), int(match["m2"] or 0)
    if not (h1 <= 24 and h2 <= 24 and m1 < 60 and m2 < 60):
        return None
    days = f"{_DAYS[match['d1'].lower()]}-{_DAYS[match['d2'].lower()]}"
    return f"{days} {h1:02d}:{m1:02d}-{h2:02d}:{m2:02d}"


class _TextExtractor(HTMLParser):
    _BLOCKS = frozenset(
        {"p", "li", "br", "h1", "h2", "h3", "h4", "h5", "h6", "ul", "ol", "blockquote", "div"}
    )

    def __init__(self) -> None:
        super().__init__(convert_charrefs=True)
        self.parts: list[str] = []

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        if tag in self._BLOCKS:
            self.parts.append(" ")

    def handle_endtag(self, tag: str) -> None:
        if tag in self._BLOCKS:
            self.parts.append(" ")

    def handle_data(self, data: str) -> None:
        self.parts.append(data)


def html_to_text(fragment: str) -> str:
    """Sanitised HTML of a body field → plain text (for ``Answer.text``)."""
    parser = _TextExtractor()
    parser.feed(fragment)
    parser.close()
    # ASCII whitespace only: the no-break spaces of French typography must stay.
    return re.sub(r"[ \t\n\r\f\v]+", " ", "".join(parser.parts)).strip(" ")


def business_id(site_url: str) -> str:
    return absolute_url(site_url, "#entreprise")


def business(site: Mapping[str, Any]) -> JsonObject:
    """The coaching business as a schema.org ``ProfessionalService`` with its three prices."""
    settings = site["settings"]
    site_url = str(site["siteUrl"])
    offer = settings.get("offer", {})
    node: JsonObject = {
        "@context": SCHEMA_CONTEXT,
        "@type": "ProfessionalService",
        "@id": business_id(site_url),
        "name": settings["brand"],
        "url": site_url,
        "email": settings["email"],
        "availableLanguage": "fr",
        "priceRange": _price_range(settings.get("prices", {})),
    }
    if settings.get("tagline"):
        node["description"] = settings["tagline"]
    if settings.get("defaultOgImage"):
        node["image"] = absolute_url(site_url, str(settings["defaultOgImage"]))
    if offer.get("area"):
        node["areaServed"] = offer["area"]
    hours = opening_hours(str(offer.get("availability", "")))
    if hours:
        node["openingHours"] = hours
    if settings.get("coachName"):
        node["founder"] = {"@type": "Person", "name": settings["coachName"]}
    if settings.get("socialUrl"):
        node["sameAs"] = [settings["socialUrl"]]
    offers = [_offer(price, site_url) for price in _prices(settings.get("prices", {}))]
    if offers:
        node["makesOffer"] = offers
    return node


def _prices(prices: Mapping[str, Any]) -> list[Mapping[str, Any]]:
    # The settings order is pack, single, discovery: the order visitors read them in.
    return [prices[key] for key in ("pack", "single", "discovery") if key in prices] + [
        prices[key] for key in sorted(prices) if key not in ("pack", "single", "discovery")
    ]


def _price_range(prices: Mapping[str, Any]) -> str | None:
    amounts = sorted(int(p["amount"]) for p in _prices(prices))
    if not amounts:
        return None
    currency = _prices(prices)[0].get("currency", "EUR")
    return f"{amounts[0]}-{amounts[-1]} {currency}"


def _offer(price: Mapping[str, Any], site_url: str) -> JsonObject:
    node: JsonObject = {
        "@type": "Offer",
        "name": price["label"],
        "price": int(price["amount"]),
        "priceCurrency": price.get("currency", "EUR"),
        "availability": "https://schema.org/InStock",
        "url": absolute_url(site_url, "/appel"),
        "itemOffered": {
            "@type": "Service",
            "name": price["label"],
            "provider": {"@id": business_id(site_url)},
        },
    }
    if price.get("note"):
        node["description"] = price["note"]
    return node


def website(site: Mapping[str, Any]) -> JsonObject:
    site_url = str(site["siteUrl"])
    settings = site["settings"]
    return {
        "@context": SCHEMA_CONTEXT,
        "@type": "WebSite",
        "@id": absolute_url(site_url, "#site"),
        "name": settings["brand"],
        "url": site_url,
        "inLanguage": LANGUAGE,
        "publisher": {"@id": business_id(site_url)},
    }


def faq_page(route: Mapping[str, Any], site_url: str) -> JsonObject | None:
    """``FAQPage`` of the questions the route shows in its ``faq`` cells (same text as on the
    page, which search engines require), or ``None`` when it shows none."""
    questions: list[JsonObject] = []
    for cell in route.get("cells", ()):
        if cell.get("type") != "faq":
            continue
        for entry in cell.get("entries") or ():
            answer = html_to_text(str(entry.get("answer", "")))
            if not answer:
                continue
            questions.append(
                {
                    "@type": "Question",
                    "name": entry["question"],
                    "acceptedAnswer": {"@type": "Answer", "text": answer},
                }
            )
    if not questions:
        return None
    return {
        "@context": SCHEMA_CONTEXT,
        "@type": "FAQPage",
        "url": _canonical(route, site_url),
        "inLanguage": LANGUAGE,
        "mainEntity": questions,
    }


def blog_posting(route: Mapping[str, Any], site: Mapping[str, Any]) -> JsonObject | None:
    """``BlogPosting`` of an article route (``route["article"]``)."""
    article = route.get("article")
    if not article:
        return None
    site_url = str(site["siteUrl"])
    settings = site["settings"]
    head = route.get("head") or {}
    url = _canonical(route, site_url)
    image = (
        (article.get("image") or {}).get("src")
        or head.get("ogImage")
        or settings.get("defaultOgImage")
    )
    node: JsonObject = {
        "@context": SCHEMA_CONTEXT,
        "@type": "BlogPosting",
        "headline": article["title"],
        "description": article.get("excerpt") or head.get("description"),
        "datePublished": str(article["date"]),
        "dateModified": str(article["date"]),
        "inLanguage": LANGUAGE,
        "url": url,
        "mainEntityOfPage": {"@type": "WebPage", "@id": url},
        "author": {"@type": "Organization", "name": settings["brand"], "url": site_url},
        "publisher": {"@id": business_id(site_url)},
    }
    if image:
        node["image"] = absolute_url(site_url, str(image))
    if article.get("category"):
        node["articleSection"] = article["category"]
    if head.get("keywords"):
        node["keywords"] = ", ".join(head["keywords"])
    return node


def _canonical(route: Mapping[str, Any], site_url: str) -> str:
    head = route.get("head") or {}
    return str(head.get("canonical") or absolute_url(site_url, str(route["path"])))


def json_ld(route: Mapping[str, Any], site: Mapping[str, Any]) -> list[JsonObject]:
    """The JSON-LD objects of one route bundle besides the business, which every route but
    the 404 carries from ``site.json`` (:func:`business_json_ld_text`): ``/`` has
    ``WebSite``, a route showing FAQ entries ``FAQPage`` (``/contact``), an article
    ``BlogPosting``. Kept apart so a new price rewrites one file, not every article."""
    if route.get("kind") == "not-found":
        return []
    site_url = str(site["siteUrl"])
    nodes: list[JsonObject] = []
    if route.get("path") == "/":
        nodes.append(website(site))
    faq = faq_page(route, site_url)
    if faq:
        nodes.append(faq)
    if route.get("kind") == "article":
        posting = blog_posting(route, site)
        if posting:
            nodes.append(posting)
    return [_drop_none(n) for n in nodes]


def _drop_none(node: JsonObject) -> JsonObject:
    return {
        key: _drop_none(value) if isinstance(value, dict) else value
        for key, value in node.items()
        if value is not None
    }


_SCRIPT_ESCAPES = {
    "<": "\\u003c",
    ">": "\\u003e",
    "&": "\\u0026",
    "\u2028": "\\u2028",
    "\u2029": "\\u2029",
}


def json_ld_script_text(obj: Any) -> str:
    """JSON text safe between ``<script type="application/ld+json">`` and ``</script>``.

    ``<``, ``>`` and ``&`` become ``\\u`` escapes (no ``</script>`` or ``<!--`` can close or
    confuse the element), and U+2028/U+2029 too (they end lines in old JavaScript). The
    result is still JSON that decodes to ``obj``.
    """
    text = json.dumps(obj, ensure_ascii=False, sort_keys=False, separators=(",", ":"))
    return re.sub("[<>&\u2028\u2029]", lambda m: _SCRIPT_ESCAPES[m.group()], text)


def business_json_ld_text(site: Mapping[str, Any]) -> str:
    """The business node of every page, as script text."""
    return json_ld_script_text([_drop_none(business(site))])


def route_json_ld_text(route: Mapping[str, Any], site: Mapping[str, Any]) -> str | None:
    """What the site puts in the route's ``<script type="application/ld+json">``, or ``None``."""
    nodes = json_ld(route, site)
    return json_ld_script_text(nodes) if nodes else None


__all__: Sequence[str] = (
    "FEED_FILE",
    "ROBOTS_FILE",
    "SITEMAP_FILE",
    "absolute_url",
    "atom_feed",
    "blog_posting",
    "business",
    "business_json_ld_text",
    "faq_page",
    "html_to_text",
    "json_ld",
    "json_ld_script_text",
    "opening_hours",
    "robots_txt",
    "route_json_ld_text",
    "site_feed",
    "site_files",
    "sitemap_xml",
    "website",
)
