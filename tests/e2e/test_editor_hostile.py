"""The carnet attacked with articles `contenu check` accepts but that froze it (issue 32,
defects 2 and 3), in Chromium against a real `contenu dev`: a fence line « ```{ » and
thousands of spaces (its splitter took cubic time: every coach's list hung at each sign-in),
a heading « # a » and a long run of spaces, and a line of « [ » (its validator took
quadratic time after every keystroke, on the page's thread). The list opens, and typing in
such an article gets its verdict while the page keeps answering.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from pathlib import Path

import pytest
from playwright.sync_api import Page, expect

from .test_editor import Editor, folder_title, page, serve_carnet

__all__ = ["page"]  # the carnet's tab, shared with test_editor.py

FRONT = "---\ntitle: {title}\nexcerpt: Un résumé.\ndate: 2024-03-15\ncategory: Émotions\n---\n\n"
#: slug → (title, hostile line). Sizes far beyond the issue's probes: the old readers would
#: take minutes, the linear ones take milliseconds.
HOSTILE = {
    "cloture-espacee": ("Clôture espacée", "```{" + " " * 20_000 + "x"),
    "titre-espace": ("Titre espacé", "# a" + " " * 200_000 + "x"),
    "crochets": ("Crochets", "[" * 200_000),
}


def _plant(content: Path) -> None:
    for slug, (title, line) in HOSTILE.items():
        article = FRONT.format(title=title) + "Un texte.\n\n" + line + "\n"
        (content / "articles" / f"{slug}.md").write_text(article, encoding="utf-8")


@pytest.fixture(scope="module")
def editor(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Editor]:
    yield from serve_carnet(tmp_path_factory, _plant)


def test_contenu_check_accepts_the_hostile_articles(editor: Editor) -> None:
    check = editor.check()
    assert check.returncode == 0, check.stdout + check.stderr


def test_the_list_opens_with_the_hostile_articles_in_it(page: Page, editor: Editor) -> None:
    page.goto(editor.url)
    articles = page.get_by_role("region", name=folder_title("articles"))
    for title, _ in HOSTILE.values():
        expect(articles.get_by_role("link", name=title, exact=True)).to_be_visible()


@pytest.mark.parametrize("slug", ["titre-espace", "crochets"])
def test_typing_in_a_hostile_article_gets_its_verdict_from_a_worker(
    page: Page, editor: Editor, slug: str
) -> None:
    page.goto(editor.url)
    page.get_by_role("link", name=HOSTILE[slug][0], exact=True).click()
    prose = page.get_by_role("group", name="Texte", exact=True).last
    box = prose.get_by_role("textbox")
    expect(box).to_be_visible()
    box.press("End")
    page.keyboard.type(" [lien](/nulle-part)")
    # The verdict of what was typed, a dead link, said under the cell: the old validator took
    # minutes on this text, after each keystroke, on the page's thread.
    expect(prose).to_contain_text(re.compile(r"aucune page à l’adresse «\s/nulle-part\s»"))
    assert any("validation-worker" in worker.url for worker in page.workers)
