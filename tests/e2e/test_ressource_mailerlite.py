"""/ressource: the MailerLite embedded form, its tracking, the success redirect, the scroll
buttons; and third-party scripts only on the routes the specification names."""

from __future__ import annotations

from collections.abc import Callable
from urllib.parse import parse_qs, unquote, urlsplit

import pytest
from playwright.sync_api import Page, Route, expect

from .bundles import normalize
from .conftest import Site, Visit
from .helpers import goto, has_marker, next_frames, set_marker, wait_until
from .third_party import (
    CALENDLY_ASSETS_HOST,
    CALENDLY_HOST,
    MAILERLITE_HOST,
    MAILERLITE_UNIVERSAL,
    ThirdParties,
)

# Records the arguments of scrollIntoView, to tell a smooth scroll from a jump.
SPY_SCROLL = """
(() => {
  const original = Element.prototype.scrollIntoView;
  window.__scrollCalls = [];
  Element.prototype.scrollIntoView = function (arg) {
    window.__scrollCalls.push({ id: this.id, arg: arg === undefined ? null : arg });
    return original.apply(this, arguments);
  };
})();
"""


def mailerlite(site: Site) -> dict[str, str]:
    return site.bundles.settings["providers"]["mailerlite"]


def open_ressource(site: Site, page: Page) -> None:
    goto(page, site.url("/ressource"))
    account = mailerlite(site)["accountId"]
    page.wait_for_function(
        "(id) => (window.__mlCalls || []).some((c) => c[0] === 'account' && c[1] === id)",
        arg=account,
    )


def test_mailerlite_requests_are_those_of_its_embed_code(
    site: Site, page: Page, third_parties: ThirdParties
) -> None:
    """The universal script, ``ml('account', accountId)``, the ``data-form`` slot and the GET
    to …/jsonp/{accountId}/forms/{formId}/takel: exactly those requests, exactly those URLs."""
    ml = mailerlite(site)
    open_ressource(site, page)
    expect(page.locator(f'.ml-embedded[data-form="{ml["formCode"]}"]')).to_have_count(1)
    expect(page.locator(f'[data-fake-mailerlite="{ml["formCode"]}"]')).to_be_visible()
    takel = f"https://{MAILERLITE_HOST}/jsonp/{ml['accountId']}/forms/{ml['formId']}/takel"
    wait_until(page, lambda: len(third_parties.contacts) >= 2, "the takel GET")
    next_frames(page)
    requests = sorted((c.method, c.url, c.resource_type) for c in third_parties.contacts)
    assert requests == sorted([("GET", MAILERLITE_UNIVERSAL, "script"), ("GET", takel, "fetch")]), (
        third_parties.describe()
    )
    assert ["account", ml["accountId"]] in page.evaluate("window.__mlCalls")
    # The script is inserted before the page's first script, as the snippet does.
    assert page.evaluate("document.scripts[0].src") == MAILERLITE_UNIVERSAL


def test_signup_success_lands_on_merci(site: Site, page: Page) -> None:
    """MailerLite's form script calls ml_webform_success_{webformId}, not the data-form code."""
    ml = mailerlite(site)
    open_ressource(site, page)
    assert page.evaluate(f"typeof window.ml_webform_success_{ml['formCode']}") == "undefined"
    page.evaluate(f"window.ml_webform_success_{ml['webformId']}()")
    expect(page).to_have_url(site.url_re("/merci"))
    expect(page).to_have_title(site.bundles.route("/merci").head["title"])


def test_fake_form_submit_lands_on_merci(site: Site, page: Page) -> None:
    open_ressource(site, page)
    form = page.locator(f'[data-fake-mailerlite="{mailerlite(site)["formCode"]}"]')
    expect(form).to_have_id(f"mlb2-{mailerlite(site)['webformId']}")
    form.get_by_label("E-mail").fill("parent@example.com")
    form.get_by_role("button").click()
    expect(page).to_have_url(site.url_re("/merci"))


