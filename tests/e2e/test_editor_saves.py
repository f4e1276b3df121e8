"""« Le carnet » on the dev server (local mode), attacked (issue 32): two saves of one file
never overwrite each other (the second answers 409 and shows both versions), and an
article over 1 Mo, which `contenu check` refuses, says so in the same words when opened."""

from __future__ import annotations

import re
from collections.abc import Iterator

import pytest
from playwright.sync_api import Browser, BrowserContext, expect

from .test_editor import Editor, cell, editor, field_label, restore, saved

__all__ = ["editor"]


@pytest.fixture
def context(browser: Browser) -> Iterator[BrowserContext]:
    made = browser.new_context(viewport={"width": 1280, "height": 900})
    try:
        yield made
    finally:
        made.close()


def test_two_saves_of_one_file_the_second_shows_both_versions(
    context: BrowserContext, editor: Editor
) -> None:
    rel = "pages/index.md"
    first, second = context.new_page(), context.new_page()
    try:
        for tab in (first, second):
            tab.goto(editor.url + f"#fichier={rel}")
            expect(tab.get_by_role("button", name="Enregistrer", exact=True)).to_be_visible()
        title = lambda tab: cell(tab, "hero").first.get_by_label(field_label("title"), exact=True)  # noqa: E731
        title(first).fill("Le titre du premier onglet")
        saved(first)
        title(second).fill("Le titre du second onglet")
        second.get_by_role("button", name="Enregistrer", exact=True).click()
        # Refused: the file is the first tab's, and the second sees both versions.
        expect(
            second.get_by_role("alert").filter(has_text="Rien n’a été enregistré")
        ).to_be_visible()
        text = (editor.content / rel).read_text(encoding="utf-8")
        assert "Le titre du premier onglet" in text and "second onglet" not in text
        conflict = second.get_by_role("region", name=re.compile("Conflit dans"))
        expect(conflict).to_contain_text("Le titre du premier onglet")
        expect(conflict).to_contain_text("Le titre du second onglet")
        # Nothing is chosen for her: the title both changed is hers once she says so.
        conflict.get_by_role("radio", name="Garder ma version", exact=True).check()
        conflict.get_by_role("button", name="Garder ces choix").click()
        saved(second)
        text = (editor.content / rel).read_text(encoding="utf-8")
        assert "Le titre du second onglet" in text and "premier onglet" not in text
    finally:
        restore(editor)


ARTICLE = (
    "---\ntitle: Un très long article\nexcerpt: Un résumé de l’article.\ndate: 2024-03-15\n"
    "category: Quotidien\n---\n\n"
)


def test_an_article_over_1_mo_says_what_contenu_check_says(
    context: BrowserContext, editor: Editor
) -> None:
    rel = "articles/tres-long.md"
    (editor.content / rel).write_text(ARTICLE + "Un paragraphe de l’article. " * 44_000)
    try:
        said = editor.check()
        text = (said.stdout + said.stderr).replace("\u00a0", " ").replace("\u202f", " ")
        found = re.search(r"fichier trop gros : \S+ Mo, pour 1 Mo au plus[^\n]*", text)
        assert found, text
        page = context.new_page()
        page.goto(editor.url + f"#fichier={rel}")
        banner = page.get_by_role("note")
        expect(banner).to_contain_text("1 erreur")
        shown = (banner.text_content() or "").replace("\u00a0", " ").replace("\u202f", " ")
        assert found[0].strip() in shown, (found[0], shown)
    finally:
        restore(editor)
