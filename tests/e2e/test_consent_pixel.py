"""Meta Pixel behind a CNIL-style consent banner, and the pixel events of each route."""

from __future__ import annotations

import json
import re
from collections.abc import Callable
from datetime import UTC, datetime, timedelta
from typing import Any

import pytest
from playwright.sync_api import Locator, Page, Route, expect

from .conftest import CONSENT_KEY, Site, Visit
from .helpers import (
    goto,
    next_frames,
    wait_header_hydrated,
    wait_hydrated,
    wait_owned,
    wait_until,
)
from .third_party import FACEBOOK_SCRIPT_HOST, ThirdParties

PIXEL_ROUTES = ("/ressource", "/merci", "/appel", "/appel-confirmation")
PIXEL_SCRIPT = "https://connect.facebook.net/en_US/fbevents.js"


@pytest.fixture
def visit(new_visit: Callable[..., Visit]) -> Visit:
    """Every test here starts as a first visit: no choice made yet."""
    return new_visit(choice=None)


def consent_texts(site: Site) -> dict[str, str]:
    return site.bundles.settings["interface"]["consent"]


def pixel_id(site: Site) -> str:
    found = site.bundles.settings["providers"]["metaPixel"].get("id")
    assert found, "the shipped settings have no Meta Pixel id: nothing to test here"
    return found


def banner(page: Page, site: Site) -> Locator:
    return page.get_by_role("dialog", name=consent_texts(site)["title"])


def choose(page: Page, site: Site, choice: str) -> None:
    button = banner(page, site).get_by_role("button", name=consent_texts(site)[choice], exact=True)
    # The banner is drawn with the page but hydrates with its own chunk, after the header: a
    # click before that does nothing yet (the visitor clicks again once it works).
    wait_owned(button)
    button.click()


def fbq_calls(page: Page) -> list[list[Any]]:
    return page.evaluate("window.__fbqCalls || []")


def wait_for_track(page: Page, event: str) -> None:
    page.wait_for_function(
        "(event) => (window.__fbqCalls || []).some((c) => c[0] === 'track' && c[1] === event)",
        arg=event,
    )


def expected_params(site: Site, path: str) -> tuple[str, dict[str, Any]]:
    pixel = site.bundles.route(path).pixel
    assert pixel, f"{path} has no pixel event in its bundle"
    params = {k: v for k, v in (pixel.get("params") or {}).items() if v is not None}
    return pixel["event"], params


def store_choice(page: Page, choice: str, age: timedelta) -> None:
    date = (datetime.now(UTC) - age).strftime("%Y-%m-%dT%H:%M:%S.000Z")
    page.evaluate(
        "([key, value]) => localStorage.setItem(key, value)",
        [CONSENT_KEY, json.dumps({"choice": choice, "date": date})],
    )


def test_nothing_loads_before_a_choice(site: Site, page: Page, third_parties: ThirdParties) -> None:
    pixel_id(site)
    goto(page, site.url("/"))
    expect(banner(page, site)).to_be_visible()
    accept = banner(page, site).get_by_role(
        "button", name=consent_texts(site)["accept"], exact=True
    )
    refuse = banner(page, site).get_by_role(
        "button", name=consent_texts(site)["refuse"], exact=True
    )
    expect(accept).to_be_in_viewport()
    expect(refuse).to_be_in_viewport()
    # Refusing is as easy as accepting: same kind of control, same size and look.
    a, r = accept.bounding_box(), refuse.bounding_box()
    assert (
        a
        and r
        and abs(a["height"] - r["height"]) < 1
        and abs(a["width"] - r["width"]) <= 0.25 * a["width"]
    )
    look = """(el) => { const s = getComputedStyle(el);
                        return [s.fontSize, s.fontWeight, s.backgroundColor, s.color]; }"""
    assert accept.evaluate(look) == refuse.evaluate(look)
    for path in PIXEL_ROUTES:
        goto(page, site.url(path))
        expect(banner(page, site)).to_be_visible()
    assert page.evaluate("typeof window.fbq") == "undefined"
    assert not third_parties.to(FACEBOOK_SCRIPT_HOST), third_parties.describe()
    assert not [c for c in third_parties.contacts if "facebook" in c.host], third_parties.describe()


def test_refuse(site: Site, page: Page, third_parties: ThirdParties) -> None:
    pixel_id(site)
    goto(page, site.url("/"))
    choose(page, site, "refuse")
    expect(banner(page, site)).to_be_hidden()
    stored = json.loads(page.evaluate("(key) => localStorage.getItem(key)", CONSENT_KEY))
    assert stored["choice"] == "refused"
    page.reload()
    wait_hydrated(page)
    next_frames(page)
    expect(banner(page, site)).to_have_count(0)
    for path in PIXEL_ROUTES:  # their events must not throw without window.fbq
        goto(page, site.url(path))
        next_frames(page)
        expect(banner(page, site)).to_have_count(0)
    assert page.evaluate("typeof window.fbq") == "undefined"
    assert not [c for c in third_parties.contacts if "facebook" in c.host], third_parties.describe()


