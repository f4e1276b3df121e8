"""« Le carnet », the coaches' editor at /editeur/, in Chromium against a real `contenu dev`
on a git copy of content/: a field changed in a form changes exactly that line of the file,
the preview drawn by the site's component follows the typing, and a new article made
entirely in the editor builds and shows on the blog.

Names a coach relies on (« Rechercher », « Enregistrer », « Ajouter une cellule »…) are the
issue's; labels and cell names come from the generated model, never copied here.
"""

from __future__ import annotations

import json
import re
import shutil
import subprocess
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import pytest
import yaml
from playwright.sync_api import Browser, BrowserContext, Locator, Page, expect

from contenu.report.labels import field_label as place_label

from .bundles import REPO
from .conftest import unavailable
from .test_accessibility import audit, axe_source, report
from .test_dev_preview import _stop, _wait_until_serving, start_dev

__all__ = ["axe_source"]  # a fixture of the accessibility tests, used here too
UPDATE_MS = 60_000  # a saved change shown, on a machine busy with other work
CARNET_LINE = re.compile(r"Carnet \(éditeur du contenu\)\s*:\s*(http://localhost:\d+/\S*)")
MODEL = json.loads(
    (REPO / "site/src/editor/core/generated/model.gen.json").read_text(encoding="utf-8")
)
APP_MODEL = json.loads(
    (REPO / "site/src/editor/generated/content-model.gen.json").read_text(encoding="utf-8")
)


def cell_label(name: str) -> str:
    return next(str(c["label"]) for c in MODEL["cells"] if c["name"] == name)


def field_label(key: str) -> str:
    label = str(APP_MODEL["fieldLabels"][key])
    return label[0].upper() + label[1:]


def folder_title(folder: str) -> str:
    return next(str(k["folderTitle"]) for k in MODEL["kinds"] if k["folder"] == folder)


def git(root: Path, *args: str) -> str:
    done = subprocess.run(
        ["git", "-C", str(root), *args], capture_output=True, text=True, check=True
    )
    return done.stdout


@dataclass
class Editor:
    root: Path
    url: str
    #: The site's address (« Aperçu du site »): another port than the carnet's.
    site: str

    @property
    def content(self) -> Path:
        return self.root / "content"

    def check(self) -> subprocess.CompletedProcess[str]:
        contenu = shutil.which("contenu")
        assert contenu is not None
        return subprocess.run(
            [contenu, "check", str(self.content)],
            cwd=REPO, capture_output=True, text=True, check=False,
        )  # fmt: skip


def serve_carnet(
    tmp_path_factory: pytest.TempPathFactory, plant: Callable[[Path], None] | None = None
) -> Iterator[Editor]:
    """`contenu dev` on a git copy of the shipped content (``plant`` adds files to it before
    the first commit), yielding the carnet's address until the caller is done."""
    contenu = shutil.which("contenu")
    if contenu is None or not (REPO / "site" / "node_modules").is_dir():
        unavailable("the editor test needs the contenu CLI and site/node_modules")
    if shutil.which("git") is None:
        unavailable("the editor test needs git")
    tmp = tmp_path_factory.mktemp("carnet")
    root = tmp / "project"
    shutil.copytree(REPO / "content", root / "content")
    if plant:
        plant(root / "content")
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


@pytest.fixture(scope="module")
def editor(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Editor]:
    yield from serve_carnet(tmp_path_factory)


def carnet_tab(context: BrowserContext) -> Iterator[Page]:
    """A tab of ``context`` in which a script error the carnet does not catch fails the test;
    the context is closed after it."""
    errors: list[str] = []
    try:
        tab = context.new_page()
        tab.on("pageerror", lambda error: errors.append(str(error)))
        yield tab
        assert not errors, errors
    finally:
        context.close()


@pytest.fixture
def page(browser: Browser) -> Iterator[Page]:
    yield from carnet_tab(browser.new_context(viewport={"width": 1280, "height": 900}))


