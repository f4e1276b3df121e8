"""The guide's pictures of the online carnet (docs/guide/carnet-en-ligne.md and
connexion-github.md), taken at 375 px in Chromium against the fake GitHub, along the path
the guide describes: sign in, change a page, « Proposer mes modifications », « Mes
propositions », checks green, « Publier », « En ligne »; and a colleague's change of the
same field (a conflict).

Each step asserts what the guide says the coach sees, so a picture is never of a state the
guide does not describe. The pictures are written to docs/guide/images/ only when
GUIDE_PICTURES=1 (elsewhere, to a temporary folder): regenerate them with

    GUIDE_PICTURES=1 ./nox -s e2e -- tests/e2e/test_guide_pictures.py
"""

from __future__ import annotations

import os
import re
from collections.abc import Iterator
from pathlib import Path

import pytest
from playwright.sync_api import Browser, Locator, Page, expect

from .bundles import REPO
from .editor_github import Network, open_file, propose, sign_in
from .fake_github.fixture import fake_github
from .fake_github.server import FakeGitHub
from .pages_server import PagesServer
from .test_editor import cell, field_label
from .test_editor_github_merge import COLLEAGUE, FORM_TITLE, PAGE

__all__ = ["fake_github"]

IMAGES = REPO / "docs" / "guide" / "images"
SITE = "https://renouer.github.io/site/"
PHONE = {"width": 375, "height": 812}
TOP = "window.scrollTo(0, 0)"


@pytest.fixture
def pictures(tmp_path: Path) -> Path:
    return IMAGES if os.environ.get("GUIDE_PICTURES") == "1" else tmp_path


@pytest.fixture
def phone(browser: Browser, editor_site: PagesServer, fake_github: FakeGitHub) -> Iterator[Page]:
    context = browser.new_context(
        viewport=PHONE, device_scale_factor=1, locale="fr-FR", timezone_id="Europe/Paris",
        reduced_motion="reduce",  # no smooth scrolling under a picture being taken
    )  # fmt: skip
    context.route("**/*", Network(fake_github, editor_site).handle)
    page = context.new_page()
    page.goto(editor_site.url_for("/editeur/"))
    yield page
    context.unroute_all(behavior="ignoreErrors")
    context.close()


def snap(target: Page | Locator, folder: Path, name: str) -> None:
    """The picture, after checking that nothing is wider than the phone's screen."""
    page = target if isinstance(target, Page) else target.page
    assert page.evaluate("document.documentElement.scrollWidth") <= PHONE["width"]
    page.evaluate("document.activeElement?.blur()")  # no caret nor focus ring in the picture
    if isinstance(target, Page):
        target.screenshot(path=folder / name, animations="disabled", caret="hide")
        return
    # An element: cut from the whole page, drawn at once (an element's own picture may be
    # taken while the page scrolls to it).
    box = target.evaluate(
        "e => { const r = e.getBoundingClientRect();"
        " return { x: r.x + scrollX, y: r.y + scrollY, width: r.width, height: r.height }; }"
    )
    page.screenshot(
        path=folder / name, full_page=True, clip=box, animations="disabled", caret="hide"
    )


def panel(page: Page) -> Locator:
    return page.get_by_role("region", name="Proposition sur GitHub")


