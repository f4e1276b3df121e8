"""schema.org JSON-LD: the business (``site.json``) and each route's nodes (``WebSite`` on
``/``, ``FAQPage`` where FAQ cells are, ``BlogPosting`` on articles), as the text to put as
is inside ``<script type="application/ld+json">``.

Every function is pure and works on the bundle data of ``docs/architecture.md`` (the
``site.json`` dict, route bundles, article cards); output is deterministic.
"""

from __future__ import annotations

import json
import re
from collections.abc import Mapping
from html.parser import HTMLParser
from typing import Any

from contenu.seo.site_files import absolute_url

SCHEMA_CONTEXT = "https://schema.org"
LANGUAGE = "fr-FR"

JsonObject = dict[str, Any]

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
# The days, then the hours at the first digit after them. One pattern with a lazy "\D*?"
# between the two would scan to that digit again from every day range before it (quadratic
# on a long setting), and "\s*" on both sides of an optional group would split a run of
# spaces every way: the spaces are taken possessively ("\s*+").
_DAY_RANGE = re.compile(
    rf"(?:du\s+)?(?P<d1>{_DAYS_RE})\s+(?:au|à|-|–)\s+(?P<d2>{_DAYS_RE})", re.IGNORECASE
)
_DIGIT = re.compile(r"\d")
_HOURS = re.compile(
    r"(?P<h1>\d{1,2})\s*+h\s*+(?P<m1>\d{2})?\s*+(?:-|–|à)\s*+(?P<h2>\d{1,2})\s*+h\s*+"
    r"(?P<m2>\d{2})?",
    re.IGNORECASE,
)


def _days_and_hours(text: str) -> tuple[re.Match[str], re.Match[str]] | None:
    """The first day range followed (after anything but digits) by an hour range."""
    tried = -1  # the digit the hours were last looked for at
    for days in _DAY_RANGE.finditer(text):
        if days.start() < tried:
            continue  # its first digit is the one just tried (day names hold no digits)
        digit = _DIGIT.search(text, days.end())
        if digit is None:
            return None
        tried = digit.start()
        hours = _HOURS.match(text, tried)
        if hours is not None:
            return days, hours
    return None


def opening_hours(availability: str) -> str | None:
    """``Du lundi au vendredi, 9h-18h`` → ``Mo-Fr 09:00-18:00`` (schema.org ``openingHours``);
    ``None`` when the coaches' wording cannot be read that way."""
    found = _days_and_hours(availability.replace("\u00a0", " ").replace("\u202f", " "))
    if found is None:
        return None
    days_match, match = found
    h1, h2 = int(match["h1"]), int(match["h2"])
    m1, m2 = int(match["m1"] or 0), int(match["m2"] or 0)
    if not (h1 <= 24 and h2 <= 24 and m1 < 60 and m2 < 60):
        return None
    days = f"{_DAYS[days_match['d1'].lower()]}-{_DAYS[days_match['d2'].lower()]}"
    return f"{days} {h1:02d}:{m1:02d}-{h2:02d}:{m2:02d}"


def hours_problem(availability: str) -> str | None:
    """Why days written in ``availability`` give no ``openingHours`` (``contenu check`` runs
    the parser the build runs), or None (hours read, or no day range: « Sur rendez-vous »)."""
    text = availability.replace("\u00a0", " ").replace("\u202f", " ")
    if opening_hours(availability) is not None or _DAY_RANGE.search(text) is None:
        return None
    return (
        "les horaires qui suivent les jours ne sont pas reconnus : les moteurs de recherche "
        "ne recevront pas les horaires d’ouverture ; écrivez-les comme « Du lundi au "
        "vendredi, 9h-18h » ou « du mardi au samedi, 9h30 à 19h »"
    )


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


def _number(amount: float) -> float | int:
    """An amount as schema.org reads it: 395, not 395.0 (an amount keeps its cents: 395.5)."""
    return int(amount) if float(amount).is_integer() else amount


def _price_range(prices: Mapping[str, Any]) -> str | None:
    amounts = sorted(_number(p["amount"]) for p in _prices(prices))
    if not amounts:
        return None
    currency = _prices(prices)[0].get("currency", "EUR")
    return f"{amounts[0]}-{amounts[-1]} {currency}"


def _offer(price: Mapping[str, Any], site_url: str) -> JsonObject:
    node: JsonObject = {
        "@type": "Offer",
        "name": price["label"],
        "price": _number(price["amount"]),
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
