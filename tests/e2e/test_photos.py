"""Team and about photos look right with real photos of any shape, cropped around the focus
point set in content, and keep looking right with the shipped placeholders: round portraits
stay round and undistorted, the about picture stays inside its frame.

The real-photo case is a variant build (tests/e2e/variants.py) whose content has a very wide,
a very tall and a square portrait, and a very tall about picture, each with or without a
``focus``. Screenshots at 375 and 1280 px go to screenshots/<build>/photos-<width>-<page>.png."""

from __future__ import annotations

import re
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest
from PIL import Image
from playwright.sync_api import Browser, Page, expect

from .conftest import DESKTOP, MOBILE, SCREENSHOTS, Site, Visit
from .helpers import goto
from .variants import variant_site

# file stem → (width, height, focus written in content or None)
PORTRAITS = {
    "claire-delmas": (2400, 800, "20% 50%"),
    "julien-moreau": (600, 1800, "50% 15%"),
    "sarah-benali": (1000, 1000, None),
}
ABOUT = (900, 2000, "50% 20%")
REM = 16

GEOMETRY = """(img) => {
  const s = getComputedStyle(img), r = img.getBoundingClientRect();
  return { width: r.width, height: r.height, fit: s.objectFit, position: s.objectPosition,
           radius: s.borderTopLeftRadius, natural: [img.naturalWidth, img.naturalHeight],
           complete: img.complete };
}"""


def photo(path: Path, size: tuple[int, int]) -> None:
    """A photo-like JPEG: two colour bands, so a crop shows in the screenshots."""
    path.parent.mkdir(parents=True, exist_ok=True)
    picture = Image.new("RGB", size, (196, 160, 130))
    picture.paste((60, 110, 98), (0, 0, size[0] // 2, size[1] // 3))
    picture.save(path, quality=80)


def with_real_photos(content: Path) -> None:
    for stem, (width, height, focus) in PORTRAITS.items():
        photo(content / "images" / "equipe" / f"{stem}.jpg", (width, height))
        member = content / "equipe" / f"{stem}.md"
        text = re.sub(r"src: .*", f"src: /images/equipe/{stem}.jpg", member.read_text("utf-8"))
        text = re.sub(r"alt: .*", f"alt: Photo de {stem}", text)
        if focus:
            text = text.replace("\norder:", f"\n  focus: {focus}\norder:")
        member.write_text(text, encoding="utf-8")
    width, height, focus = ABOUT
    photo(content / "images" / "claire-portrait.jpg", (width, height))
    about = content / "pages" / "a-propos.md"
    text = about.read_text(encoding="utf-8")
    text = re.sub(
        r"src: /images/provisoires/claire-delmas\.svg\n  alt: .*",
        (f"src: /images/claire-portrait.jpg\n  alt: Claire Delmas à son bureau\n  focus: {focus}"),
        text,
    )
    about.write_text(text, encoding="utf-8")


@pytest.fixture(scope="session")
def photos_site(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Site]:
    with variant_site(tmp_path_factory, "photos", with_real_photos) as site:
        yield site


def open_at(visit: Visit, site: Site, route: str, width: int, selector: str) -> Page:
    page = visit.new_page()
    viewport = MOBILE if width == MOBILE["width"] else DESKTOP
    page.set_viewport_size(viewport)
    goto(page, site.url(route))
    images = page.locator(selector)
    expect(images.first).to_be_attached()
    for index in range(images.count()):
        images.nth(index).scroll_into_view_if_needed()
        images.nth(index).evaluate(
            "(img) => img.decode ? img.decode().catch(() => undefined) : undefined"
        )
    name = "accueil" if route == "/" else route.strip("/")
    out = SCREENSHOTS / site.name
    out.mkdir(parents=True, exist_ok=True)
    images.first.scroll_into_view_if_needed()
    page.screenshot(path=out / f"photos-{width}-{name}.png")
    return page


def check_portraits(page: Page, focuses: list[str | None]) -> None:
    shots = page.locator(".team-card__photo")
    assert shots.count() == len(focuses)
    for index, focus in enumerate(focuses):
        geometry: dict[str, Any] = shots.nth(index).evaluate(GEOMETRY)
        assert abs(geometry["width"] - geometry["height"]) < 1, geometry  # round, not oval
        assert abs(geometry["width"] - 9 * REM) < 1, geometry
        assert geometry["fit"] == "cover", geometry  # cropped, never squashed
        assert geometry["radius"] == "50%", geometry
        assert geometry["position"] == (focus or "50% 50%"), geometry


def check_about_picture(page: Page, focus: str | None) -> None:
    geometry: dict[str, Any] = page.locator(".figure img").evaluate(GEOMETRY)
    viewport = page.viewport_size
    assert viewport is not None
    assert geometry["width"] <= 28 * REM + 0.5, geometry
    assert geometry["height"] <= min(36 * REM, 0.85 * viewport["height"]) + 0.5, geometry
    assert geometry["fit"] == "cover", geometry
    assert geometry["position"] == (focus or "50% 50%"), geometry


@pytest.mark.parametrize("width", [MOBILE["width"], DESKTOP["width"]])
def test_real_photos_of_any_shape_are_cropped_around_their_focus(
    browser: Browser, photos_site: Site, width: int
) -> None:
    visit = Visit(browser, bundles=photos_site.bundles)
    try:
        members = photos_site.bundles.route("/").cell("team")["entries"]
        focuses = [PORTRAITS[Path(m["photo"]["src"]).stem][2] for m in members]
        check_portraits(open_at(visit, photos_site, "/", width, ".team-card__photo"), focuses)
        about = open_at(visit, photos_site, "/a-propos", width, ".figure img")
        check_about_picture(about, ABOUT[2])
        geometry = about.locator(".figure img").evaluate(GEOMETRY)
        natural_ratio = ABOUT[1] / ABOUT[0]
        assert geometry["height"] < geometry["width"] * natural_ratio - 1, "tall picture not framed"
        assert not visit.problems(), visit.problems()
    finally:
        visit.close()


@pytest.mark.parametrize("width", [MOBILE["width"], DESKTOP["width"]])
def test_placeholders_keep_looking_right(
    site: Site, new_visit: Callable[..., Visit], width: int
) -> None:
    visit = new_visit()
    team = open_at(visit, site, "/", width, ".team-card__photo")
    check_portraits(team, [None] * team.locator(".team-card__photo").count())
    check_about_picture(open_at(visit, site, "/a-propos", width, ".figure img"), None)
