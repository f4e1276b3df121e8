"""Defence in depth: every page carries a Content-Security-Policy allowing only what it needs
(a provider's hosts only on the page that shows it), nothing the site does breaks it, and a
page that needs more than the loaded one allows is loaded as a new page."""

from __future__ import annotations

from playwright.sync_api import Page, expect

from .conftest import Site, Visit
from .helpers import fetch, goto, has_marker, set_marker, wait_hydrated

CSP = 'meta[http-equiv="Content-Security-Policy"]'
# Collects every violation the page reports, from the first byte on.
WATCH_VIOLATIONS = """window.__csp = [];
document.addEventListener('securitypolicyviolation',
  (e) => window.__csp.push(`${e.effectiveDirective} ${e.blockedURI}`));"""
PROVIDER_HOSTS = {"/ressource": "mailerlite.com", "/appel": "calendly.com"}


def _policy(html: str) -> str:
    marker = 'http-equiv="Content-Security-Policy" content="'
    start = html.index(marker) + len(marker)
    return html[start : html.index('"', start)].replace("&#39;", "'").replace("&amp;", "&")


def test_every_page_has_a_policy_first_in_its_head(site: Site) -> None:
    for route in site.bundles.pages:
        html = fetch(site.url(route.path)).html
        head = html[html.index("<head>") : html.index("</head>")]
        assert head.index('<meta http-equiv="Content-Security-Policy"') < head.index("<link")
        policy = _policy(html)
        assert "default-src 'self'" in policy and "object-src 'none'" in policy
        for path, host in PROVIDER_HOSTS.items():
            assert (host in policy) == (route.path == path), f"{route.path}: {policy}"


def test_no_page_breaks_its_own_policy(site: Site, visit: Visit) -> None:
    visit.context.add_init_script(WATCH_VIOLATIONS)
    page = visit.new_page()
    for route in site.bundles.pages:
        goto(page, site.url(route.path))
        page.wait_for_load_state("networkidle")
        assert page.evaluate("window.__csp") == [], route.path
    # The search engine (WebAssembly, a worker) on the page that has it.
    goto(page, site.url("/blog"))
    search = page.get_by_role("searchbox")
    search.fill("colère")
    search.press("Enter")
    expect(page.locator(".search__results li").first).to_be_visible()
    assert page.evaluate("window.__csp") == []


def test_a_page_needing_a_provider_is_loaded_with_its_own_policy(site: Site, page: Page) -> None:
    goto(page, site.url("/contact"))
    set_marker(page)
    free_guide = next(
        a for a in site.bundles.settings["navigation"]["headerActions"] if a["href"] == "/ressource"
    )
    page.locator("header").first.get_by_role("link", name=free_guide["label"]).click()
    expect(page).to_have_url(site.url_re("/ressource"))
    expect(page.locator(".ml-embedded")).to_have_count(1)
    assert not has_marker(page), "MailerLite's page was shown under the policy of /contact"
    assert "mailerlite.com" in (page.locator(CSP).get_attribute("content") or "")
    # Leaving it needs nothing more: a client-side navigation (once the new page is hydrated;
    # a click before that is an ordinary link, seen once on a busy machine).
    wait_hydrated(page)
    set_marker(page)
    home = next(k for k in site.bundles.settings["navigation"]["header"] if k["href"] == "/")
    page.locator("header").first.get_by_role("link", name=home["label"], exact=True).click()
    expect(page).to_have_url(site.url_re("/"))
    assert has_marker(page)