def frontmatter(path: Path) -> dict[str, Any]:
    text = path.read_text(encoding="utf-8")
    # Every value as text: a file under test may hold an impossible date.
    data: dict[str, Any] = yaml.load(text.split("---\n")[1], Loader=yaml.BaseLoader)
    return data


def saved(page: Page) -> None:
    page.get_by_role("button", name="Enregistrer", exact=True).click()
    expect(page.get_by_role("status").filter(has_text="Enregistré")).to_be_visible()
    # The status line may still say « Enregistré » of an earlier save: the bar's state says
    # when this one has landed.
    expect(page.get_by_text("Tout est enregistré", exact=True)).to_be_visible()


def cell(page: Page, name: str) -> Locator:
    return page.get_by_role("group", name=cell_label(name), exact=True)


def test_a_field_changed_in_the_form_changes_that_line_only(page: Page, editor: Editor) -> None:
    index = editor.content / "pages" / "index.md"
    before = index.read_text(encoding="utf-8")
    title = frontmatter(index)["title"]
    page.goto(editor.url)
    page.get_by_role("link", name=title, exact=True).click()

    hero = cell(page, "hero").first
    field = hero.get_by_label(field_label("title"), exact=True)
    old = field.input_value()
    new = "Retrouvez le dialogue avec votre ado, pas à pas"
    field.fill(new)
    # The preview is the site's own hero component, redrawn as the coach types.
    expect(hero.get_by_role("region", name="Aperçu")).to_contain_text(new)

    saved(page)
    # The whole page, at a phone's and a computer's width, once the preview rebuilt.
    page.get_by_role("button", name="Aperçu de la page").click()
    frames = page.get_by_role("region", name="Aperçu de la page").locator("iframe")
    expect(frames).to_have_count(2)
    assert [frames.nth(i).get_attribute("width") for i in range(2)] == ["375", "1280"]
    for i in range(2):
        expect(frames.nth(i).content_frame.get_by_role("heading", level=1)).to_have_text(
            new, timeout=UPDATE_MS
        )
    after = index.read_text(encoding="utf-8")
    assert after == before.replace(f"title: {old}\n", f"title: {new}\n", 1)
    diff = git(editor.root, "diff", "--numstat", "--", "content")
    assert diff.split() == ["1", "1", "content/pages/index.md"], diff
    check = editor.check()
    assert check.returncode == 0, check.stdout + check.stderr
    git(editor.root, "-c", "user.name=t", "-c", "user.email=t@example.org", "commit", "-qam", "1")