def test_accept_loads_the_pixel_and_sends_each_route_event(
    site: Site, page: Page, third_parties: ThirdParties
) -> None:
    the_id = pixel_id(site)
    goto(page, site.url("/"))
    choose(page, site, "accept")
    expect(banner(page, site)).to_be_hidden()
    page.wait_for_function("() => (window.__fbqCalls || []).length >= 2")
    calls = fbq_calls(page)
    assert calls[:2] == [["init", the_id], ["track", "PageView"]], calls
    # Meta's base code: one GET of fbevents.js, inserted before the page's first script.
    assert [(c.method, c.url) for c in third_parties.contacts] == [("GET", PIXEL_SCRIPT)], (
        third_parties.describe()
    )
    assert page.evaluate("document.scripts[0].src") == PIXEL_SCRIPT
    assert page.evaluate("window._fbq === window.fbq && window.fbq.version") == "2.0"
    for path in PIXEL_ROUTES:  # a new page load each time: the stored choice reloads the pixel
        event, params = expected_params(site, path)
        goto(page, site.url(path))
        wait_for_track(page, event)
        calls = fbq_calls(page)
        assert ["init", the_id] in calls and ["track", "PageView"] in calls, (path, calls)
        assert ["track", event, params] in calls, (path, calls)
    assert expected_params(site, "/appel")[1].get("content_type") == "calendly_booking"
    assert {c.host for c in third_parties.contacts if "facebook" in c.host} == {
        FACEBOOK_SCRIPT_HOST
    }


def test_route_events_on_client_side_navigation(site: Site, page: Page) -> None:
    pixel_id(site)
    goto(page, site.url("/"))
    choose(page, site, "accept")
    page.wait_for_function("() => (window.__fbqCalls || []).length >= 2")
    page.locator("header").first.get_by_role("link", name="Guide gratuit", exact=True).click()
    event, params = expected_params(site, "/ressource")
    wait_for_track(page, event)
    assert ["track", event, params] in fbq_calls(page)
    assert fbq_calls(page).count(["init", pixel_id(site)]) == 1


def test_schedule_event_after_booking(site: Site, page: Page) -> None:
    pixel_id(site)
    goto(page, site.url("/appel"))
    choose(page, site, "accept")
    wait_for_track(page, "ViewContent")
    # The booking listener comes with Calendly's script: wait for it as a visitor would.
    expect(page.locator('script[src$="/assets/external/widget.js"]')).to_have_count(1)
    page.evaluate(
        """() => window.dispatchEvent(new MessageEvent('message',
             { origin: 'https://calendly.com', data: { event: 'calendly.event_scheduled' } }))"""
    )
    expect(page).to_have_url(site.url_re("/appel-confirmation"))
    event, params = expected_params(site, "/appel-confirmation")
    wait_for_track(page, event)
    assert ["track", event, params] in fbq_calls(page)


def test_footer_link_reopens_the_choice(
    site: Site, page: Page, third_parties: ThirdParties
) -> None:
    goto(page, site.url("/"))
    choose(page, site, "refuse")
    expect(banner(page, site)).to_be_hidden()
    page.locator("footer").last.get_by_role(
        "button", name=consent_texts(site)["manage"], exact=True
    ).click()
    expect(banner(page, site)).to_be_visible()
    choose(page, site, "accept")
    page.wait_for_function("() => (window.__fbqCalls || []).length >= 2")
    assert third_parties.to(FACEBOOK_SCRIPT_HOST, "/fbevents.js")


def test_choice_expires_after_six_months(
    site: Site, page: Page, third_parties: ThirdParties
) -> None:
    pixel_id(site)
    goto(page, site.url("/"))
    store_choice(page, "accepted", timedelta(days=30 * 5))  # still valid: proves the format
    goto(page, site.url("/contact"))
    page.wait_for_function("() => (window.__fbqCalls || []).length >= 2")
    next_frames(page)
    expect(banner(page, site)).to_have_count(0)
    store_choice(page, "accepted", timedelta(days=7 * 31))
    third_parties.clear()
    goto(page, site.url("/contact"))
    expect(banner(page, site)).to_be_visible()
    next_frames(page)
    assert page.evaluate("typeof window.fbq") == "undefined"
    assert not third_parties.to(FACEBOOK_SCRIPT_HOST), third_parties.describe()


#: True when the middle of the element is what a tap there reaches.
UNDER_THE_POINTER = """(el) => {
  const r = el.getBoundingClientRect();
  const hit = document.elementFromPoint(r.left + r.width / 2, r.top + r.height / 2);
  return Boolean(hit && (hit === el || el.contains(hit)));
}"""


