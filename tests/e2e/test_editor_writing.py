"""« Le carnet » works like a writing tool, and new things start valid (issue 30, items 5 and
6): each row of the issue's table a coach ran into, on a phone (375 px) and a computer
(1280 px), in Chromium against a real `contenu dev`, by accessible names only.

Enter at the end of a text cell, « Lien », Ctrl+S, the outline from the keyboard, leaving
with unsaved work, the state shown, a new figure cell, the cells offered in an article, a new
article's help, a save with errors; and axe on the list, a document, its outline and a
conflict.
"""

from __future__ import annotations

import re
from collections.abc import Iterator

import pytest
from playwright.sync_api import Browser, Dialog, Locator, Page, expect

from .test_accessibility import audit, report
from .test_editor import (
    UPDATE_MS,
    Editor,
    axe_source,
    carnet_tab,
    cell,
    cell_label,
    editor,
    field_label,
    folder_title,
    frontmatter,
    open_file,
    restore,
)

__all__ = ["axe_source", "editor"]  # fixtures, shared with the editor's other tests

WIDTHS = {"telephone": {"width": 375, "height": 812}, "ordinateur": {"width": 1280, "height": 900}}
ARTICLE = "articles/routines-apaisantes.md"
#: French spacing as the carnet writes it, read as plain spaces.
SPACES = str.maketrans({"\u00a0": " ", "\u202f": " "})


@pytest.fixture(params=list(WIDTHS))
def tab(request: pytest.FixtureRequest, browser: Browser) -> Iterator[Page]:
    viewport = WIDTHS[request.param]
    phone = viewport["width"] < 1000
    context = browser.new_context(viewport=viewport, is_mobile=phone, has_touch=phone)
    yield from carnet_tab(context)


@pytest.fixture
def content(editor: Editor) -> Iterator[Editor]:
    """The editor's content/, as committed again after the test."""
    try:
        yield editor
    finally:
        restore(editor)


def plain(text: str) -> str:
    return text.translate(SPACES)


def save(page: Page) -> Locator:
    page.get_by_role("button", name="Enregistrer", exact=True).click()
    status = page.get_by_role("status").filter(has_text="Enregistré")
    expect(status).to_be_visible()
    return status


def preview_of(page: Page, part: Locator) -> Locator:
    """A cell's preview, shown (on a phone it is behind « Montrer l’aperçu »)."""
    toggle = part.get_by_role("button", name="Montrer l’aperçu")
    if toggle.is_visible():
        toggle.click()
    return part.get_by_role("region", name="Aperçu")


def first_text_cell(page: Page) -> tuple[Locator, Locator]:
    prose = page.get_by_role("group", name="Texte", exact=True).first
    return prose, prose.get_by_role("textbox", name="Texte de la cellule")


# --- « pressed Enter (or Shift+Enter) at the end of a text cell » -------------------------


def test_enter_and_shift_enter_at_the_end_of_a_text_cell(tab: Page, content: Editor) -> None:
    open_file(tab, content, ARTICLE)
    prose, text = first_text_cell(tab)
    before = text.input_value()
    text.focus()
    tab.keyboard.press("Control+End")
    # Its text ends with a list: Enter gives the next item, Enter again leaves the list.
    assert before.rstrip("\n").rsplit("\n", 1)[-1].startswith("- ")
    tab.keyboard.press("Enter")
    expect(text).to_have_value(before.rstrip("\n") + "\n- ")
    tab.keyboard.press("Enter")
    tab.keyboard.type("Un nouveau paragraphe.")
    tab.keyboard.press("Shift+Enter")
    tab.keyboard.type("Sur la ligne suivante.")
    expect(text).to_have_value(
        before.rstrip("\n") + "\n\nUn nouveau paragraphe.  \nSur la ligne suivante."
    )
    # The site draws a paragraph of its own, its two lines apart.
    preview = preview_of(tab, prose)
    paragraph = preview.get_by_role("paragraph").filter(has_text="Un nouveau paragraphe.")
    expect(paragraph).to_have_text(
        re.compile(r"^Un nouveau paragraphe\.\s*Sur la ligne suivante\.$")
    )
    expect(paragraph.locator("br")).to_have_count(1)
    save(tab)
    written = (content.content / ARTICLE).read_text(encoding="utf-8")
    assert "\n\nUn nouveau paragraphe.  \nSur la ligne suivante.\n" in written


