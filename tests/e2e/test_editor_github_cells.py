"""Issue 30 item 7 in the published carnet (GitHub mode, the fake GitHub), at a phone's and a
computer's width: every cell type of the catalogue, in a page the site has never published
(so nothing is drawn from the site's data), is previewed with the settings' values; so is
the error page's cell and the FAQ's answer, which has no page of its own. The local mode's
twin is tests/e2e/test_editor_coach_list.py."""

from __future__ import annotations

import re
from collections.abc import Iterator

import pytest
from playwright.sync_api import Browser, Page, expect

from .editor_github import Network, editor_site, sign_in
from .fake_github.fixture import fake_github
from .fake_github.server import FakeGitHub
from .pages_server import PagesServer
from .test_editor import MODEL, cell_label
from .test_editor_coach_list import EVERY_CELL, every_cell_text, expect_drawn, shown_preview
from .test_editor_github_preview import _variables

__all__ = ["editor_site", "fake_github"]


@pytest.fixture(params=[375, 1280], ids=["375px", "1280px"])
def carnet(
    request: pytest.FixtureRequest, browser: Browser, editor_site: PagesServer,
    fake_github: FakeGitHub,
) -> Iterator[Page]:  # fmt: skip
    fake_github.push("main", {f"content/{EVERY_CELL}": every_cell_text().encode()}, "Cellules")
    width: int = request.param
    context = browser.new_context(viewport={"width": width, "height": 900}, locale="fr-FR")
    network = Network(fake_github, editor_site)
    context.route("**/*", network.handle)
    page = context.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda error: errors.append(str(error)))
    page.goto(editor_site.url_for("/editeur/"))
    sign_in(page)
    expect(page.get_by_role("button", name="Se déconnecter")).to_be_visible()
    yield page
    assert network.elsewhere == []
    assert not errors, errors
    context.unroute_all(behavior="ignoreErrors")
    context.close()


def _open(page: Page, site: PagesServer, rel: str) -> None:
    page.goto(site.url_for("/editeur/") + f"#fichier={rel}")
    expect(page.get_by_role("button", name="Enregistrer", exact=True)).to_be_visible(timeout=30_000)


def test_every_cell_of_the_catalogue_is_previewed_with_its_values(
    carnet: Page, editor_site: PagesServer, fake_github: FakeGitHub
) -> None:
    page = carnet
    variables = _variables(fake_github)
    _open(page, editor_site, EVERY_CELL)
    failed = []
    for cell in MODEL["cells"]:
        if cell["name"] != "not-found":
            group = page.get_by_role("group", name=cell_label(cell["name"]), exact=True)
            try:
                expect_drawn(shown_preview(group))
            except AssertionError:
                failed.append(cell["name"])
    assert not failed, failed
    prose = shown_preview(page.get_by_role("group", name="Texte", exact=True))
    expect(prose).to_contain_text(variables.values["coach"])
    expect(prose).to_contain_text(variables.values["prix.pack"])
    _open(page, editor_site, "pages/404.md")
    expect_drawn(shown_preview(page.get_by_role("group", name=cell_label("not-found"), exact=True)))
    _open(page, editor_site, "faq/tarifs.md")
    answer = shown_preview(page.get_by_role("group", name="Texte", exact=True))
    expect_drawn(answer)
    expect(answer).to_contain_text(re.compile(re.escape(variables.values["prix.pack"])))
