"""/appel: the Calendly inline widget, its script's lifetime, the booking redirect."""

from __future__ import annotations

from urllib.parse import parse_qs, urlsplit

from playwright.sync_api import Page, expect

from .conftest import Site
from .helpers import goto, has_marker, next_frames, set_marker
from .third_party import CALENDLY_ASSETS_HOST, CALENDLY_HOST, ThirdParties

CALENDLY_SCRIPT = 'script[src^="https://assets.calendly.com/"][src$="/widget.js"]'
DISPATCH = """([origin, event]) => window.dispatchEvent(
  new MessageEvent('message', { origin, data: { event, payload: {} } }))"""


def test_inline_widget(site: Site, page: Page, third_parties: ThirdParties) -> None:
    settings = site.bundles.settings
    calendly, theme = settings["providers"]["calendly"], settings["theme"]
    goto(page, site.url("/appel"))
    widget = page.locator(".calendly-inline-widget")
    expect(widget).to_have_count(1)
    style = widget.evaluate(
        "(el) => { const s = getComputedStyle(el); return [s.minWidth, s.height]; }"
    )
    assert style == ["320px", "900px"]
    assert (calendly["minWidth"], calendly["height"]) == (320, 900)
    data_url = widget.get_attribute("data-url") or ""
    parts = urlsplit(data_url)
    assert f"{parts.scheme}://{parts.netloc}{parts.path}" == calendly["url"].split("?")[0]
    query = {k: v[0].lower() for k, v in parse_qs(parts.query).items()}
    assert query["hide_gdpr_banner"] == "1"
    assert query["primary_color"] == theme["primary"].lstrip("#").lower()
    assert query["text_color"] == theme["text"].lstrip("#").lower()
    assert query["background_color"] == theme["background"].lstrip("#").lower()
    expect(page.locator(CALENDLY_SCRIPT)).to_have_count(1)
    expect(widget.locator(f'iframe[src^="https://{CALENDLY_HOST}/"]')).to_have_count(1)
    assert third_parties.to(CALENDLY_ASSETS_HOST, "/widget.js"), third_parties.describe()


def test_script_removed_on_leaving_and_added_on_entering(site: Site, page: Page) -> None:
    goto(page, site.url("/appel"))
    expect(page.locator(CALENDLY_SCRIPT)).to_have_count(1)
    set_marker(page)
    home = next(
        lk["label"] for lk in site.bundles.settings["navigation"]["header"] if lk["href"] == "/"
    )
    page.locator("header").first.get_by_role("link", name=home, exact=True).click()
    expect(page).to_have_url(site.url_re("/"))
    assert has_marker(page), "leaving /appel should be a client-side navigation here"
    expect(page.locator(CALENDLY_SCRIPT)).to_have_count(0)
    expect(page.locator(".calendly-inline-widget")).to_have_count(0)
    page.go_back()  # same document: the route is entered again without a reload
    expect(page).to_have_url(site.url_re("/appel"))
    assert has_marker(page)
    expect(page.locator(CALENDLY_SCRIPT)).to_have_count(1)
    expect(page.locator(".calendly-inline-widget")).to_have_count(1)


def test_booking_message_from_calendly_redirects(site: Site, page: Page) -> None:
    goto(page, site.url("/appel"))
    page.evaluate(DISPATCH, ["https://calendly.com", "calendly.event_scheduled"])
    expect(page).to_have_url(site.url_re("/appel-confirmation"))
    expect(page).to_have_title(site.bundles.route("/appel-confirmation").head["title"])


def test_booking_message_from_elsewhere_is_ignored(site: Site, page: Page) -> None:
    goto(page, site.url("/appel"))
    for origin, event in [
        ("https://evil.example", "calendly.event_scheduled"),
        ("https://calendly.com.evil.example", "calendly.event_scheduled"),
        ("http://calendly.com", "calendly.event_scheduled"),
        (site.server.origin, "calendly.event_scheduled"),
        ("https://calendly.com", "calendly.date_and_time_selected"),
    ]:
        page.evaluate(DISPATCH, [origin, event])
    next_frames(page)
    expect(page).to_have_url(site.url_re("/appel"))
    # The listener is still there: the genuine message still works afterwards.
    page.evaluate(DISPATCH, ["https://calendly.com", "calendly.event_scheduled"])
    expect(page).to_have_url(site.url_re("/appel-confirmation"))
