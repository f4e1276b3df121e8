"""/appel: the Calendly inline widget, its script's lifetime, the booking redirect."""

from __future__ import annotations

from playwright.sync_api import Page, expect

from .conftest import Site
from .helpers import goto, has_marker, next_frames, set_marker
from .third_party import CALENDLY_ASSETS_HOST, CALENDLY_HOST, ThirdParties

CALENDLY_SCRIPT = 'script[src^="https://assets.calendly.com/"][src$="/widget.js"]'
DISPATCH = """([origin, event]) => window.dispatchEvent(
  new MessageEvent('message', { origin, data: { event, payload: {} } }))"""


def open_appel(site: Site, page: Page) -> None:
    """Opens /appel and waits for what the visitor sees: Calendly's frame in the widget (its
    script, added with the booking listener, has run)."""
    goto(page, site.url("/appel"))
    expect(page.locator(CALENDLY_SCRIPT)).to_have_count(1)
    expect(
        page.locator(f'.calendly-inline-widget iframe[src^="https://{CALENDLY_HOST}/"]')
    ).to_have_count(1)


def test_inline_widget(site: Site, page: Page, third_parties: ThirdParties) -> None:
    settings = site.bundles.settings
    calendly, theme = settings["providers"]["calendly"], settings["theme"]
    open_appel(site, page)
    widget = page.locator(".calendly-inline-widget")
    expect(widget).to_have_count(1)
    style = widget.evaluate(
        "(el) => { const s = getComputedStyle(el); return [s.minWidth, s.height]; }"
    )
    assert style == ["320px", "900px"]
    assert (calendly["minWidth"], calendly["height"]) == (320, 900)
    assert calendly["url"].startswith("https://calendly.com/")
    # Calendly's documented embed parameters: GDPR banner hidden, colours without "#".
    options = ["hide_event_type_details=1"] if calendly["hideEventTypeDetails"] else []
    options += ["hide_landing_page_details=1"] if calendly["hideLandingPageDetails"] else []
    options += ["hide_gdpr_banner=1"] + [
        f"{name}_color={theme[key].lstrip('#')}"
        for name, key in (("background", "background"), ("text", "text"), ("primary", "primary"))
    ]
    expected = f"{calendly['url']}?{'&'.join(options)}"
    assert widget.get_attribute("data-url") == expected
    requests = [(c.method, c.url) for c in third_parties.contacts]
    assert requests[0] == ("GET", f"https://{CALENDLY_ASSETS_HOST}/assets/external/widget.js")
    frames = third_parties.to(CALENDLY_HOST)
    assert len(frames) == 1 and len(requests) == 2, third_parties.describe()
    assert frames[0].url.startswith(expected + "&"), frames[0].url


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
    open_appel(site, page)
    page.evaluate(DISPATCH, ["https://calendly.com", "calendly.event_scheduled"])
    expect(page).to_have_url(site.url_re("/appel-confirmation"))
    expect(page).to_have_title(site.bundles.route("/appel-confirmation").head["title"])


def test_booking_message_from_elsewhere_is_ignored(site: Site, page: Page) -> None:
    open_appel(site, page)
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
