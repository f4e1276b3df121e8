"""Scrolling: a route change shows the new page from its top at once; an in-page anchor still
scrolls smoothly; `prefers-reduced-motion` turns every smooth scroll into a jump.

The page records ``[main heading, scrollY]`` on every animation frame, so a glide shows up as
the intermediate positions a visitor would see, whatever API produced it, and the frames of
the new page are told apart by what they show, not by the address bar."""

from __future__ import annotations

from collections.abc import Callable

from playwright.sync_api import Page, expect

from .conftest import Site, Visit
from .helpers import goto, has_marker, set_marker, wait_until

SAMPLE_FRAMES = """(() => {
  window.__samples = [];
  const sample = () => {
    const heading = document.querySelector('main h1');
    window.__samples.push([heading ? heading.textContent : '', Math.round(window.scrollY)]);
    requestAnimationFrame(sample);
  };
  requestAnimationFrame(sample);
})();"""


def sample_frames(page: Page) -> None:
    """Records every frame of the pages ``page`` loads from now on. The page is brought to
    the front: a browser runs no animation frame in a page behind another of its context."""
    page.add_init_script(SAMPLE_FRAMES)
    page.bring_to_front()


def samples(page: Page) -> list[tuple[str, int]]:
    return [(path, y) for path, y in page.evaluate("window.__samples")]


def settled(page: Page, away_from: str | None = None) -> bool:
    """The last frames all sit at the same position: no scroll under way; with
    ``away_from`` (a main heading), they all show another page than that one."""
    last = samples(page)[-8:]
    if away_from is not None and not all(heading and heading != away_from for heading, _ in last):
        return False
    return len(last) == 8 and len({y for _, y in last}) == 1


def open_at_footer(site: Site, page: Page) -> str:
    """Opens / scrolled down to its footer; returns its main heading."""
    sample_frames(page)
    goto(page, site.url("/"))
    page.evaluate(
        "window.scrollTo({ top: document.scrollingElement.scrollHeight, behavior: 'instant' })"
    )
    page.wait_for_function("() => window.scrollY > 1000")
    set_marker(page)
    return str(page.locator("main h1").first.text_content())


def follow_footer_link(site: Site, page: Page, route: str, before: str) -> list[int]:
    """Clicks the footer link to ``route``; the positions of every frame showing the new page."""
    label = next(
        link["label"]
        for link in site.bundles.settings["navigation"]["footer"]
        if link["href"] == route
    )
    page.locator("footer").last.get_by_role("link", name=label, exact=True).click()
    expect(page).to_have_url(site.url_re(route))
    expect(page.locator("main h1").first).not_to_have_text(before)
    wait_until(page, lambda: settled(page, away_from=before), "the new page's scroll to settle")
    assert has_marker(page), "the link reloaded the page: no client-side route change tested"
    return [y for heading, y in samples(page) if heading and heading != before]


def test_route_change_shows_the_new_page_from_its_top_at_once(site: Site, page: Page) -> None:
    home = open_at_footer(site, page)
    on_new_page = set(follow_footer_link(site, page, "/contact", home))
    assert on_new_page == {0}, f"the new page was seen at {sorted(on_new_page)} before its top"
    # The new page is long enough that staying where the visitor was was possible.
    assert page.evaluate("document.scrollingElement.scrollHeight - innerHeight") >= 700


def scroll_to_form(site: Site, page: Page) -> list[int]:
    """Clicks the first button to /ressource's form; the positions seen on the way."""
    route = site.bundles.route("/ressource")
    anchor = route.cell("newsletter")["anchor"]
    action = next(
        a for c in route.cells for a in c.get("actions") or [] if a["href"] == f"#{anchor}"
    )
    sample_frames(page)
    goto(page, site.url("/ressource"))
    wait_until(page, lambda: settled(page), "the page to be still")
    page.evaluate("window.__samples = []")
    page.get_by_role("link", name=action["label"], exact=True).first.click()
    expect(page.locator(f"#{anchor}")).to_be_in_viewport()
    wait_until(page, lambda: settled(page), "the scroll to settle")
    return [y for _, y in samples(page)]


def test_in_page_anchor_still_scrolls_smoothly(site: Site, page: Page) -> None:
    positions = scroll_to_form(site, page)
    start, end = positions[0], positions[-1]
    between = {y for y in positions if min(start, end) < y < max(start, end)}
    assert end > start and len(between) >= 2, f"no glide to the form: {positions}"


def test_reduced_motion_jumps_everywhere(site: Site, new_visit: Callable[..., Visit]) -> None:
    visit = new_visit(reduced_motion="reduce")
    page = visit.new_page()
    positions = scroll_to_form(site, page)
    assert positions[-1] > positions[0]
    assert set(positions) <= {positions[0], positions[-1]}, (
        f"a glide despite reduced motion: {positions}"
    )
    assert page.evaluate("getComputedStyle(document.documentElement).scrollBehavior") == "auto"
    other = visit.new_page()
    home = open_at_footer(site, other)
    assert set(follow_footer_link(site, other, "/contact", home)) == {0}
