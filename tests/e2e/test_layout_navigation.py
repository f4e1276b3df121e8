"""The shared layout: header, mobile menu, footer, scroll to top on route change."""

from __future__ import annotations

import datetime as dt
from collections.abc import Callable

from playwright.sync_api import Page, expect

from .conftest import MOBILE, Site, Visit
from .helpers import goto, has_marker, set_marker

# Fixed by the specification (shared layout).
HEADER_PATHS = ("/", "/a-propos", "/contact")
BOOK_CALL = "Réservez un appel"
FREE_GUIDE = "Guide gratuit"
FOOTER_PATHS = ("/", "/a-propos", "/contact", "/mentions-legales", "/politique-confidentialite")


def test_header_links(site: Site, page: Page) -> None:
    goto(page, site.url("/"))
    header = page.locator("header").first
    configured = {
        link["href"]: link["label"] for link in site.bundles.settings["navigation"]["header"]
    }
    for path in HEADER_PATHS:
        assert path in configured, f"header navigation of the settings lacks {path}"
        link = header.locator(f'a[href="{site.path(path)}"]').filter(has_text=configured[path])
        expect(link.first).to_be_visible()


def test_header_link_navigates_client_side(site: Site, page: Page) -> None:
    goto(page, site.url("/"))
    set_marker(page)
    label = next(
        lk["label"]
        for lk in site.bundles.settings["navigation"]["header"]
        if lk["href"] == "/a-propos"
    )
    page.locator("header").first.get_by_role("link", name=label, exact=True).click()
    expect(page).to_have_url(site.url_re("/a-propos"))
    expect(page).to_have_title(site.bundles.route("/a-propos").head["title"])
    assert has_marker(page), "header link caused a full page load"


def test_book_a_call_is_a_full_page_load(site: Site, page: Page) -> None:
    goto(page, site.url("/"))
    set_marker(page)
    button = page.locator("header").first.get_by_role("link", name=BOOK_CALL, exact=True)
    expect(button).to_have_attribute("href", site.path("/appel"))
    button.click()
    expect(page).to_have_url(site.url_re("/appel"))
    expect(page.locator(".calendly-inline-widget")).to_have_count(1)
    assert not has_marker(page), "'Réservez un appel' must load /appel as a new page"


def test_free_guide_goes_to_ressource(site: Site, page: Page) -> None:
    goto(page, site.url("/contact"))
    page.locator("header").first.get_by_role("link", name=FREE_GUIDE, exact=True).click()
    expect(page).to_have_url(site.url_re("/ressource"))
    expect(page).to_have_title(site.bundles.route("/ressource").head["title"])


def test_mobile_menu_toggles_and_closes_on_tap(site: Site, new_visit: Callable[..., Visit]) -> None:
    page = new_visit(viewport=MOBILE, has_touch=True, is_mobile=True).new_page()
    texts = site.bundles.settings["interface"]["header"]
    goto(page, site.url("/"))
    header = page.locator("header").first
    toggle = header.locator("button[aria-expanded]")
    expect(toggle).to_have_count(1)
    expect(toggle).to_have_attribute("aria-expanded", "false")
    expect(toggle).to_have_accessible_name(texts["menuOpen"])
    label = next(
        lk["label"]
        for lk in site.bundles.settings["navigation"]["header"]
        if lk["href"] == "/a-propos"
    )
    link = header.get_by_role("link", name=label, exact=True)
    expect(link).to_be_hidden()
    toggle.tap()
    expect(toggle).to_have_attribute("aria-expanded", "true")
    expect(toggle).to_have_accessible_name(texts["menuClose"])
    expect(link).to_be_visible()
    toggle.tap()
    expect(toggle).to_have_attribute("aria-expanded", "false")
    expect(link).to_be_hidden()
    toggle.tap()
    set_marker(page)
    link.tap()
    expect(page).to_have_url(site.url_re("/a-propos"))
    expect(toggle).to_have_attribute("aria-expanded", "false")
    expect(link).to_be_hidden()
    assert has_marker(page)


def test_desktop_has_no_menu_toggle(site: Site, page: Page) -> None:
    goto(page, site.url("/"))
    expect(page.locator("header").first.locator("button[aria-expanded]")).to_be_hidden()


def test_footer(site: Site, page: Page) -> None:
    settings = site.bundles.settings
    goto(page, site.url("/"))
    footer = page.locator("footer").last
    configured = {link["href"]: link["label"] for link in settings["navigation"]["footer"]}
    for path in FOOTER_PATHS:
        assert path in configured, f"footer navigation of the settings lacks {path}"
        expect(
            footer.locator(f'a[href="{site.path(path)}"]').filter(has_text=configured[path]).first
        ).to_be_visible()
    expect(footer.locator(f'a[href="mailto:{settings["email"]}"]').first).to_contain_text(
        settings["email"]
    )
    expect(footer.locator(f'a[href="{settings["socialUrl"]}"]').first).to_be_visible()
    expect(footer).to_contain_text("©")
    # The year of the build (these sites were built today), never one typed in the settings.
    year = site.bundles.site["buildYear"]
    assert year in (dt.date.today().year, dt.date.today().year - 1)
    expect(footer).to_contain_text(f"© {year} {site.bundles.brand}")


def test_footer_legal_links_work(site: Site, page: Page) -> None:
    goto(page, site.url("/"))
    for path in ("/mentions-legales", "/politique-confidentialite"):
        page.locator("footer").last.locator(f'a[href="{site.path(path)}"]').first.click()
        expect(page).to_have_url(site.url_re(path))
        expect(page).to_have_title(site.bundles.route(path).head["title"])


def test_scroll_to_top_on_route_change(site: Site, page: Page) -> None:
    goto(page, site.url("/"))
    page.evaluate("window.scrollTo(0, 700)")
    page.wait_for_function("() => window.scrollY >= 600")
    set_marker(page)
    label = next(
        lk["label"]
        for lk in site.bundles.settings["navigation"]["header"]
        if lk["href"] == "/contact"
    )
    page.locator("header").first.get_by_role("link", name=label, exact=True).click()
    expect(page).to_have_url(site.url_re("/contact"))
    page.wait_for_function("() => window.scrollY === 0")
    assert has_marker(page), "the link reloaded the page: scroll to top not exercised"
    # The page is long enough that staying at 700px was possible.
    assert page.evaluate("document.scrollingElement.scrollHeight - innerHeight") >= 700
