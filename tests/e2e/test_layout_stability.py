"""What a visitor sees before the code runs is the page: every block of the prerendered page
already has its final size (no cell styled only once its code arrives), and loading a page
moves nothing under the reader's eyes. On a phone, where text wraps the most; the pages
without a provider's widget (those widgets size themselves when they arrive)."""

from __future__ import annotations

from collections.abc import Callable

import pytest

from .conftest import MOBILE, Site, Visit
from .helpers import goto

STILL_PAGES = ("/", "/blog", "/a-propos", "/contact")

# The height of each block of the main content, in order.
BLOCKS = """() => [...document.querySelectorAll('main > *, main article > *')].map((el) =>
  `${el.tagName.toLowerCase()}.${el.className}: `
  + Math.round(el.getBoundingClientRect().height))"""

# Layout shifts from the start of the load (buffered), summed as Chrome's CLS does for a
# short visit: read once the page is whole (see test_loading_a_page_moves_nothing), two
# frames after the observer starts, with what it holds but has not delivered yet.
SHIFTS = """() => new Promise((resolve) => {
  let total = 0;
  const add = (entries) => {
    for (const entry of entries) if (!entry.hadRecentInput) total += entry.value;
  };
  const observer = new PerformanceObserver((list) => add(list.getEntries()));
  observer.observe({ type: 'layout-shift', buffered: true });
  requestAnimationFrame(() => requestAnimationFrame(() => {
    add(observer.takeRecords());
    observer.disconnect();
    resolve(total);
  }));
})"""


def _pages(site: Site) -> list[str]:
    article = next(r.path for r in site.bundles.pages if r.kind == "article")
    return [*STILL_PAGES, article]


def _blocks(visit: Visit, url: str, *, hydrated: bool) -> list[str]:
    page = visit.new_page()
    if hydrated:
        goto(page, url)
    else:
        page.goto(url)
    page.evaluate("document.fonts.ready")
    blocks: list[str] = page.evaluate(BLOCKS)
    return blocks


def test_the_prerendered_page_has_its_final_layout(
    site: Site, new_visit: Callable[..., Visit]
) -> None:
    without_code = new_visit(java_script_enabled=False, viewport=MOBILE)
    with_code = new_visit(viewport=MOBILE)
    for route in _pages(site):
        before = _blocks(without_code, site.url(route), hydrated=False)
        after = _blocks(with_code, site.url(route), hydrated=True)
        assert before == after, f"{route}: the blocks change size once the code has run"


@pytest.mark.parametrize("route", STILL_PAGES)
def test_loading_a_page_moves_nothing(
    site: Site, new_visit: Callable[..., Visit], route: str
) -> None:
    page = new_visit(viewport=MOBILE).new_page()
    # Whatever could move the page has come: its code (hydrated), then its fonts.
    goto(page, site.url(route))
    page.evaluate("document.fonts.ready")
    shift: float = page.evaluate(SHIFTS)
    # Chrome calls 0.1 « good »; a block that jumps once its style arrives scores ~0.025.
    assert shift < 0.01, f"{route}: layout shift {shift:.3f} while the page loads"