# --- « clicked « Lien » in the text toolbar » ----------------------------------------------


def test_lien_asks_for_the_address_and_offers_the_sites_pages(tab: Page, content: Editor) -> None:
    open_file(tab, content, ARTICLE)
    prose, text = first_text_cell(tab)
    before = text.input_value()
    text.focus()
    tab.keyboard.press("Control+End")
    prose.get_by_role("toolbar", name="Mise en forme").get_by_role("button", name="Lien").click()
    form = prose.get_by_role("group", name="Insérer un lien")
    address = form.get_by_role("combobox", name="Adresse du lien")
    expect(address).to_be_focused()
    # The site's pages are offered: its list names every route, /contact among them.
    offered = address.evaluate("(input) => [...input.list.options].map((o) => o.value)")
    assert "/contact" in offered and "/" in offered, offered
    # Nothing written while the address is missing: the field says so.
    form.get_by_role("button", name="Insérer le lien").click()
    expect(address).to_have_accessible_description(re.compile("ou écrivez l’adresse du lien"))
    expect(text).to_have_value(before)
    address.fill("/contact")
    form.get_by_role("textbox", name="Texte du lien").fill("nous écrire")
    form.get_by_role("button", name="Insérer le lien").click()
    expect(form).to_have_count(0)
    expect(text).to_have_value(before + "[nous écrire](/contact)")
    expect(preview_of(tab, prose).get_by_role("link", name="nous écrire")).to_be_visible(
        timeout=UPDATE_MS
    )


# --- « used the keyboard at 375 px »: the outline, Ctrl+S ----------------------------------

#: Keystrokes from the document's title to the banner's title field, at most.
KEYSTROKES = 12


def test_the_outline_and_ctrl_s_from_the_keyboard(tab: Page, content: Editor) -> None:
    rel = "pages/index.md"
    open_file(tab, content, rel)
    title = frontmatter(content.content / rel)["title"]
    expect(tab.get_by_role("heading", level=1, name=title)).to_be_focused()
    hero = cell(tab, "hero").first
    target = hero.get_by_label(field_label("title"), exact=True)
    outline = tab.get_by_role("navigation", name="Plan du document")
    pressed = 0
    plan = outline.get_by_role("button", name="Plan du document")
    while not is_focused(plan) and pressed < KEYSTROKES:
        tab.keyboard.press("Tab")
        pressed += 1
    tab.keyboard.press("Enter")
    pressed += 1
    entry = outline.get_by_role("button", name=re.compile("^1\\. " + re.escape(cell_label("hero"))))
    expect(entry).to_be_visible()
    while not is_focused(entry) and pressed < KEYSTROKES:
        tab.keyboard.press("Tab")
        pressed += 1
    tab.keyboard.press("Enter")
    pressed += 1
    while not is_focused(target) and pressed < KEYSTROKES:
        tab.keyboard.press("Tab")
        pressed += 1
    expect(target).to_be_focused()
    assert pressed <= KEYSTROKES, pressed
    # Typed there and saved with Ctrl+S, no way back to « Enregistrer » needed.
    tab.keyboard.press("Control+A")
    tab.keyboard.type("Un titre écrit au clavier")
    tab.keyboard.press("Control+s")
    expect(tab.get_by_role("status").filter(has_text="Enregistré")).to_be_visible()
    expect(tab.get_by_text("Tout est enregistré")).to_be_visible()
    written = (content.content / rel).read_text(encoding="utf-8")
    # Typed key by key, a value ending with a space on the way: YAML keeps its quotes.
    assert re.search(r"\ntitle: \"?Un titre écrit au clavier\"?\n", written), written


def is_focused(locator: Locator) -> bool:
    return bool(locator.evaluate("(element) => element === document.activeElement"))


# --- « closed the tab with unsaved work » --------------------------------------------------