def test_a_new_article_with_a_figure_and_a_link_is_made_in_the_editor(
    page: Page, editor: Editor
) -> None:
    title = "Parler de l’école sans dispute"
    slug = "parler-de-lecole-sans-dispute"  # contenu new's slug: the apostrophe goes
    page.goto(editor.url)
    articles = page.get_by_role("region", name=folder_title("articles"))
    articles.get_by_role("button", name=re.compile("^Nouveau")).click()
    articles.get_by_label("Titre", exact=True).fill(title)
    articles.get_by_role("button", name="Créer").click()
    expect(page.get_by_role("heading", level=1, name=title)).to_be_visible()

    front = page.get_by_role("region", name="En-tête du document")
    front.get_by_label(field_label("excerpt"), exact=True).fill(
        "Les devoirs tournent au conflit ? Trois repères pour en parler calmement."
    )
    # A category of the blog, chosen from those in use (issue 30).
    front.get_by_label(field_label("category"), exact=True).select_option(label="Communication")
    front.get_by_label(field_label("draft"), exact=True).uncheck()

    # The prose of the template, rewritten with an internal link.
    prose = page.get_by_role("group", name="Texte", exact=True).first
    prose.get_by_role("textbox").fill(
        "Les devoirs du soir peuvent devenir un terrain d'entente.\n\n"
        "Pour en parler avec nous, passez par la [page contact](/contact)."
    )
    # Its preview as the pipeline renders it (pyromark, nh3, French typography), as typed.
    expect(prose.get_by_role("region", name="Aperçu")).to_contain_text("terrain d’entente")
    # A figure after it, its image picked among content/images.
    page.get_by_role("button", name="Ajouter une cellule").last.click()
    page.get_by_role("button", name=re.compile("^" + re.escape(cell_label("figure")))).click()
    figure = cell(page, "figure")
    figure.get_by_text("Choisir une image").click()
    # A photo from the computer goes to content/images/, and into the figure.
    photo = (REPO / "content" / "images" / "og-default.png").read_bytes()
    figure.get_by_label("Ajouter une image depuis cet appareil").set_input_files(
        files=[{"name": "Photo école.png", "mimeType": "image/png", "buffer": photo}]
    )
    expect(figure.get_by_text("/images/photo-ecole.png")).to_be_visible()
    assert (editor.content / "images" / "photo-ecole.png").read_bytes() == photo
    figure.get_by_label(field_label("alt"), exact=True).fill("Deux silhouettes qui se rapprochent.")
    figure.get_by_label(field_label("caption"), exact=True).fill(
        "Se retrouver, un pas après l’autre."
    )
    saved(page)

    written = editor.content / "articles" / f"{slug}.md"
    assert written.is_file()
    text = written.read_text(encoding="utf-8")
    assert "```{figure}" in text and "](/contact)" in text
    check = editor.check()
    assert check.returncode == 0, check.stdout + check.stderr
    # The preview server rebuilt: the article is on the blog.
    page.goto(editor.site + "blog")
    expect(page.get_by_role("link", name=re.compile(re.escape(title)))).to_be_visible(
        timeout=UPDATE_MS
    )


# --- The coach's mistakes: the same French words as `contenu check`, under the right field


def plain(text: str) -> str:
    return text.replace("\u00a0", " ").replace("\u202f", " ")


def check_message(editor: Editor, rel: str, field: str) -> str:
    """What `contenu check` says about ``field`` of content/``rel`` (warnings included): the
    field is named there by its French label and place (« Bannière d’ouverture › Titre »)."""
    output = editor.check()
    text = plain(output.stdout + output.stderr)
    prefix, named = f"content/{rel}:", f": {plain(place_label(field))} : "
    for line in text.splitlines():
        if line.startswith(prefix) and named in line:
            message = line.split(named, 1)[1]
            return message.removeprefix("avertissement : ")
    raise AssertionError(f"contenu check says nothing of {field} in {rel}:\n{text}")


def described(locator: Locator) -> str:
    """The accessible description of a field (its help and its messages), spaces plain."""
    ids = (locator.get_attribute("aria-describedby") or "").split()
    page = locator.page
    texts = [page.locator(f"[id='{i}']").inner_text() for i in ids]
    return " ".join(texts).replace("\u00a0", " ").replace("\u202f", " ")


def restore(editor: Editor) -> None:
    git(editor.root, "checkout", "--", "content")
    git(editor.root, "clean", "-fdq", "content")


def open_file(page: Page, editor: Editor, rel: str) -> None:
    page.goto(editor.url)
    page.get_by_role("link", name=frontmatter(editor.content / rel)["title"], exact=True).click()
    expect(page.get_by_role("button", name="Enregistrer", exact=True)).to_be_visible()


def expect_message(field: Locator, message: str) -> None:
    expect(field).to_have_attribute("aria-describedby", re.compile(r"diag"), timeout=UPDATE_MS)
    assert message in described(field), (message, described(field))


#: Longer than the page description's limit (maxLength in its schema).
LONG_TEXT = ("Très long. " * 40).strip()
assert len(LONG_TEXT) > MODEL["schemas"]["page"]["properties"]["description"]["maxLength"]

TYPED = {
    # mistake: (cell or "frontmatter", field key, what is typed, field as `contenu check` names it)
    "missing required field": ("hero", "title", "", "{hero} title"),
    "too-long description": ("frontmatter", "description", LONG_TEXT, "description"),
    "dead link": ("hero", "href", "/nulle-part", "{hero} actions[0].href"),
    "price typed with €": ("hero", "lead", "Le pack de quatre séances coûte 395 €.", "{hero} lead"),
}


