"""A variant of the site settings, rebuilt with no code change: without a Meta Pixel id there
is no consent banner, no pixel and no error; another primary colour recolours the buttons and
the Calendly widget.

One variant build (tests/e2e/variants.py) serves both checks."""

from __future__ import annotations

import re
from collections.abc import Iterator
from pathlib import Path

import pytest
import yaml
from playwright.sync_api import Browser, expect

from .conftest import Site, Visit
from .helpers import goto, next_frames
from .variants import variant_site

#: A primary colour that is not the shipped one (white text on it passes WCAG AA).
VARIANT_PRIMARY = "#1f4e79"


def variant_settings(settings_file: Path) -> None:
    """No pixel id, and VARIANT_PRIMARY as the brand's primary colour."""
    text = settings_file.read_text(encoding="utf-8")
    match = re.match(r"^---\n(.*?)\n---\n?(.*)$", text, re.DOTALL)
    assert match, f"{settings_file} has no frontmatter"
    data = yaml.safe_load(match.group(1))
    data["providers"].pop("metaPixel", None)
    assert data["theme"]["primary"].lower() != VARIANT_PRIMARY
    data["theme"]["primary"] = VARIANT_PRIMARY
    dumped = yaml.safe_dump(data, allow_unicode=True, sort_keys=False)
    settings_file.write_text(f"---\n{dumped}---\n{match.group(2)}", encoding="utf-8")


@pytest.fixture(scope="session")
def no_pixel_site(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Site]:
    with variant_site(
        tmp_path_factory,
        "no-pixel",
        lambda content: variant_settings(content / "reglages" / "site.md"),
    ) as site:
        assert not site.bundles.settings["providers"]["metaPixel"].get("id")
        assert site.bundles.settings["theme"]["primary"] == VARIANT_PRIMARY
        yield site


def test_no_banner_no_pixel_without_an_id(browser: Browser, no_pixel_site: Site) -> None:
    site = no_pixel_site
    visit = Visit(browser, bundles=no_pixel_site.bundles)
    try:
        page = visit.new_page()
        manage = site.bundles.settings["interface"]["consent"]["manage"]
        for path in ("/", "/ressource", "/merci", "/appel", "/appel-confirmation"):
            goto(page, site.url(path))
            next_frames(page)
            expect(page.get_by_role("dialog")).to_have_count(0)
            expect(page.get_by_role("button", name=manage)).to_have_count(0)
            assert page.evaluate("typeof window.fbq") == "undefined"
        assert not [c for c in visit.third_parties.contacts if "facebook" in c.host]
        assert not visit.problems(), visit.problems()
    finally:
        visit.close()


def test_primary_colour_from_settings_recolours_buttons_and_calendly(
    browser: Browser, no_pixel_site: Site
) -> None:
    site = no_pixel_site
    red, green, blue = (int(VARIANT_PRIMARY[i : i + 2], 16) for i in (1, 3, 5))
    visit = Visit(browser, bundles=no_pixel_site.bundles)
    try:
        page = visit.new_page()
        goto(page, site.url("/"))
        button = page.locator("a.button--primary").first
        expect(button).to_have_css("background-color", f"rgb({red}, {green}, {blue})")
        goto(page, site.url("/appel"))
        widget = page.locator(".calendly-inline-widget")
        expect(widget).to_have_attribute(
            "data-url", re.compile(f"primary_color={VARIANT_PRIMARY[1:]}")
        )
    finally:
        visit.close()
