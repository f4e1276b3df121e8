"""Every prerendered route hydrates cleanly, then navigates client-side."""

from __future__ import annotations

from playwright.sync_api import Page, expect

from .conftest import PageWatch, Site
from .helpers import fetch, has_marker, next_frames, set_marker, wait_hydrated

NOT_FOUND_PATH = "/pas-une-page"
#: The links of a prerendered page, read by the browser's parser, but the consent banner's:
#: this visit has a choice stored, so the banner is hidden there from the first paint and
#: gone once hydrated (wait_hydrated waits for that too; before, its links are still there).
PAGE_LINKS = """(html) => {
  const page = new DOMParser().parseFromString(html, 'text/html');
  page.querySelectorAll('.consent').forEach((banner) => banner.remove());
  return Array.from(page.querySelectorAll('a[href]'), (a) => a.getAttribute('href'));
}"""


def test_every_route_hydrates_then_navigates_client_side(
    site: Site, page: Page, watch: PageWatch
) -> None:
    header_links = site.bundles.settings["navigation"]["header"]
    problems = []
    for route in [*site.bundles.pages, None]:
        path = route.path if route else NOT_FOUND_PATH
        seen, errors_seen = len(watch.console), len(watch.errors)
        page.goto(site.url(path))
        wait_hydrated(page)
        next_frames(page)
        for message in watch.console[seen:]:
            if message.type not in ("error", "warning"):
                continue
            if route is None and (
                message.location.get("url", "").endswith(path) or path in message.text
            ):
                continue  # the 404 status of the page itself, and the spec's log of the path
            problems.append(f"{path}: [{message.type}] {message.text}")
        problems += [f"{path}: uncaught {e}" for e in watch.errors[errors_seen:]]
        # Production React keeps mismatched attributes silently: compare the links.
        hydrated = page.evaluate(
            "Array.from(document.querySelectorAll('a[href]'), (a) => a.getAttribute('href'))"
        )
        prerendered = page.evaluate(PAGE_LINKS, fetch(site.url(path)).html)
        if hydrated != prerendered:
            problems.append(
                f"{path}: links differ after hydration:\n  html {prerendered}\n  dom  {hydrated}"
            )
        # A link clicked after hydration is handled by the router: no new document.
        target = next(lk for lk in header_links if lk["href"] not in (path, "/"))
        set_marker(page)
        page.locator("header").first.get_by_role("link", name=target["label"], exact=True).click()
        expect(page).to_have_url(site.url_re(target["href"]))
        expect(page).to_have_title(site.bundles.route(target["href"]).head["title"])
        if not has_marker(page):
            problems.append(f"{path} → {target['href']}: full page load instead of client-side")
    assert not problems, "\n".join(problems)