def test_leaving_with_unsaved_work_asks_first_and_the_list_marks_the_file(
    tab: Page, content: Editor
) -> None:
    rel = "pages/index.md"
    title = frontmatter(content.content / rel)["title"]
    open_file(tab, content, rel)
    field = cell(tab, "hero").first.get_by_label(field_label("title"), exact=True)
    field.fill("Un titre pas encore enregistré")
    expect(tab.get_by_text("Modifications non enregistrées", exact=True)).to_be_visible()
    # The carnet's own link to the list: a question first; « Rester » keeps everything.
    tab.get_by_role("link", name="Tous les fichiers").click()
    question = tab.get_by_role("dialog", name="Quitter ce document sans enregistrer ?")
    expect(question).to_be_visible()
    question.get_by_role("button", name="Rester sur ce document").click()
    expect(question).to_have_count(0)
    expect(field).to_have_value("Un titre pas encore enregistré")
    # The browser's « back »: the same question; leaving keeps the work on this device.
    tab.go_back()
    expect(question).to_be_visible()
    question.get_by_role("button", name="Quitter sans enregistrer").click()
    expect(tab.get_by_role("searchbox", name="Rechercher")).to_be_visible()
    listed = tab.get_by_role("listitem").filter(has=tab.get_by_role("link", name=title, exact=True))
    expect(listed).to_contain_text("modifications non enregistrées")
    # Back to it: the work offered back, and the state says so — not « Tout est enregistré ».
    listed.get_by_role("link", name=title, exact=True).click()
    expect(tab.get_by_text("Reprendre vos modifications ?")).to_be_visible()
    expect(tab.get_by_text("Tout est enregistré")).to_have_count(0)
    expect(
        tab.get_by_text("Des modifications non enregistrées attendent votre réponse")
    ).to_be_visible()
    tab.get_by_role("button", name="Reprendre", exact=True).click()
    expect(cell(tab, "hero").first.get_by_label(field_label("title"), exact=True)).to_have_value(
        "Un titre pas encore enregistré"
    )
    expect(tab.get_by_text("Modifications non enregistrées", exact=True)).to_be_visible()


def test_closing_the_tab_with_unsaved_work_asks_first(tab: Page, content: Editor) -> None:
    open_file(tab, content, "pages/index.md")
    field = cell(tab, "hero").first.get_by_label(field_label("title"), exact=True)
    field.click()
    tab.keyboard.press("End")
    tab.keyboard.type(" et plus")
    expect(tab.get_by_text("Modifications non enregistrées", exact=True)).to_be_visible()
    asked: list[str] = []

    def answer(dialog: Dialog) -> None:
        asked.append(dialog.type)
        dialog.dismiss()  # « stay on the page »

    tab.on("dialog", answer)
    with tab.expect_event("dialog"):
        tab.close(run_before_unload=True)
    assert asked == ["beforeunload"]
    assert not tab.is_closed()
    expect(field).to_have_value(re.compile(" et plus$"))


# --- « added a figure cell », « opened the cell menu in an article » -----------------------


def test_the_cell_menu_offers_this_documents_cells_and_a_figure_starts_empty(
    tab: Page, content: Editor
) -> None:
    open_file(tab, content, ARTICLE)
    tab.get_by_role("button", name="Ajouter une cellule").last.click()
    menu = tab.get_by_role("group", name="Choisir le type de cellule")
    offered = [plain(name) for name in menu.get_by_role("button").all_inner_texts()]
    assert not any(name.startswith(plain(cell_label("not-found"))) for name in offered), offered
    assert not any(name.startswith(plain(cell_label("hero"))) for name in offered), offered
    assert any(name.startswith(plain(cell_label("figure"))) for name in offered), offered
    menu.get_by_role("button", name=re.compile("^" + re.escape(cell_label("figure")))).click()
    figure = cell(tab, "figure")
    expect(figure).to_be_visible()
    # Checked: its one error is the image still to choose (the article had none before)…
    expect(tab.get_by_text(re.compile("^Ce document a 1 erreur"))).to_be_visible()
    # … and no image is made up: none chosen, no « introuvable », no alt text of nothing.
    expect(figure.get_by_text("Aucune image choisie.")).to_be_visible()
    expect(figure).not_to_contain_text("introuvable")
    expect(figure).not_to_contain_text("/images/exemple.jpg")
    for alt in figure.get_by_label(field_label("alt"), exact=True).all():
        expect(alt).to_have_value("")
    # The error page is offered its message.
    open_file(tab, content, "pages/404.md")
    tab.get_by_role("button", name="Ajouter une cellule").last.click()
    menu = tab.get_by_role("group", name="Choisir le type de cellule")
    expect(
        menu.get_by_role("button", name=re.compile("^" + re.escape(cell_label("not-found"))))
    ).to_be_visible()