def test_banner_leaves_the_footer_reachable(site: Site, page: Page) -> None:
    """The banner is not modal: before choosing, a visitor can still reach every footer link
    (the legal notice and the privacy policy above all)."""
    goto(page, site.url("/"))
    expect(banner(page, site)).to_be_visible()
    page.evaluate("window.scrollTo(0, document.scrollingElement.scrollHeight)")
    next_frames(page)
    hidden = (
        page.locator("footer")
        .last.locator("a, button")
        .evaluate_all(
            """(els) => els.filter((el) => {
             const r = el.getBoundingClientRect();
             const hit = document.elementFromPoint(r.left + r.width / 2, r.top + r.height / 2);
             return !(hit && (hit === el || el.contains(hit)));
           }).map((el) => el.textContent.trim())"""
        )
    )
    assert not hidden, f"covered by the consent banner at the bottom of the page: {hidden}"


#: The site's entry script (the code that hydrates), as the build names it.
ENTRY_SCRIPT = re.compile(r".*/assets/index-[^/]+\.js$")


@pytest.mark.parametrize(("choice", "shown"), [(None, True), ("refused", False)])
def test_banner_comes_with_the_page_not_with_its_code(
    site: Site, new_visit: Callable[..., Visit], choice: str | None, shown: bool
) -> None:
    """The banner is part of the prerendered page, shown by the page's first small script
    when no choice is stored: a first visit sees it before the site's code has arrived (here
    it never does), a returning visitor never sees it, not even for a frame."""
    pixel_id(site)
    visit = new_visit(choice=choice)
    visit.context.route(ENTRY_SCRIPT, lambda route: route.abort())
    page = visit.new_page()
    page.goto(site.url("/contact"))
    page.wait_for_load_state("load")
    next_frames(page)
    hydrated = "Object.keys(document.querySelector('h1')).some((k) => k.startsWith('__react'))"
    assert page.evaluate(hydrated) is False, "the entry was blocked: nothing may have hydrated"
    found = page.get_by_role("dialog", name=consent_texts(site)["title"], include_hidden=True)
    expect(found).to_have_count(1)
    if shown:
        expect(found).to_be_visible()
        expect(found.get_by_role("button", name=consent_texts(site)["refuse"])).to_be_visible()
    else:
        expect(found).to_be_hidden()
    if shown:  # and it leaves the footer reachable, as once hydrated
        page.evaluate("window.scrollTo(0, document.scrollingElement.scrollHeight)")
        next_frames(page)
        manage = page.locator("footer").last.get_by_role(
            "button", name=consent_texts(site)["manage"], exact=True
        )
        assert manage.evaluate(UNDER_THE_POINTER), "the banner covers the footer"


#: The consent banner's own chunk (consent-banner-loader.ts), loaded after the page's code.
BANNER_CHUNK = re.compile(r".*/assets/ConsentBanner-[^/]+\.js$")
OWNED_BY_REACT = "(el) => Object.keys(el).some((key) => key.startsWith('__reactFiber$'))"


@pytest.mark.parametrize(
    ("choice", "held"), [("accept", "banner"), ("refuse", "banner"), ("accept", "all code")]
)
def test_a_choice_made_before_the_banner_hydrates_is_kept(
    site: Site, visit: Visit, choice: str, held: str
) -> None:
    """On a slow phone the banner's code comes seconds after the banner: a tap on « Accepter »
    or « Refuser » meanwhile is kept (the banner goes at once) and honoured once the code
    arrives. Here its chunk (and, or not, the rest of the page's code) waits at the network
    edge until the test lets it through."""
    the_id = pixel_id(site)
    waiting: list[Route] = []

    def hold(route: Route) -> None:
        waiting.append(route)

    visit.context.route(BANNER_CHUNK, hold)
    if held == "all code":
        visit.context.route(ENTRY_SCRIPT, hold)
    page = visit.new_page()
    page.goto(site.url("/"))
    if held == "banner":
        wait_header_hydrated(page)
    wait_until(page, lambda: len(waiting) == (1 if held == "banner" else 2), "the code asked for")
    button = banner(page, site).get_by_role("button", name=consent_texts(site)[choice], exact=True)
    assert not button.evaluate(OWNED_BY_REACT), "the banner hydrated although its code waits"
    button.click()
    expect(banner(page, site)).to_be_hidden()
    assert page.evaluate("typeof window.fbq") == "undefined", "the pixel came before its code"
    stored = json.loads(page.evaluate("(key) => localStorage.getItem(key)", CONSENT_KEY))
    assert stored["choice"] == {"accept": "accepted", "refuse": "refused"}[choice]

    for route in waiting:
        route.continue_()
    wait_hydrated(page)
    # Hydrated, the banner adopted the choice: it takes itself away, and never comes back.
    title = consent_texts(site)["title"]
    expect(page.get_by_role("dialog", name=title, include_hidden=True)).to_have_count(0)
    if choice == "accept":
        page.wait_for_function("() => (window.__fbqCalls || []).length >= 2")
        assert fbq_calls(page)[:2] == [["init", the_id], ["track", "PageView"]]
        assert visit.third_parties.to(FACEBOOK_SCRIPT_HOST, "/fbevents.js")
    else:
        next_frames(page)
        assert page.evaluate("typeof window.fbq") == "undefined"
        assert not visit.third_parties.to(FACEBOOK_SCRIPT_HOST), visit.third_parties.describe()
