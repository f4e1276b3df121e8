"""The online carnet's frame, at 375 px and 1280 px against the fake GitHub: the sign-in page
in the guide's order (create the token on GitHub, then paste it, then « Se connecter à
GitHub »); « Proposer mes modifications » in the document's bar that stays in view, available
as soon as a change is typed (saved first, then proposed) or saying in one sentence what to
do first; nothing wider than the screen; nothing the carnet's policy refuses."""

from __future__ import annotations

import re
from collections.abc import Iterator

import pytest
from playwright.sync_api import Browser, Page, expect

from .editor_github import SETTINGS, Network, changed_files, sign_in
from .fake_github.fixture import fake_github
from .fake_github.server import FakeGitHub
from .pages_server import PagesServer
from .test_editor import field_label

__all__ = ["fake_github"]

#: Every refusal of the page's policy, recorded as it happens.
RECORD_REFUSALS = """
window.__refused = [];
document.addEventListener("securitypolicyviolation", (e) => {
  window.__refused.push(e.violatedDirective + " " + e.blockedURI);
});
"""


@pytest.fixture(params=[375, 1280], ids=["375px", "1280px"])
def coach(
    request: pytest.FixtureRequest,
    browser: Browser,
    editor_site: PagesServer,
    fake_github: FakeGitHub,
) -> Iterator[Page]:
    context = browser.new_context(
        viewport={"width": request.param, "height": 800}, locale="fr-FR", reduced_motion="reduce"
    )
    context.route("**/*", Network(fake_github, editor_site).handle)
    context.add_init_script(RECORD_REFUSALS)
    page = context.new_page()
    page.goto(editor_site.url_for("/editeur/"))
    yield page
    context.unroute_all(behavior="ignoreErrors")
    context.close()


def fits_the_screen(page: Page) -> None:
    width = page.evaluate("document.documentElement.scrollWidth")
    assert width <= page.viewport_size["width"], width  # type: ignore[index]
    assert page.evaluate("window.__refused") == []
    # The frame's looks are classes: the policy allows no style attribute in the markup (the
    # site's colours are set on <html> through the CSSOM, which it allows).
    styled = page.eval_on_selector_all(
        "body [style]", "found => found.map((e) => e.outerHTML.slice(0, 120))"
    )
    assert styled == []


def test_the_sign_in_page_follows_the_guides_order(coach: Page) -> None:
    page = coach
    expect(page.get_by_role("heading", name="Connexion à GitHub", level=1)).to_be_visible()
    link = page.get_by_role("link", name="Ouvrir la page des jetons sur GitHub")
    field = page.get_by_label("Jeton d’accès personnel")
    button = page.get_by_role("button", name="Se connecter à GitHub")
    expect(link).to_have_attribute("href", "https://github.com/settings/personal-access-tokens/new")
    expect(link).to_have_attribute("target", "_blank")
    tops = [(x.bounding_box() or {"y": -1})["y"] for x in (link, field, button)]
    assert tops == sorted(tops), tops
    steps = page.get_by_role("list").first.get_by_role("listitem")
    expect(steps).to_have_count(2)
    expect(steps.nth(0).get_by_role("heading")).to_have_text("Créez le jeton sur GitHub")
    expect(steps.nth(1).get_by_role("heading")).to_have_text("Collez-le ici")
    fits_the_screen(page)


def test_a_change_typed_is_proposed_from_the_bar_that_stays_in_view(
    coach: Page, editor_site: PagesServer, fake_github: FakeGitHub
) -> None:
    page = coach
    main = fake_github.repo.branch_head("main")
    sign_in(page)
    propose = page.get_by_role("button", name="Proposer mes modifications")
    # Nothing differs from GitHub: greyed, and the sentence at the button says why.
    expect(propose).to_be_disabled()
    expect(propose).to_have_accessible_description(
        re.compile("^Rien à proposer pour l’instant\u00a0: ")
    )
    expect(page.get_by_role("searchbox").first).to_be_visible()
    fits_the_screen(page)

    page.goto(editor_site.url_for("/editeur/") + "#fichier=reglages/site.md")
    amount = page.get_by_label(field_label("amount"), exact=True).first
    amount.fill("310")
    # Typed, not saved: « Proposer » is available at once, in the document's bar.
    bar = page.locator(".carnet-savebar")
    expect(bar.get_by_role("button", name="Proposer mes modifications")).to_be_enabled()
    expect(propose).to_have_count(1)
    expect(propose).to_have_accessible_description(re.compile("d’abord enregistré, puis proposé"))
    page.evaluate("window.scrollTo(0, document.body.scrollHeight)")
    expect(bar).to_be_in_viewport()
    fits_the_screen(page)

    propose.click()
    # Saved, then proposed: the answer is brought into view.
    answer = page.get_by_text(re.compile("^Proposé\u00a0: pull request n°\u00a01"))
    expect(answer).to_be_in_viewport()
    expect(page.get_by_text("Aucune modification à proposer.")).to_be_visible()
    assert len(fake_github.pulls) == 1
    head = fake_github.repo.branch_head(fake_github.pulls[0].head)
    assert main is not None and head is not None
    changed = changed_files(fake_github, main, head)
    assert list(changed) == [SETTINGS] and b"310" in (changed[SETTINGS] or b"")
    expect(propose).to_be_disabled()
    fits_the_screen(page)