@pytest.mark.parametrize("sandboxed", [False, True], ids=["top-allowed", "top-forbidden"])
def test_signup_success_when_framed(site: Site, page: Page, sandboxed: bool) -> None:
    """Top window when the browser allows it, else the frame itself."""
    harness = site.url("/__e2e-frame-harness.html")
    sandbox = ' sandbox="allow-scripts allow-same-origin allow-forms"' if sandboxed else ""
    page.route(
        harness,
        lambda route: route.fulfill(
            content_type="text/html",
            body=f'<!doctype html><html lang="fr"><title>cadre</title>'
            f'<iframe{sandbox} title="ressource" style="width:1000px;height:600px" '
            f'src="{site.url("/ressource")}"></iframe></html>',
        ),
    )
    page.goto(harness)
    frame = page.frame_locator("iframe")
    expect(frame.locator(".ml-embedded")).to_have_count(1)
    inner = page.frames[1]
    inner.wait_for_function(
        "(id) => typeof window['ml_webform_success_' + id] === 'function'",
        arg=mailerlite(site)["webformId"],
    )
    inner.evaluate(f"window.ml_webform_success_{mailerlite(site)['webformId']}()")
    if sandboxed:
        inner.wait_for_url(site.url_re("/merci"))
        assert page.url == harness
    else:
        expect(page).to_have_url(site.url_re("/merci"))


def test_buttons_scroll_smoothly_to_the_form(site: Site, page: Page) -> None:
    route = site.bundles.route("/ressource")
    anchor = route.cell("newsletter")["anchor"]
    actions = [a for c in route.cells for a in c.get("actions") or [] if a["href"] == f"#{anchor}"]
    assert len(actions) == 2, f"expected 2 buttons to #{anchor}, found {actions}"
    page.add_init_script(SPY_SCROLL)
    goto(page, site.url("/ressource"))
    section = page.locator(f"#{anchor}")
    set_marker(page)
    for action in actions:
        page.evaluate("window.scrollTo(0, 0)")
        expect(section).not_to_be_in_viewport()
        button = page.get_by_role("link", name=action["label"], exact=True).or_(
            page.get_by_role("button", name=action["label"], exact=True)
        )
        button.scroll_into_view_if_needed()
        if action is actions[0]:
            expect(section).not_to_be_in_viewport()
        page.evaluate("window.__scrollCalls = []")
        button.click()
        expect(section).to_be_in_viewport()
        smooth = page.evaluate(
            """() => (window.__scrollCalls.at(-1)?.arg?.behavior === 'smooth')
                  || getComputedStyle(document.documentElement).scrollBehavior === 'smooth'"""
        )
        assert smooth, f"'{action['label']}' does not scroll smoothly"
    assert has_marker(page), "a scroll button reloaded the page"
    assert urlsplit(page.url).path.rstrip("/") == site.path("/ressource").rstrip("/")


def test_third_parties_only_where_the_spec_names_them(
    site: Site, new_visit: Callable[..., Visit]
) -> None:
    """Before any consent: MailerLite only on /ressource, Calendly only on /appel, Meta nowhere."""
    visit = new_visit(choice=None)
    page, third_parties = visit.new_page(), visit.third_parties
    # Required hosts (the provider's script) and allowed ones (the frame its script opens).
    required = {"/ressource": {MAILERLITE_HOST}, "/appel": {CALENDLY_ASSETS_HOST}}
    allowed = {"/ressource": {MAILERLITE_HOST}, "/appel": {CALENDLY_ASSETS_HOST, CALENDLY_HOST}}
    problems = []
    for route in site.bundles.pages:
        third_parties.clear()
        goto(page, site.url(route.path))
        if route.path == "/ressource":
            page.wait_for_function("() => Array.isArray(window.__mlCalls)")
        if route.path == "/appel":
            page.wait_for_function("() => window.__calendlyLoads === 1")
        next_frames(page)
        hosts = third_parties.hosts()
        if not required.get(route.path, set()) <= hosts <= allowed.get(route.path, set()):
            problems.append(f"{route.path} contacted:\n{third_parties.describe()}")
        scripts = page.evaluate(
            "Array.from(document.scripts, (s) => s.src)"
            ".filter((s) => s && !s.startsWith(location.origin))"
        )
        expected_scripts = {"/ressource": 1, "/appel": 1}.get(route.path, 0)
        if len(scripts) != expected_scripts:
            problems.append(f"{route.path} has third-party scripts {scripts}")
    assert not problems, "\n".join(problems)


