"""The published carnet (GitHub mode, against the fake GitHub API) keeps what issue 30 asks
of the local one (test_editor_writing.py), where its drafts are the coach's own (per
repository and login): leaving a document with unsaved work asks first, the list marks it,
the state shown never contradicts the draft offered back, Ctrl+S saves, and a save with an
error says what will happen to it. At 375 and 1280 px, by accessible names only."""

from __future__ import annotations

import re
from collections.abc import Iterator

import pytest
from playwright.sync_api import Browser, Page, expect

from .editor_github import Network, open_file, sign_in
from .fake_github.fixture import fake_github
from .fake_github.server import FakeGitHub
from .pages_server import PagesServer
from .test_editor import field_label

# editor_site comes from conftest.py: imported here, it would be a build of this module's own.
__all__ = ["fake_github"]

WIDTHS = {"telephone": {"width": 375, "height": 812}, "ordinateur": {"width": 1280, "height": 900}}
CONTACT = "pages/contact.md"


@pytest.fixture(params=list(WIDTHS))
def tab(
    request: pytest.FixtureRequest,
    browser: Browser,
    editor_site: PagesServer,
    fake_github: FakeGitHub,
) -> Iterator[Page]:
    viewport = WIDTHS[request.param]
    phone = viewport["width"] < 1000
    context = browser.new_context(
        viewport=viewport, is_mobile=phone, has_touch=phone, locale="fr-FR"
    )
    network = Network(fake_github, editor_site)
    context.route("**/*", network.handle)
    page = context.new_page()
    page.goto(editor_site.url_for("/editeur/"))
    sign_in(page)
    expect(page.get_by_role("button", name="Se déconnecter")).to_be_visible()
    yield page
    assert network.elsewhere == []
    context.unroute_all(behavior="ignoreErrors")
    context.close()


def test_unsaved_work_is_asked_about_marked_and_offered_back_then_saved_with_ctrl_s(
    tab: Page, editor_site: PagesServer
) -> None:
    open_file(tab, editor_site, CONTACT)
    title_field = tab.get_by_role("region", name="En-tête du document").get_by_label(
        field_label("title"), exact=True
    )
    title_field.fill("")  # an error: the title is required
    expect(tab.get_by_text("Modifications non enregistrées", exact=True)).to_be_visible()
    tab.get_by_role("link", name="Tous les fichiers").click()
    question = tab.get_by_role("dialog", name="Quitter ce document sans enregistrer ?")
    question.get_by_role("button", name="Quitter sans enregistrer").click()
    # The list: the file marked as having work not saved.
    item = tab.get_by_role("listitem").filter(has_text=CONTACT)
    expect(item).to_contain_text("modifications non enregistrées")
    item.get_by_role("link").click()
    expect(tab.get_by_text("Reprendre vos modifications ?")).to_be_visible()
    expect(tab.get_by_text("Tout est enregistré")).to_have_count(0)
    tab.get_by_role("button", name="Reprendre", exact=True).click()
    expect(title_field).to_have_value("")
    # Ctrl+S from the field, and what will happen to a document with an error.
    title_field.focus()
    tab.keyboard.press("Control+s")
    saved = tab.get_by_role("status").filter(has_text=re.compile("^Enregistré, avec 1 erreur"))
    expect(saved).to_contain_text("ne seront pas mises en ligne")
    expect(saved).not_to_contain_text("brouillon")
    expect(tab.get_by_text("1 fichier à proposer.")).to_be_visible()