@pytest.mark.parametrize("mistake", list(TYPED))
def test_a_mistake_typed_shows_contenu_checks_words_under_its_field(
    page: Page, editor: Editor, mistake: str
) -> None:
    target, key, typed, check_field = TYPED[mistake]
    rel = "pages/index.md"
    try:
        open_file(page, editor, rel)
        scope = (
            page.get_by_role("region", name="En-tête du document")
            if target == "frontmatter"
            else cell(page, target).first
        )
        field = scope.get_by_label(field_label(key), exact=True).first
        field.fill(typed)
        # A document with errors is still saved (a draft), and `contenu check` then says…
        saved(page)
        expect_message(field, check_message(editor, rel, check_field))
    finally:
        restore(editor)


WRITTEN = {
    # mistake: (file, text replaced, by, field label key, field as `contenu check` names it)
    "bad date": ("articles/routines-apaisantes.md", r"(?m)^date: .*$", "date: 2024-02-30",
                 "date", "date"),
    "missing image": ("pages/index.md", r"src: /images/provisoires/accueil\.svg",
                      "src: /images/absente.jpg", None, "{hero} image.src"),
}  # fmt: skip


@pytest.mark.parametrize("mistake", list(WRITTEN))
def test_a_mistake_in_the_file_shows_under_its_field_when_opened(
    page: Page, editor: Editor, mistake: str
) -> None:
    rel, pattern, replacement, key, check_field = WRITTEN[mistake]
    file = editor.content / rel
    try:
        file.write_text(re.sub(pattern, replacement, file.read_text(encoding="utf-8"), count=1))
        message = check_message(editor, rel, check_field)
        open_file(page, editor, rel)
        if key is None:  # the image: its message sits under the image picker
            scope = cell(page, "hero").first.get_by_role("group", name=field_label("image"))
            expect(scope).to_contain_text(message, timeout=UPDATE_MS)
        else:
            expect_message(page.get_by_label(field_label(key), exact=True).first, message)
    finally:
        restore(editor)


def test_a_new_file_whose_name_is_taken_says_what_contenu_new_says(
    page: Page, editor: Editor
) -> None:
    existing = editor.content / "articles" / "routines-apaisantes.md"
    title = "Routines apaisantes"  # the name contenu new makes of it is the existing file's
    assert existing.is_file()
    contenu = shutil.which("contenu")
    assert contenu is not None
    cli = subprocess.run(
        [contenu, "new", "article", title, "--content", "content"],
        cwd=editor.root, capture_output=True, text=True, check=False,
    )  # fmt: skip
    assert cli.returncode != 0
    said = cli.stdout + cli.stderr
    words = re.search(r"le fichier \S+ existe déjà\s*;\s*choisissez un autre titre", said)
    assert words, said
    expected = re.sub(r"\s+", " ", words[0].replace(f"{editor.root}/", ""))
    page.goto(editor.url)
    articles = page.get_by_role("region", name=folder_title("articles"))
    articles.get_by_role("button", name=re.compile("^Nouveau")).click()
    field = articles.get_by_label("Titre", exact=True)
    field.fill(title)
    articles.get_by_role("button", name="Créer").click()
    expect(articles.get_by_role("alert")).to_have_text(expected)
    assert field.get_attribute("aria-invalid") == "true"


# --- Work is never lost; a phone, the keyboard, axe


#: Whether the editor's IndexedDB holds a draft of a file containing some words.
KEPT_DRAFT = """([path, words]) => new Promise((resolve) => {
  const open = indexedDB.open("carnet");
  open.onsuccess = () => {
    const db = open.result;
    if (!db.objectStoreNames.contains("brouillons")) return resolve(false);
    const get = db.transaction("brouillons").objectStore("brouillons").get(path);
    get.onsuccess = () => resolve(Boolean(get.result && get.result.text.includes(words)));
    get.onerror = () => resolve(false);
  };
  open.onerror = () => resolve(false);
})"""


