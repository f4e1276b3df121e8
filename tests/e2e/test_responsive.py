"""Responsive layout: no horizontal overflow from 320 to 1280 px, tap targets of 44×44 px,
and full-page screenshots of every route (375 and 1280 px) for reviewers."""

from __future__ import annotations

import json
import re
from collections.abc import Callable

import pytest
from playwright.sync_api import Page

from .conftest import SCREENSHOTS, Site, Visit
from .helpers import goto, wait_owned

MIN_TAP = 44

OVERFLOW = """() => {
  const doc = document.scrollingElement;
  if (doc.scrollWidth <= window.innerWidth) return null;
  const wide = Array.from(document.querySelectorAll('body *'))
    .filter((el) => el.getBoundingClientRect().right > window.innerWidth + 0.5)
    .slice(0, 5)
    .map((el) => el.tagName.toLowerCase() + (typeof el.className === 'string' && el.className
      ? '.' + el.className.split(' ').join('.') : ''));
  return { scrollWidth: doc.scrollWidth, innerWidth: window.innerWidth, wide };
}"""

SMALL_TARGETS = """(min) => Array.from(document.querySelectorAll('header a, header button'))
  .filter((el) => el.checkVisibility({ visibilityProperty: true, opacityProperty: true }))
  .map((el) => ({ el, r: el.getBoundingClientRect() }))
  .filter(({ r }) => r.width > 1 && r.height > 1 && r.bottom > 0 && r.top < innerHeight)
  .filter(({ r }) => r.width < min - 0.5 || r.height < min - 0.5)
  .map(({ el, r }) => (el.getAttribute('aria-label') || el.textContent).trim()
    + ` ${Math.round(r.width)}×${Math.round(r.height)}`)"""


def screenshot_name(width: int, key: str) -> str:
    return f"{width}-{re.sub(r'[^a-z0-9-]+', '--', key)}.jpg"


# Device → (widths checked for overflow, width of the screenshots). Touch devices up to
# tablets emulate a phone (meta viewport honoured); 1280 px is a desktop browser.
DEVICES = {"touch": ((320, 375, 768), 375), "desktop": ((1280,), 1280)}


# Layout is not the base path's: the site under /coaching/ is the same pages (its links,
# assets, policy and hydration are checked route by route by test_hydration.py, test_csp.py
# and test_ressource_mailerlite.py). Checked once, at the root build, whose screenshots the
# pull-request workflow uploads.
@pytest.mark.parametrize("site", ["root"], indirect=True)
@pytest.mark.parametrize("device", list(DEVICES))
def test_no_horizontal_overflow_and_screenshots(
    site: Site, new_visit: Callable[..., Visit], device: str
) -> None:
    """No horizontal scroll at any width; full-page screenshots of every route saved into
    screenshots/<build>/ (git-ignored; the pull-request workflow uploads them)."""
    widths, shot_width = DEVICES[device]
    touch = device == "touch"
    visit = new_visit(
        choice=None, viewport={"width": shot_width, "height": 800}, has_touch=touch, is_mobile=touch
    )
    page = visit.new_page()
    out = SCREENSHOTS / site.name
    out.mkdir(parents=True, exist_ok=True)
    for stale in out.glob(f"{shot_width}-*"):
        stale.unlink()  # a route that no longer exists must not leave its picture behind
    problems = {}

    def check_and_shoot(name: str, *, full_page: bool = True) -> None:
        for width in widths:
            page.set_viewport_size({"width": width, "height": 800})
            if overflow := page.evaluate(OVERFLOW):
                problems[f"{name} at {width}px"] = overflow
        page.set_viewport_size({"width": shot_width, "height": 800})
        page.evaluate("document.fonts.ready.then(() => true)")
        page.screenshot(
            path=out / screenshot_name(shot_width, name),
            full_page=full_page,
            animations="disabled",
            type="jpeg",
            quality=80,
        )

    goto(page, site.url("/"))
    if site.bundles.settings["providers"]["metaPixel"].get("id"):
        # First visit: the consent banner must fit at every width too.
        check_and_shoot("consent-banner", full_page=False)
        refuse = site.bundles.settings["interface"]["consent"]["refuse"]
        button = page.get_by_role("button", name=refuse, exact=True)
        wait_owned(button)  # the banner hydrates with its own chunk, after the header
        button.click()
    for route in site.bundles.pages:
        goto(page, site.url(route.path))
        check_and_shoot(route.key)
    page.goto(site.url("/pas-une-page"))
    check_and_shoot("404")
    assert not problems, json.dumps(problems, indent=1, ensure_ascii=False)


def test_header_tap_targets_at_375(site: Site, new_visit: Callable[..., Visit]) -> None:
    visit = new_visit(viewport={"width": 375, "height": 812}, has_touch=True, is_mobile=True)
    page: Page = visit.new_page()
    goto(page, site.url("/"))
    closed = page.evaluate(SMALL_TARGETS, MIN_TAP)
    page.locator("header button[aria-expanded]").first.tap()
    page.wait_for_selector("header button[aria-expanded=true]")
    opened = page.evaluate(SMALL_TARGETS, MIN_TAP)
    assert not closed and not opened, f"smaller than {MIN_TAP}px: closed {closed}, open {opened}"
