"""A colleague changed the page the coach is editing, on GitHub's main branch (the fake
GitHub, a real git repository): a change of another field of the same cell is kept with hers
and no question; a change of the same field asks, with nothing chosen for her, field by field
as the form names it, and commits exactly what she chose. At 375 px and 1280 px, in Chromium.
"""

from __future__ import annotations

import re
from collections.abc import Iterator

import pytest
from playwright.sync_api import Browser, Page, expect

from .editor_github import Network, open_file, propose, sign_in
from .fake_github.fixture import fake_github
from .fake_github.server import FakeGitHub
from .pages_server import PagesServer
from .test_editor import cell, field_label

__all__ = ["fake_github"]

PAGE = "content/pages/contact.md"
COLLEAGUE = ("Sophie Martin", "sophie@example.org")
FORM_TITLE = "title: Écrivez-moi\n"
SUBJECT = "subject: Nouveau message de {prenom} via le site\n"
HERO_TITLE = "title: Parlons de votre situation\n"


@pytest.fixture(params=[375, 1280], ids=["375px", "1280px"])
def coach(
    request: pytest.FixtureRequest,
    browser: Browser,
    editor_site: PagesServer,
    fake_github: FakeGitHub,
) -> Iterator[Page]:
    width = request.param
    context = browser.new_context(
        viewport={"width": width, "height": 900}, locale="fr-FR", timezone_id="Europe/Paris"
    )
    context.route("**/*", Network(fake_github, editor_site).handle)
    page = context.new_page()
    page.goto(editor_site.url_for("/editeur/"))
    yield page
    context.unroute_all(behavior="ignoreErrors")
    context.close()


def original(fake: FakeGitHub) -> str:
    main = fake.repo.branch_head("main")
    assert main is not None
    text = fake.repo.files(main)[PAGE].decode()
    assert text.count(FORM_TITLE) == 1 and text.count(SUBJECT) == 1
    return text


def fill_and_save(page: Page, cell_name: str, key: str, value: str) -> None:
    cell(page, cell_name).get_by_label(field_label(key), exact=True).fill(value)
    page.get_by_role("button", name="Enregistrer").click()
    expect(page.get_by_text(re.compile("^Enregistré"))).to_be_visible()


def proposed_file(fake: FakeGitHub, parent: str) -> str:
    branches = [b for b in fake.repo.branches() if b.startswith("contenu/")]
    assert len(branches) == 1 and len(fake.pulls) == 1
    head = fake.repo.branch_head(branches[0])
    assert head is not None and fake.repo.parents(head) == [parent]
    return fake.repo.files(head)[PAGE].decode()


def no_sideways_scroll(page: Page) -> None:
    width = page.evaluate("document.documentElement.scrollWidth")
    assert width <= page.viewport_size["width"], width  # type: ignore[index]


def test_a_colleagues_change_of_another_field_of_the_same_cell_is_kept_without_a_question(
    coach: Page, editor_site: PagesServer, fake_github: FakeGitHub
) -> None:
    text = original(fake_github)
    sign_in(coach)
    open_file(coach, editor_site, "pages/contact.md")
    fill_and_save(coach, "contact-form", "title", "Écrivez-nous vite")
    theirs = text.replace(SUBJECT, "subject: Message de {prenom} (site)\n")
    moved = fake_github.push("main", {PAGE: theirs.encode()}, "Objet du message", COLLEAGUE)

    propose(coach, "Contact")

    expect(coach.get_by_text(re.compile("Proposé\u00a0: pull request n°\u00a01"))).to_be_visible()
    expect(coach.get_by_role("region", name=re.compile("^Conflit"))).to_have_count(0)
    # No choice asked (the form's own radio buttons, an icon's, are not a question).
    expect(coach.get_by_role("radio", name=re.compile("^Garder "))).to_have_count(0)
    # Exactly both changes: hers and the colleague's, every other byte as it was.
    assert proposed_file(fake_github, moved) == theirs.replace(
        FORM_TITLE, "title: Écrivez-nous vite\n"
    )
    # The notebook now shows the merged file: the colleague's subject is there.
    form = cell(coach, "contact-form")
    expect(form.get_by_label(field_label("subject"), exact=True)).to_have_value(
        "Message de {prenom} (site)"
    )
    no_sideways_scroll(coach)


@pytest.mark.parametrize("keep", ["ours", "theirs"])
def test_the_same_field_changed_by_both_asks_with_nothing_chosen_and_commits_the_choice(
    coach: Page, editor_site: PagesServer, fake_github: FakeGitHub, keep: str
) -> None:
    text = original(fake_github)
    sign_in(coach)
    open_file(coach, editor_site, "pages/contact.md")
    fill_and_save(coach, "contact-form", "title", "Écrivez-nous vite")
    fill_and_save(coach, "hero", "title", "Parlons-en")
    theirs = text.replace(FORM_TITLE, "title: Envoyez-nous un message\n").replace(
        SUBJECT, "subject: Message de {prenom} (site)\n"
    )
    moved = fake_github.push("main", {PAGE: theirs.encode()}, "Titre et objet", COLLEAGUE)

    propose(coach, "Contact")

    expect(coach.get_by_role("alert").first).to_contain_text("conflit")
    region = coach.get_by_role("region", name="Conflit dans «\u00a0pages/contact.md\u00a0»")
    expect(region).to_contain_text("Sophie Martin a aussi modifié ce document sur GitHub le ")
    # One question: the field both changed, named as the form names it.
    expect(region.get_by_role("group")).to_have_count(1)
    field = region.get_by_role("group", name=field_label("title"), exact=True)
    expect(field).to_contain_text("Formulaire de contact")
    expect(field).to_contain_text("Votre version")
    expect(field).to_contain_text("Version de Sophie Martin (")
    expect(field).to_contain_text("Écrivez-nous vite")
    expect(field).to_contain_text("Envoyez-nous un message")
    expect(field.locator("mark").first).to_be_visible()  # the difference, highlighted
    expect(region).not_to_contain_text("subject:")  # no YAML
    mine = field.get_by_role("radio", name="Garder ma version", exact=True)
    other = field.get_by_role("radio", name="Garder la version de Sophie Martin", exact=True)
    expect(mine).not_to_be_checked()
    expect(other).not_to_be_checked()
    no_sideways_scroll(coach)

    # Nothing is chosen for her: nothing is sent until she chooses.
    region.get_by_role("button", name="Garder ces choix").click()
    expect(region.get_by_role("alert")).to_have_text(
        f"Choisissez d’abord une version pour\u00a0: {field_label('title')}."
    )
    assert [b for b in fake_github.repo.branches() if b.startswith("contenu/")] == []
    assert fake_github.pulls == [] and fake_github.repo.branch_head("main") == moved

    (mine if keep == "ours" else other).check()
    region.get_by_role("button", name="Garder ces choix").click()

    expect(coach.get_by_text(re.compile("Proposé\u00a0: pull request n°\u00a01"))).to_be_visible()
    chosen = "Écrivez-nous vite" if keep == "ours" else "Envoyez-nous un message"
    expected = text.replace(FORM_TITLE, f"title: {chosen}\n").replace(
        SUBJECT, "subject: Message de {prenom} (site)\n"
    )
    assert proposed_file(fake_github, moved) == expected.replace(HERO_TITLE, "title: Parlons-en\n")