# --- « the new article's text » -------------------------------------------------------------


def test_a_new_articles_help_speaks_of_its_check_box(tab: Page, content: Editor) -> None:
    tab.goto(content.url)
    articles = tab.get_by_role("region", name=folder_title("articles"))
    articles.get_by_role("button", name=re.compile("^Nouveau")).click()
    articles.get_by_label("Titre", exact=True).fill("Le goûter qui apaise")
    articles.get_by_role("button", name="Créer").click()
    expect(tab.get_by_role("heading", level=1, name="Le goûter qui apaise")).to_be_visible()
    box = tab.get_by_role("checkbox", name=field_label("draft"), exact=True)
    expect(box).to_be_checked()
    _, text = first_text_cell(tab)
    help_text = plain(text.input_value())
    assert f"Décochez la case « {field_label('draft')} » pour le publier." in help_text
    assert "draft" not in help_text and "true" not in help_text


# --- « saved a document with errors » -------------------------------------------------------


def test_saving_with_errors_says_what_will_happen(tab: Page, content: Editor) -> None:
    rel = ARTICLE
    assert frontmatter(content.content / rel).get("draft", "false") == "false"
    open_file(tab, content, rel)
    tab.get_by_role("region", name="En-tête du document").get_by_label(
        field_label("title"), exact=True
    ).fill("")
    said = plain(save(tab).inner_text())
    assert re.match(r"Enregistré, avec \d+ erreurs? :", said), said
    assert "ne seront pas mises en ligne" in said and "brouillon" not in said, said
    assert frontmatter(content.content / rel).get("draft", "false") == "false"


# --- axe ------------------------------------------------------------------------------------


def test_no_serious_axe_violation_on_the_list_a_document_and_its_outline(
    tab: Page, content: Editor, axe_source: str
) -> None:
    found: dict[str, list[dict[str, object]]] = {}
    open_file(tab, content, ARTICLE)
    tab.get_by_role("region", name="En-tête du document").get_by_label(
        field_label("title"), exact=True
    ).fill("Modifié")
    tab.get_by_role("button", name="Plan du document").click()
    expect(
        tab.get_by_role("navigation", name="Plan du document").get_by_role("list")
    ).to_be_visible()
    if violations := audit(tab, axe_source):
        found["document et plan"] = violations
    prose, _ = first_text_cell(tab)
    prose.get_by_role("button", name="Lien").click()
    if violations := audit(tab, axe_source):
        found["lien"] = violations
    tab.get_by_role("link", name="Tous les fichiers").click()
    expect(tab.get_by_role("dialog")).to_be_visible()
    if violations := audit(tab, axe_source):
        found["quitter"] = violations
    tab.get_by_role("button", name="Quitter sans enregistrer").click()
    expect(tab.get_by_text("modifications non enregistrées")).to_be_visible()
    if violations := audit(tab, axe_source):
        found["liste"] = violations
    assert not found, report(found)


def test_no_serious_axe_violation_on_a_conflict(
    tab: Page, content: Editor, axe_source: str
) -> None:
    open_file(tab, content, ARTICLE)
    # Saved meanwhile from another tab: her save is refused and both versions are shown.
    other = tab.context.new_page()
    other.goto(content.url + f"#fichier={ARTICLE}")
    header_title(other).fill("Le titre de l’autre onglet")
    save(other)
    other.close()
    header_title(tab).fill("Le titre de cet onglet")
    tab.get_by_role("button", name="Enregistrer", exact=True).click()
    conflict = tab.get_by_role("region", name=re.compile("Conflit dans"))
    expect(conflict).to_contain_text("Le titre de l’autre onglet")
    expect(conflict).to_contain_text("Le titre de cet onglet")
    violations = audit(tab, axe_source)
    assert not violations, report({"conflit": violations})


def header_title(page: Page) -> Locator:
    return page.get_by_role("region", name="En-tête du document").get_by_label(
        field_label("title"), exact=True
    )
