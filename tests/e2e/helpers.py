"""Small browser helpers shared by the end-to-end tests."""

from __future__ import annotations

import urllib.error
import urllib.request
from collections.abc import Callable
from dataclasses import dataclass
from html.parser import HTMLParser

from playwright.sync_api import Locator, Page

#: How long a test waits for what a visitor would see (hydrated, visible, stable, a request
#: sent): generous, for a machine busy with other work (docs/performance.md, « under load »);
#: a passing test waits only as long as its condition takes. Playwright's own default for
#: `expect` is 5 s (conftest.py sets this one for it and for every page).
PATIENCE_MS = 30_000

# React marks every DOM node it owns (once hydrated) with a `__reactFiber$…` property.
_OWNED = "(node) => Object.keys(node).some((key) => key.startsWith('__reactFiber$'))"
_HEADER_HYDRATED = f"""() => {{
  const nodes = document.querySelectorAll('header a, footer a, h1');
  return nodes.length > 0 && Array.from(nodes).every({_OWNED});
}}"""
# The consent banner is prerendered `data-pending` (ConsentBanner.tsx) and hydrates with its
# own chunk, after the header: until then a returning visitor's page still holds it, hidden.
_HYDRATED = f"""() => ({_HEADER_HYDRATED})() && !document.querySelector('.consent[data-pending]')"""


def wait_hydrated(page: Page) -> None:
    """Waits until React has taken over the whole page: the prerendered header, footer and
    heading, then the consent banner (shown, or gone when a choice is stored)."""
    page.wait_for_function(_HYDRATED)


def wait_header_hydrated(page: Page) -> None:
    """Waits until React has taken over the header, footer and heading, the consent banner
    perhaps not yet (its chunk comes after them)."""
    page.wait_for_function(_HEADER_HYDRATED)


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


def policy_sources(page: Page, directive: str) -> list[str]:
    """The sources ``directive`` allows in the page's Content-Security-Policy (its <meta>)."""
    policy = page.locator('meta[http-equiv="Content-Security-Policy"]').get_attribute("content")
    assert policy is not None, "the page has no Content-Security-Policy"
    return next(p.split()[1:] for p in policy.split(";") if p.split()[:1] == [directive])


@dataclass
class Raw:
    status: int
    html: str
    content_type: str


def fetch(url: str) -> Raw:
    """The page as a crawler sees it: no JavaScript, redirects followed."""
    try:
        with urllib.request.urlopen(url, timeout=PATIENCE_MS / 1000) as response:
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
    page: Page, condition: Callable[[], bool], what: str, timeout_ms: int = PATIENCE_MS
) -> None:
    """Waits for a condition on data the test process records (requests seen by the routes),
    letting Playwright deliver its events between checks."""
    waited = 0
    while not condition():
        if waited >= timeout_ms:
            raise AssertionError(f"timed out after {timeout_ms} ms waiting for {what}")
        page.wait_for_timeout(25)
        waited += 25