def test_changes_survive_a_closed_tab_and_can_be_cancelled(page: Page, editor: Editor) -> None:
    rel = "pages/index.md"
    before = (editor.content / rel).read_text(encoding="utf-8")
    open_file(page, editor, rel)
    title = cell(page, "hero").first.get_by_label(field_label("title"), exact=True)
    old = title.input_value()
    title.fill("Un titre pas encore enregistré")
    # Kept in IndexedDB as typed: the tab can go without a save (once she said she leaves).
    page.wait_for_function(KEPT_DRAFT, arg=[rel, "Un titre pas encore enregistré"])
    page.once("dialog", lambda dialog: dialog.accept())
    page.reload()
    expect(page.get_by_text("Reprendre vos modifications ?")).to_be_visible()
    page.get_by_role("button", name="Reprendre", exact=True).click()
    title = cell(page, "hero").first.get_by_label(field_label("title"), exact=True)
    expect(title).to_have_value("Un titre pas encore enregistré")

    page.get_by_role("button", name="Annuler les modifications").click()
    expect(title).to_have_value(old)
    assert (editor.content / rel).read_text(encoding="utf-8") == before
    page.reload()
    expect(cell(page, "hero").first).to_be_visible()
    expect(page.get_by_text("Reprendre vos modifications ?")).to_have_count(0)


@pytest.fixture
def phone(browser: Browser) -> Iterator[Page]:
    context = browser.new_context(viewport={"width": 375, "height": 812}, is_mobile=True)
    try:
        yield context.new_page()
    finally:
        context.close()


def test_on_a_phone_one_column_no_serious_axe_violation(
    phone: Page, editor: Editor, axe_source: str
) -> None:
    found: dict[str, list[dict[str, object]]] = {}
    phone.goto(editor.url)
    expect(phone.get_by_role("searchbox", name="Rechercher")).to_be_visible()
    if violations := audit(phone, axe_source):
        found["liste"] = violations
    open_file(phone, editor, "pages/index.md")
    hero = cell(phone, "hero").first
    # One column: nothing wider than the screen; the preview behind its toggle.
    assert phone.evaluate("() => document.documentElement.scrollWidth") <= 375
    preview = hero.get_by_role("region", name="Aperçu")
    expect(preview).to_be_hidden()
    hero.get_by_role("button", name="Montrer l’aperçu").click()
    expect(preview).to_be_visible()
    phone.get_by_role("button", name="Ajouter une cellule").first.click()
    if violations := audit(phone, axe_source):
        found["carnet"] = violations
    assert not found, report(found)


def test_cells_move_and_come_back_with_the_keyboard_alone(page: Page, editor: Editor) -> None:
    open_file(page, editor, "pages/index.md")
    first = page.locator("[data-cell-index='0']")
    label = first.get_attribute("aria-label")
    first.get_by_role("button", name="Descendre", exact=True).focus()
    page.keyboard.press("Enter")
    # The cell went down one place, and the focus went with it.
    expect(page.locator("[data-cell-index='1']")).to_have_attribute("aria-label", label or "")
    focused = page.locator("[data-cell-index='1'] button[data-action='down']")
    expect(focused).to_be_focused()
    page.keyboard.press("Shift+Tab")  # « Monter »
    page.keyboard.press("Enter")
    expect(page.locator("[data-cell-index='0']")).to_have_attribute("aria-label", label or "")
    # Removed, then put back with « Annuler la suppression ».
    page.locator("[data-cell-index='0']").get_by_role("button", name="Supprimer la cellule").focus()
    page.keyboard.press("Enter")
    undo = page.get_by_role("button", name="Annuler la suppression")
    undo.focus()
    page.keyboard.press("Enter")
    expect(page.locator("[data-cell-index='0']")).to_have_attribute("aria-label", label or "")
    expect(page.get_by_text("Tout est enregistré")).to_be_visible()
