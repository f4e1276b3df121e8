"""Files for search engines and feed readers: ``sitemap.xml``, ``robots.txt`` and an Atom
feed of the articles (the schema.org JSON-LD of each route is ``json_ld.py``).

Every function is pure and works on the bundle data of ``docs/architecture.md`` (the
``site.json`` dict, route bundles, article cards), so it can run in the pipeline right
after the bundles are computed, or in a test on hand-written dicts. Output is deterministic:
no wall-clock time, fixed key and element order.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Mapping, Sequence
from typing import Any
from xml.sax.saxutils import escape, quoteattr

from contenu.models.paths import ARTICLES_ROOT, article_path

SITEMAP_NS = "http://www.sitemaps.org/schemas/sitemap/0.9"
ATOM_NS = "http://www.w3.org/2005/Atom"

#: File names at the root of the published site.
SITEMAP_FILE = "sitemap.xml"
ROBOTS_FILE = "robots.txt"
FEED_FILE = "feed.xml"


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
    dates = {article_path(str(a["slug"])): str(a["date"]) for a in articles}
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
    blog_url = absolute_url(site_url, ARTICLES_ROOT)
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
        url = absolute_url(site_url, article_path(str(article["slug"])))
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
    blog = next((r for r in routes if r.get("path") == ARTICLES_ROOT), None)
    title = str(blog["title"]) if blog and blog.get("title") else str(settings["brand"])
    return atom_feed(
        str(site["siteUrl"]),
        title=title,
        subtitle=settings.get("tagline"),
        author=str(settings["brand"]),
        articles=articles,
    )


def site_files_inputs(site: Mapping[str, Any]) -> tuple[str, str, str | None]:
    """What :func:`site_files` reads of ``site.json`` besides the routes and the cards: the
    public URL, the brand and the tagline (a builder remakes the files when one changes)."""
    settings = site["settings"]
    return str(site["siteUrl"]), str(settings["brand"]), settings.get("tagline")


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
