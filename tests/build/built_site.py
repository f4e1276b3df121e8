"""Reading a built site directory (``site/dist`` or an ``$E2E_SITES/<name>`` build): its
routes, what each route's HTML loads, and gzipped sizes. Bytes only, no browser."""

from __future__ import annotations

import gzip
import json
import re
from dataclasses import dataclass, field
from functools import cache
from html.parser import HTMLParser
from pathlib import Path
from urllib.parse import urlsplit

#: Third-party providers and the routes that may load them (spec: MailerLite's form on
#: /ressource, Calendly's widget on /appel; the Meta Pixel only after consent, from the
#: site's own code, never from the HTML).
PROVIDERS: dict[str, tuple[tuple[str, ...], frozenset[str]]] = {
    "mailerlite": (("mailerlite.com", "mlcdn.com"), frozenset({"/ressource"})),
    "calendly": (("calendly.com",), frozenset({"/appel"})),
    "facebook": (("facebook.net", "facebook.com"), frozenset()),
}

STATIC_IMPORT = re.compile(
    r"""\bimport\s*["']([^"']+?\.m?js)["']|\bfrom\s*["']([^"']+?\.m?js)["']"""
)


@dataclass
class Tag:
    name: str
    attrs: dict[str, str]
    text: str = ""


@dataclass
class Page:
    """One prerendered HTML file."""

    file: Path
    route: str  # e.g. "/contact"; "/404" for 404.html
    tags: list[Tag] = field(default_factory=list)

    def find(self, name: str, **attrs: str) -> list[Tag]:
        return [
            t
            for t in self.tags
            if t.name == name
            and all(t.attrs.get(k.replace("_", "-")) == v for k, v in attrs.items())
        ]

    def meta(self, name: str) -> str | None:
        for tag in self.tags:
            if tag.name == "meta" and (
                tag.attrs.get("name") == name or tag.attrs.get("property") == name
            ):
                return tag.attrs.get("content")
        return None

    @property
    def canonical(self) -> str | None:
        links = [t for t in self.find("link") if "canonical" in t.attrs.get("rel", "").split()]
        return links[0].attrs.get("href") if links else None

    @property
    def indexable(self) -> bool:
        robots = (self.meta("robots") or "index").replace(" ", "").lower().split(",")
        return "noindex" not in robots and self.route != "/404"


class _Collector(HTMLParser):
    def __init__(self) -> None:
        super().__init__(convert_charrefs=True)
        self.tags: list[Tag] = []
        self._open: Tag | None = None

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        found = Tag(tag, {k: v if v is not None else "" for k, v in attrs})
        self.tags.append(found)
        if tag in ("script", "style"):
            self._open = found

    def handle_startendtag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        self.tags.append(Tag(tag, {k: v if v is not None else "" for k, v in attrs}))

    def handle_endtag(self, tag: str) -> None:
        if self._open is not None and tag == self._open.name:
            self._open = None

    def handle_data(self, data: str) -> None:
        if self._open is not None:
            self._open.text += data


def parse_page(file: Path, route: str) -> Page:
    return parse_page_text(file.read_text(encoding="utf-8"), Page(file, route, []))


def parse_page_text(html: str, page: Page) -> Page:
    """``page`` as ``html`` would be (a part of the file's text, say)."""
    collector = _Collector()
    collector.feed(html)
    collector.close()
    return Page(page.file, page.route, collector.tags)


def route_of(dist: Path, file: Path) -> str:
    rel = file.relative_to(dist).as_posix()
    if rel == "404.html":
        return "/404"
    return "/" + rel.removesuffix(".html").removesuffix("index").rstrip("/")


#: The coaches' editor (« Le carnet »): its own page and bundle, no route of the site.
EDITOR_DIR = "editeur"


def pages(dist: Path) -> list[Page]:
    """Every prerendered route of a build (``index.html``, ``<route>.html``, ``404.html``);
    the editor's page is not one."""
    files = sorted(dist.rglob("*.html"))
    return [
        parse_page(f, route_of(dist, f))
        for f in files
        if "assets" not in (parts := f.relative_to(dist).parts) and parts[0] != EDITOR_DIR
    ]


def base_path(dist: Path) -> str:
    """The base path the build was made for: the path of the home page's canonical URL."""
    home = parse_page(dist / "index.html", "/")
    canonical = home.canonical
    if not canonical:
        raise AssertionError("index.html has no canonical link to tell its base path")
    path = urlsplit(canonical).path or "/"
    return path if path.endswith("/") else path + "/"


def local_file(dist: Path, base: str, url: str) -> Path | None:
    """The file of ``dist`` a same-site URL points at, ``None`` for another host."""
    parts = urlsplit(url)
    if parts.scheme or parts.netloc:
        return None
    path = parts.path
    if not path.startswith(base):
        raise AssertionError(f"{url} is outside the base path {base}")
    return dist / path.removeprefix(base)


@cache
def gzip_size(file: Path) -> int:
    return len(gzip.compress(file.read_bytes(), compresslevel=9, mtime=0))


def _static_imports(file: Path) -> list[Path]:
    text = file.read_text(encoding="utf-8")
    found = []
    for match in STATIC_IMPORT.finditer(text):
        target = match[1] or match[2]
        if target.startswith("."):
            resolved = (file.parent / target).resolve()
            if resolved.is_file():
                found.append(resolved)
    return found


def first_load_js(dist: Path, base: str, page: Page) -> list[Path]:
    """JavaScript files the route fetches before it is interactive: its scripts, its
    modulepreloads, and everything they import statically (dynamic imports excluded)."""
    roots: list[str] = [t.attrs["src"] for t in page.find("script") if t.attrs.get("src")]
    roots += [
        t.attrs["href"]
        for t in page.find("link")
        if t.attrs.get("rel") == "modulepreload" and t.attrs.get("href")
    ]
    seen: dict[Path, None] = {}
    todo = [f for f in (local_file(dist, base, url) for url in roots) if f is not None]
    while todo:
        file = todo.pop().resolve()
        if file in seen:
            continue
        if not file.is_file():
            raise AssertionError(f"{page.route} loads a missing script: {file}")
        seen[file] = None
        todo.extend(_static_imports(file))
    return sorted(seen)


def stylesheets(dist: Path, base: str, page: Page) -> list[Path]:
    files = []
    for tag in page.find("link"):
        if "stylesheet" in tag.attrs.get("rel", "").split() and tag.attrs.get("href"):
            file = local_file(dist, base, tag.attrs["href"])
            if file is not None:
                files.append(file)
    return files


def resource_urls(page: Page) -> list[str]:
    """URLs the HTML makes the browser fetch or connect to (not plain links)."""
    urls = []
    for tag in page.tags:
        if tag.name in ("script", "img", "iframe", "source", "embed") and tag.attrs.get("src"):
            urls.append(tag.attrs["src"])
        if tag.name == "link" and tag.attrs.get("href") and tag.attrs.get("rel") != "canonical":
            urls.append(tag.attrs["href"])
    return urls


def inline_scripts(page: Page) -> list[str]:
    return [
        t.text
        for t in page.find("script")
        if not t.attrs.get("src") and t.attrs.get("type") != "application/ld+json"
    ]


def json_ld(page: Page) -> list[object]:
    return [json.loads(t.text) for t in page.find("script", type="application/ld+json")]


@dataclass(frozen=True)
class Build:
    name: str
    dist: Path
    base: str
    pages: tuple[Page, ...]

    def page(self, route: str) -> Page:
        return next(p for p in self.pages if p.route == route)
