"""The first screen of a first visit, consent banner shown: on a 375 × 812 phone and a
1280 × 800 desktop the banner takes at most a fifth of the height, the hero's title and every
call to action stay in view above it, the keyboard reaches the two choices first, and
refusing is exactly as easy as accepting (same size, same look, same row). Screenshots go to
screenshots/<build>/first-visit-<width>.png."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pytest
from playwright.sync_api import Locator, Page, expect

from .bundles import normalize
from .conftest import DESKTOP, MOBILE, SCREENSHOTS, Site, Visit
from .helpers import goto

SCREENS = {"phone": (MOBILE, True), "desktop": (DESKTOP, False)}

# True when the centre and the middle of each edge of the element (inside rounded corners)
# are what the visitor sees there: nothing, like the fixed banner or header, covers it.
UNCOVERED = """(el) => {
  const r = el.getBoundingClientRect();
  const x = r.left + r.width / 2, y = r.top + r.height / 2, inset = Math.min(r.height / 2, 24);
  const points = [[x, y], [x, r.top + 2], [x, r.bottom - 2], [r.left + inset, y],
    [r.right - inset, y]];
  return points.every(([x, y]) => {
    const hit = document.elementFromPoint(x, y);
    return hit !== null && (hit === el || el.contains(hit));
  });
}"""


def box(locator: Locator) -> dict[str, float]:
    found = locator.bounding_box()
    assert found is not None, f"{locator} is not rendered"
    return found


def in_view(locator: Locator, page: Page) -> bool:
    b, size = box(locator), page.viewport_size
    assert size is not None
    return b["y"] >= 0 and b["y"] + b["height"] <= size["height"] and b["x"] >= 0


def hero_actions(site: Site) -> list[dict[str, Any]]:
    hero = site.bundles.route("/").cell("hero")
    assert hero["actions"], "the home hero has no call to action"
    actions: list[dict[str, Any]] = hero["actions"]
    return actions


def first_visit(
    site: Site, new_visit: Callable[..., Visit], screen: str
) -> tuple[Page, Locator, dict[str, str]]:
    """Home page of a first visit on ``screen``: the page, the consent banner, its texts."""
    viewport, phone = SCREENS[screen]
    visit = new_visit(choice=None, viewport=viewport, is_mobile=phone, has_touch=phone)
    page = visit.new_page()
    goto(page, site.url("/"))
    consent: dict[str, str] = site.bundles.settings["interface"]["consent"]
    banner = page.get_by_role("dialog", name=consent["title"])
    expect(banner).to_be_visible()
    return page, banner, consent


@pytest.mark.parametrize("screen", list(SCREENS))
def test_first_visit_keeps_title_and_calls_to_action_in_view(
    site: Site, new_visit: Callable[..., Visit], screen: str
) -> None:
    page, banner, _ = first_visit(site, new_visit, screen)
    viewport = SCREENS[screen][0]
    page.evaluate("document.fonts.ready")
    out = SCREENSHOTS / site.name
    out.mkdir(parents=True, exist_ok=True)
    page.screenshot(path=out / f"first-visit-{viewport['width']}.png")

    height = viewport["height"]
    assert box(banner)["height"] <= height / 5, f"banner {box(banner)} on a {viewport} screen"
    title = page.locator("main h1").first
    expect(title).to_have_text(normalize(site.bundles.route("/").cell("hero")["title"]))
    ctas = [
        (action["label"], page.locator("main").get_by_role("link", name=action["label"]).first)
        for action in hero_actions(site)
    ]
    for what, element in (("title", title), *ctas):
        expect(element).to_be_visible()
        assert in_view(element, page), f"the hero's {what} is outside the first screen"
        assert element.evaluate(UNCOVERED), f"the hero's {what} is covered (banner or header)"
        assert box(element)["y"] + box(element)["height"] <= box(banner)["y"]


@pytest.mark.parametrize("screen", list(SCREENS))
def test_the_keyboard_reaches_the_choices_first(
    site: Site, new_visit: Callable[..., Visit], screen: str
) -> None:
    """From the top of the page, the first two Tabs are « Refuser » then « Accepter » (on
    /blog, 30 Tabs used to go through the page first); the banner's text and its link follow."""
    page, banner, consent = first_visit(site, new_visit, screen)
    page.keyboard.press("Tab")
    expect(banner.get_by_role("button", name=consent["refuse"], exact=True)).to_be_focused()
    page.keyboard.press("Tab")
    expect(banner.get_by_role("button", name=consent["accept"], exact=True)).to_be_focused()
    page.keyboard.press("Tab")
    expect(banner.get_by_role("link", name=consent["policyLink"])).to_be_focused()


@pytest.mark.parametrize("screen", list(SCREENS))
def test_refusing_is_exactly_as_easy_as_accepting(
    site: Site, new_visit: Callable[..., Visit], screen: str
) -> None:
    page, banner, consent = first_visit(site, new_visit, screen)
    refuse = banner.get_by_role("button", name=consent["refuse"], exact=True)
    accept = banner.get_by_role("button", name=consent["accept"], exact=True)
    r, a = box(refuse), box(accept)
    assert abs(r["width"] - a["width"]) < 1 and abs(r["height"] - a["height"]) < 1, (r, a)
    assert abs(r["y"] - a["y"]) < 1, "both choices sit on the same row"
    assert r["height"] >= 44 and r["width"] >= 44, "a full-size tap target each"
    look = """(el) => { const s = getComputedStyle(el);
        return [s.fontSize, s.fontWeight, s.backgroundColor, s.color, s.borderRadius]; }"""
    assert refuse.evaluate(look) == accept.evaluate(look)
    for button in (refuse, accept):
        assert in_view(button, page) and button.evaluate(UNCOVERED)
