"""The carnet attacked with articles `contenu check` accepts but that froze it (issue 32,
defects 2 and 3), in Chromium against a real `contenu dev`: a fence line « ```{ » and
thousands of spaces (its splitter took cubic time: every coach's list hung at each sign-in),
a heading « # a » and a long run of spaces, and a line of « [ » (its validator took
quadratic time after every keystroke, on the page's thread). The list opens, and typing in
such an article gets its verdict while the page keeps answering.
"""

from __future__ import annotations

import re
import shutil
from collections.abc import Iterator

import pytest
from playwright.sync_api import Browser, Page, expect

from .bundles import REPO
from .conftest import unavailable
from .test_dev_preview import _stop, _wait_until_serving, start_dev
from .test_editor import CARNET_LINE, Editor, folder_title, git

FRONT = "---\ntitle: {title}\nexcerpt: Un résumé.\ndate: 2024-03-15\ncategory: Émotions\n---\n\n"
#: slug → (title, hostile line). Sizes far beyond the issue's probes: the old readers would
#: take minutes, the linear ones take milliseconds.
HOSTILE = {
    "cloture-espacee": ("Clôture espacée", "```{" + " " * 20_000 + "x"),
    "titre-espace": ("Titre espacé", "# a" + " " * 200_000 + "x"),
    "crochets": ("Crochets", "[" * 200_000),
}


@pytest.fixture(scope="module")
def editor(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Editor]:
    contenu = shutil.which("contenu")
    if contenu is None or not (REPO / "site" / "node_modules").is_dir():
        unavailable("the editor test needs the contenu CLI and site/node_modules")
    if shutil.which("git") is None:
        unavailable("the editor test needs git")
    tmp = tmp_path_factory.mktemp("carnet-hostile")
    root = tmp / "project"
    shutil.copytree(REPO / "content", root / "content")
    for slug, (title, line) in HOSTILE.items():
        article = FRONT.format(title=title) + "Un texte.\n\n" + line + "\n"
        (root / "content" / "articles" / f"{slug}.md").write_text(article, encoding="utf-8")
    git(root, "init", "-q")
    git(root, "-c", "user.name=t", "-c", "user.email=t@example.org", "add", "-A")
    git(root, "-c", "user.name=t", "-c", "user.email=t@example.org", "commit", "-qm", "start")
    log = tmp / "contenu-dev.log"
    process = start_dev(contenu, root / "content", tmp / "preview", log)
    try:
        site = _wait_until_serving(log, process)
        found = CARNET_LINE.search(log.read_text(errors="replace"))
        assert found, log.read_text()
        yield Editor(root, found[1], site)
    finally:
        _stop(process)


@pytest.fixture
def page(browser: Browser) -> Iterator[Page]:
    """A tab of its own (the carnet is served by `contenu dev`, not by the built sites)."""
    context = browser.new_context(viewport={"width": 1280, "height": 900})
    errors: list[str] = []
    try:
        tab = context.new_page()
        tab.on("pageerror", lambda error: errors.append(str(error)))
        yield tab
        assert not errors, errors
    finally:
        context.close()


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