REDDISH = """(el, prop) => {
  const [r, g, b] = getComputedStyle(el)[prop].match(/\\d+(\\.\\d+)?/g).map(Number);
  return r >= 150 && r - g >= 60 && r - b >= 60;
}"""


def test_provider_error_styling_is_red(site: Site, page: Page) -> None:
    """MailerLite marks invalid rows with .ml-error; the site's CSS paints them red."""
    open_ressource(site, page)
    form = page.locator(f'[data-fake-mailerlite="{mailerlite(site)["formCode"]}"]')
    email = form.locator('input[type="email"]')
    consent = form.locator(".ml-form-checkboxRow .label-description p")
    expect(email).to_be_visible()
    assert not email.evaluate(REDDISH, "borderTopColor")
    assert not consent.evaluate(REDDISH, "color")
    form.locator(".ml-field-group, .ml-form-checkboxRow").evaluate_all(
        "(rows) => rows.forEach((row) => row.classList.add('ml-error'))"
    )
    assert email.evaluate(REDDISH, "borderTopColor"), "invalid field not red"
    assert consent.evaluate(REDDISH, "color"), "unchecked consent box text not red"


#: Past the time the site gives the form to appear (FORM_WAIT_MS in behaviours/mailerlite.ts).
PAST_THE_WAIT_MS = 6_000


def _newsletter(site: Site) -> dict[str, str]:
    cell: dict[str, str] = site.bundles.route("/ressource").cell("newsletter")
    return cell


@pytest.mark.parametrize("how", ["blocked", "never answers"])
def test_without_mailerlite_the_guide_is_offered_by_e_mail(
    site: Site, page: Page, how: str
) -> None:
    """MailerLite's script blocked (an extension, offline): at once; hanging: once the wait
    is over (the page's clock is moved on, nothing is timed). The loading text gives way to
    a French sentence and a mail link to the contact address, never « Chargement du
    formulaire… » for ever."""
    held: list[Route] = []
    if how == "blocked":
        page.route(MAILERLITE_UNIVERSAL, lambda route: route.abort("blockedbyclient"))
    else:
        page.route(MAILERLITE_UNIVERSAL, lambda route: held.append(route))  # left pending
    page.clock.install()
    cell = _newsletter(site)
    goto(page, site.url("/ressource"))
    newsletter = page.locator(".newsletter")
    link = newsletter.get_by_role("link", name=cell["fallbackLink"])
    if how == "never answers":
        expect(newsletter.get_by_text(cell["loading"])).to_be_visible()
        assert held, "the script's request was expected to be pending"
        page.clock.run_for(PAST_THE_WAIT_MS)
    expect(link).to_be_visible()
    expect(newsletter.get_by_role("status")).to_contain_text(normalize(cell["fallback"]))
    expect(newsletter.get_by_text(cell["loading"])).to_be_hidden()
    href = urlsplit(link.get_attribute("href") or "")
    assert href.scheme == "mailto"
    assert unquote(href.path) == site.bundles.settings["email"]
    assert parse_qs(href.query)["subject"] == [cell["fallbackSubject"]]


def test_with_mailerlite_no_fallback_shows(site: Site, page: Page) -> None:
    cell = _newsletter(site)
    page.clock.install()
    open_ressource(site, page)
    expect(page.locator("[data-fake-mailerlite]")).to_be_visible()
    page.clock.run_for(PAST_THE_WAIT_MS)
    fallback = page.locator(".newsletter").get_by_role("link", name=cell["fallbackLink"])
    expect(fallback).to_have_count(0)