def test_the_pictures_of_a_proposal_from_sign_in_to_online(
    phone: Page, editor_site: PagesServer, fake_github: FakeGitHub, pictures: Path
) -> None:
    page = phone
    # The sign-in page: 1. create the token on GitHub's page, 2. paste it here.
    steps = page.get_by_role("listitem")
    expect(steps.nth(0)).to_contain_text("Créez le jeton sur GitHub")
    expect(
        steps.nth(0).get_by_role("link", name="Ouvrir la page des jetons sur GitHub")
    ).to_have_attribute("href", "https://github.com/settings/personal-access-tokens/new")
    expect(steps.nth(1).get_by_label("Jeton d’accès personnel")).to_be_visible()
    snap(page.locator("body"), pictures, "connexion.png")

    sign_in(page)
    expect(page.get_by_role("button", name="Se déconnecter")).to_be_visible()
    button = page.get_by_role("button", name="Proposer mes modifications")
    expect(button).to_be_disabled()
    expect(button).to_have_accessible_description(re.compile("^Rien à proposer"))
    expect(page.get_by_role("searchbox").first).to_be_visible()  # the list, read
    snap(page, pictures, "liste.png")

    # A change typed: « Proposer » is available at once, in the bar that stays in view.
    open_file(page, editor_site, "pages/contact.md")
    title = page.get_by_label(field_label("title"), exact=True).first
    title.fill("Écrivez-nous")
    bar = page.locator(".carnet-savebar")
    expect(bar.get_by_role("button", name="Proposer mes modifications")).to_be_enabled()
    expect(bar.get_by_text("Modifications non enregistrées")).to_be_visible()
    cell(page, "contact-form").scroll_into_view_if_needed()
    expect(bar).to_be_in_viewport()
    snap(page, pictures, "document-barre.png")

    page.get_by_role("button", name="Enregistrer").click()
    expect(page.get_by_text(re.compile("^Enregistré"))).to_be_visible()
    page.get_by_label("Titre de la proposition").fill("Nouveau titre du contact")
    panel(page).get_by_text("Voir les différences de pages/contact.md").click()
    page.evaluate(TOP)
    snap(panel(page), pictures, "proposer.png")

    propose(page, "Nouveau titre du contact")
    expect(page.get_by_text(re.compile("Proposé\u00a0: pull request n°\u00a01"))).to_be_visible()
    fake_github.set_checks(
        fake_github.pulls[0].head,
        [{"name": "Contenu", "status": "completed", "conclusion": "success"}],
    )
    expect(page.get_by_role("button", name="Publier", exact=True)).to_be_visible()
    page.evaluate(TOP)
    snap(panel(page), pictures, "publier.png")

    # « Mes propositions »: the proposal, as any device signed in finds it on GitHub.
    mine = page.get_by_role("region", name="Mes propositions")
    expect(mine.get_by_role("link", name=re.compile("Nouveau titre du contact"))).to_be_visible()
    expect(mine).to_contain_text("ouverte dans le carnet")
    snap(mine, pictures, "mes-propositions.png")

    fake_github.deploy_on_merge = "in_progress"
    page.get_by_role("button", name="Publier", exact=True).click()
    # Merged (the merge itself says « Publication en cours… » too): its deployment runs.
    expect(page.get_by_text("Le site public se met à jour", exact=False)).to_be_visible()
    merged = fake_github.repo.branch_head("main")
    fake_github.deploy(merged or "", "success", SITE)
    expect(page.get_by_role("status").filter(has_text=re.compile("^En ligne$"))).to_be_visible()
    expect(page.get_by_role("link", name="Voir la page en ligne")).to_be_visible()
    page.evaluate(TOP)
    snap(panel(page), pictures, "en-ligne.png")


def test_the_picture_of_a_conflict(
    phone: Page, editor_site: PagesServer, fake_github: FakeGitHub, pictures: Path
) -> None:
    page = phone
    main = fake_github.repo.branch_head("main")
    text = fake_github.repo.files(main or "")[PAGE].decode()
    sign_in(page)
    open_file(page, editor_site, "pages/contact.md")
    cell(page, "contact-form").get_by_label(field_label("title"), exact=True).fill(
        "Écrivez-nous vite"
    )
    page.get_by_role("button", name="Enregistrer").click()
    expect(page.get_by_text(re.compile("^Enregistré"))).to_be_visible()
    theirs = text.replace(FORM_TITLE, "title: Envoyez-nous un message\n")
    fake_github.push("main", {PAGE: theirs.encode()}, "Titre du formulaire", COLLEAGUE)

    propose(page, "Contact")

    region = page.get_by_role("region", name="Conflit dans «\u00a0pages/contact.md\u00a0»")
    field = region.get_by_role("group", name=field_label("title"), exact=True)
    expect(field.get_by_role("radio", name="Garder ma version", exact=True)).not_to_be_checked()
    other = field.get_by_role("radio", name="Garder la version de Sophie Martin", exact=True)
    expect(other).not_to_be_checked()
    expect(region.get_by_role("button", name="Garder ces choix")).to_be_visible()
    snap(region, pictures, "conflit.png")
