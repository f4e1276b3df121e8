"""Small browser helpers shared by the end-to-end tests."""

from __future__ import annotations

import urllib.error
import urllib.request
from collections.abc import Callable
from dataclasses import dataclass
from html.parser import HTMLParser

from playwright.sync_api import Locator, Page

# React marks every DOM node it owns (once hydrated) with a `__reactFiber$…` property.
_OWNED = "(node) => Object.keys(node).some((key) => key.startsWith('__reactFiber$'))"
_HYDRATED = f"""() => {{
  const nodes = document.querySelectorAll('header a, footer a, h1');
  return nodes.length > 0 && Array.from(nodes).every({_OWNED});
}}"""


def wait_hydrated(page: Page) -> None:
    """Waits until React has taken over the prerendered header, footer and heading."""
    page.wait_for_function(_HYDRATED)


def wait_owned(locator: Locator) -> None:
    """Waits until React owns this element: sections hydrate on their own after the header,
    and a click before that is a (correct, but full) page load."""
    locator.page.wait_for_function(_OWNED, arg=locator.element_handle())


def goto(page: Page, url: str) -> None:
    page.goto(url)
    wait_hydrated(page)


def set_marker(page: Page) -> None:
    """A full page load wipes this marker; client-side navigation keeps it."""
    page.evaluate("window.__e2eMarker = 'same-document'")


def has_marker(page: Page) -> bool:
    return bool(page.evaluate("window.__e2eMarker === 'same-document'"))


@dataclass
class Raw:
    status: int
    html: str
    content_type: str


def fetch(url: str) -> Raw:
    """The page as a crawler sees it: no JavaScript, redirects followed."""
    try:
        with urllib.request.urlopen(url, timeout=10) as response:
            return Raw(
                response.status,
                response.read().decode("utf-8"),
                response.headers.get("Content-Type", ""),
            )
    except urllib.error.HTTPError as error:
        return Raw(
            error.code,
            error.read().decode("utf-8", "replace"),
            error.headers.get("Content-Type", ""),
        )


class HeadTags(HTMLParser):
    """The <html lang>, and the title/meta/link tags found inside <head> only."""

    def __init__(self, html: str) -> None:
        super().__init__(convert_charrefs=True)
        self.lang: str | None = None
        self.title: str | None = None
        self.metas: list[dict[str, str]] = []
        self.links: list[dict[str, str]] = []
        self.titles_in_body = 0
        self._where = "before"
        self._in_title = False
        self._title_parts: list[str] = []
        self.feed(html)

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        values = {k: v or "" for k, v in attrs}
        if tag == "html":
            self.lang = values.get("lang")
        elif tag == "head":
            self._where = "head"
        elif tag == "body":
            self._where = "body"
        elif tag == "title":
            if self._where == "head":
                self._in_title = True
            else:
                self.titles_in_body += 1
        elif self._where == "head" and tag == "meta":
            self.metas.append(values)
        elif self._where == "head" and tag == "link":
            self.links.append(values)

    def handle_endtag(self, tag: str) -> None:
        if tag == "head":
            self._where = "after-head"
        elif tag == "title" and self._in_title:
            self._in_title = False
            self.title = "".join(self._title_parts)

    def handle_data(self, data: str) -> None:
        if self._in_title:
            self._title_parts.append(data)

    def meta(self, key: str) -> list[str]:
        """Contents of the <meta name=key> or <meta property=key> tags of the head."""
        return [
            m.get("content", "")
            for m in self.metas
            if m.get("name") == key or m.get("property") == key
        ]

    def link(self, rel: str) -> list[str]:
        return [lk.get("href", "") for lk in self.links if rel in lk.get("rel", "").split()]


class _BodyText(HTMLParser):
    def __init__(self) -> None:
        super().__init__(convert_charrefs=True)
        self.parts: list[str] = []
        self._skip = 0
        self._in_body = False

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        if tag == "body":
            self._in_body = True
        elif tag in ("script", "style", "template"):
            self._skip += 1

    def handle_endtag(self, tag: str) -> None:
        if tag in ("script", "style", "template") and self._skip:
            self._skip -= 1

    def handle_data(self, data: str) -> None:
        if self._in_body and not self._skip:
            self.parts.append(data)


class _Links(HTMLParser):
    def __init__(self) -> None:
        super().__init__(convert_charrefs=True)
        self.hrefs: list[str] = []

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        href = dict(attrs).get("href")
        if tag == "a" and href is not None:
            self.hrefs.append(href)


def link_hrefs(html: str) -> list[str]:
    """The href of every <a> of a document, in order."""
    parser = _Links()
    parser.feed(html)
    return parser.hrefs


def body_text(html: str) -> str:
    """The visible text of the prerendered <body>, spaces normalised (no JavaScript run)."""
    from .bundles import normalize

    parser = _BodyText()
    parser.feed(html)
    return normalize(" ".join(parser.parts))


def next_frames(page: Page) -> None:
    """Lets the page run two animation frames: enough for a synchronous handler's effects."""
    page.evaluate("() => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r)))")


def wait_until(
    page: Page, condition: Callable[[], bool], what: str, timeout_ms: int = 5000
) -> None:
    """Waits for a condition on data the test process records (requests seen by the routes),
    letting Playwright deliver its events between checks."""
    waited = 0
    while not condition():
        if waited >= timeout_ms:
            raise AssertionError(f"timed out after {timeout_ms} ms waiting for {what}")
        page.wait_for_timeout(25)
        waited += 25
