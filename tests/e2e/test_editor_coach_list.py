"""Issue 30, the carnet in the coach's words (item 4: the list, categories, icons, technical
fields) and every cell previewed (item 7), in Chromium at a phone's and a computer's width,
against `contenu dev` on a git copy of content/. Everything is found by its accessible name;
the names a test expects are read from the content or the generated model, never copied.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from pathlib import Path

import pytest
from playwright.sync_api import Browser, Locator, Page, expect

from contenu.models.article import CATEGORY_NAME

from .test_accessibility import audit, axe_source, report
from .test_editor import (
    MODEL,
    UPDATE_MS,
    Editor,
    carnet_tab,
    cell_label,
    field_label,
    frontmatter,
    restore,
    serve_carnet,
)

__all__ = ["axe_source"]  # a fixture of the accessibility tests, used here too

WIDTHS = [375, 1280]
ARTICLE = "articles/routines-apaisantes.md"
#: A page planted in the copy of content/ with one cell of every type of the catalogue (the
#: error page's own cell is previewed in the error page).
EVERY_CELL = "pages/toutes-les-cellules.md"
ERROR_PAGE = "pages/404.md"
EXISTING_IMAGE = "/images/og-default.png"


def _settings(content: Path) -> dict[str, object]:
    return frontmatter(content / "reglages/site.md")


def every_cell_text() -> str:
    """A page with one cell of each type, from the catalogue's examples (an image of
    content/ in the figure), and prose with variables."""
    parts = ["---", "title: Toutes les cellules", "description: Chaque cellule du catalogue.",
             "---", "", "Le pack coûte {{ prix.pack }} avec {{ coach }}.", ""]  # fmt: skip
    for cell in MODEL["cells"]:
        if cell["name"] == "not-found":
            continue
        example = str(cell["example"]).replace("/images/exemple.jpg", EXISTING_IMAGE)
        fields = [example.rstrip("\n")] if example.strip() else []
        parts += [f"```{{{cell['name']}}}", *fields, "```", ""]
    return "\n".join(parts)


def _every_cell_page(content: Path) -> None:
    (content / EVERY_CELL).write_text(every_cell_text(), encoding="utf-8")


@pytest.fixture(scope="module")
def editor(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Editor]:
    yield from serve_carnet(tmp_path_factory, _every_cell_page)


@pytest.fixture(params=WIDTHS, ids=[f"{w}px" for w in WIDTHS])
def tab(request: pytest.FixtureRequest, browser: Browser, editor: Editor) -> Iterator[Page]:
    width: int = request.param
    context = browser.new_context(
        viewport={"width": width, "height": 900}, is_mobile=width < 600, has_touch=width < 600
    )
    try:
        yield from carnet_tab(context)
    finally:
        restore(editor)


def _list(page: Page, editor: Editor) -> Locator:
    page.goto(editor.url)
    search = page.get_by_role("searchbox", name="Rechercher")
    expect(search).to_be_visible(timeout=UPDATE_MS)
    return search


def _open(page: Page, editor: Editor, rel: str) -> None:
    page.goto(editor.url + f"#fichier={rel}")
    expect(page.get_by_role("button", name="Enregistrer", exact=True)).to_be_visible(
        timeout=UPDATE_MS
    )


def _settings_title() -> str:
    return next(str(k["title"]) for k in MODEL["kinds"] if k["path"] == "reglages/site.md")


def _menu_label(editor: Editor, href: str) -> str:
    navigation = _settings(editor.content)["navigation"]
    assert isinstance(navigation, dict)
    return next(link["label"] for link in navigation["header"] if link["href"] == href)


def test_the_search_finds_pages_by_what_a_coach_calls_them(tab: Page, editor: Editor) -> None:
    """« accueil » finds the home page (its menu label), not only an image named so; « prix »
    and « tarifs » find the settings, where the prices are changed."""
    search = _list(tab, editor)
    home = frontmatter(editor.content / "pages/index.md")["title"]
    wanted = {
        _menu_label(editor, "/").lower(): [home],
        "contact": [frontmatter(editor.content / "pages/contact.md")["title"]],
        "blog": [frontmatter(editor.content / "pages/blog.md")["title"]],
        "prix": [_settings_title()],
        "tarifs": [_settings_title()],
    }
    for query, titles in wanted.items():
        search.fill(query)
        for title in titles:
            expect(tab.get_by_role("link", name=str(title), exact=True)).to_be_visible()


def test_titles_are_shown_with_the_settings_values(tab: Page, editor: Editor) -> None:
    written = str(frontmatter(editor.content / "pages/a-propos.md")["title"])
    assert "{{ coach }}" in written
    shown = written.replace("{{ coach }}", str(_settings(editor.content)["coachName"]))
    _list(tab, editor)
    expect(tab.get_by_role("link", name=shown, exact=True)).to_be_visible()
    expect(tab.get_by_role("main")).not_to_contain_text("{{")
    tab.get_by_role("link", name=shown, exact=True).click()
    expect(tab.get_by_role("heading", level=1, name=shown)).to_be_visible()
    assert "{{" not in tab.title()


def _categories(content: Path, but: str) -> list[str]:
    return sorted(
        {str(frontmatter(p)["category"]) for p in (content / "articles").glob("*.md")}
        - {str(frontmatter(content / but)["category"])}
    )


def test_a_category_is_chosen_from_those_in_use_and_a_near_duplicate_refused(
    tab: Page, editor: Editor
) -> None:
    others = _categories(editor.content, ARTICLE)
    _open(tab, editor, ARTICLE)
    menu = tab.get_by_role("combobox", name=field_label("category"), exact=True)
    options = [o.strip() for o in menu.locator("option").all_inner_texts()]
    for name in others:
        assert name in options, (name, options)
    # An existing one, chosen: saved as it is written elsewhere.
    chosen = others[0]
    menu.select_option(label=chosen)
    tab.get_by_role("button", name="Enregistrer", exact=True).click()
    expect(tab.get_by_text(re.compile("^Enregistré"))).to_be_visible(timeout=UPDATE_MS)
    assert frontmatter(editor.content / ARTICLE)["category"] == chosen
    # A new one a reader would take for one in use: refused, the existing name suggested.
    accented = next(n for n in others if n != CATEGORY_NAME.key(n) and n[0] != n[0].lower())
    typo = CATEGORY_NAME.key(accented) + "s"  # no accent, no capital, plural
    menu.select_option(label="Nouvelle catégorie…")
    box = tab.get_by_role("textbox", name="Nom de la nouvelle catégorie")
    box.fill(typo)
    expected = f"écrivez « {accented} »"
    said = re.compile(r"écrivez\s«\s" + re.escape(accented) + r"\s»")
    expect(box).to_have_accessible_description(said, timeout=UPDATE_MS)
    # contenu check says the same of the file written so.
    path = editor.content / ARTICLE
    path.write_text(
        path.read_text(encoding="utf-8").replace(f"category: {chosen}", f"category: {typo}"),
        encoding="utf-8",
    )
    checked = editor.check()
    assert expected in checked.stdout.replace("\u00a0", " ").replace("\u202f", " ")
    # A really new one is accepted.
    box.fill("Vacances en famille")
    expect(box).not_to_have_accessible_description(re.compile("écrivez"), timeout=UPDATE_MS)


def test_technical_fields_are_folded_under_advanced_settings(tab: Page, editor: Editor) -> None:
    _open(tab, editor, "pages/contact.md")
    pixel = tab.get_by_text(field_label("pixel"), exact=True).first
    robots = tab.get_by_label(field_label("robots"), exact=True)
    anchors = tab.get_by_label(field_label("anchor"), exact=True)
    expect(pixel).to_be_hidden()
    expect(robots).to_be_hidden()
    expect(anchors.first).to_be_hidden()
    front = tab.get_by_role("region", name="En-tête du document")
    front.get_by_text("Réglages avancés", exact=True).click()
    expect(pixel).to_be_visible()
    expect(robots).to_be_visible()
    expect(anchors.first).to_be_hidden()  # each cell keeps its own folded
    first_cell = tab.locator("[data-cell-index='0']")
    first_cell.get_by_text("Réglages avancés", exact=True).click()
    expect(first_cell.get_by_label(field_label("anchor"), exact=True)).to_be_visible()


def test_an_icon_is_chosen_from_its_drawing_by_its_french_name(tab: Page, editor: Editor) -> None:
    rel = "difficultes/epuisement-emotionnel.md"
    icon = MODEL["schemas"]["difficulte"]["properties"]["icon"]
    names: dict[str, str] = icon.get("x-options", {})
    assert set(names) == set(icon["enum"]), "every icon has a French name (x-options)"
    _open(tab, editor, rel)
    group = tab.get_by_role("group", name=field_label("icon"), exact=True)
    radios = group.get_by_role("radio")
    expect(radios).to_have_count(len(icon["enum"]))
    expect(group.locator("svg")).to_have_count(len(icon["enum"]))  # each drawn
    for value in icon["enum"]:
        expect(group.get_by_role("radio", name=value, exact=True)).to_have_count(0)
    current = str(frontmatter(editor.content / rel)["icon"])
    expect(group.get_by_role("radio", name=names[current], exact=True)).to_be_checked()
    other = next(v for v in icon["enum"] if v != current)
    group.get_by_role("radio", name=names[other], exact=True).check()
    tab.get_by_role("button", name="Enregistrer", exact=True).click()
    expect(tab.get_by_text(re.compile("^Enregistré"))).to_be_visible(timeout=UPDATE_MS)
    assert frontmatter(editor.content / rel)["icon"] == other


def shown_preview(cell: Locator) -> Locator:
    toggle = cell.get_by_role("button", name="Montrer l’aperçu")
    if toggle.is_visible():
        toggle.click()
    region = cell.get_by_role("region", name="Aperçu")
    expect(region).to_be_visible(timeout=UPDATE_MS)
    return region


def expect_drawn(region: Locator) -> None:
    expect(region).not_to_contain_text("Aperçu indisponible")
    expect(region).not_to_contain_text("Chargement…", timeout=UPDATE_MS)
    expect(region).not_to_contain_text("{{")
    assert region.inner_text().strip() or region.locator("img, svg, form").count(), "empty"


def test_every_cell_of_the_catalogue_is_previewed_with_its_values(
    tab: Page, editor: Editor
) -> None:
    settings = _settings(editor.content)
    _open(tab, editor, EVERY_CELL)
    names = [c["name"] for c in MODEL["cells"] if c["name"] != "not-found"]
    for name in names:
        expect_drawn(shown_preview(tab.get_by_role("group", name=cell_label(name), exact=True)))
    prose = shown_preview(tab.get_by_role("group", name="Texte", exact=True))
    expect(prose).to_contain_text(str(settings["coachName"]))
    _open(tab, editor, ERROR_PAGE)
    expect_drawn(shown_preview(tab.get_by_role("group", name=cell_label("not-found"), exact=True)))
    # An entry with no page of its own: the FAQ's answer, its price as the settings say.
    _open(tab, editor, "faq/tarifs.md")
    answer = tab.get_by_role("group", name="Texte", exact=True)
    assert "{{ prix.pack }}" in answer.get_by_role("textbox").input_value()
    region = shown_preview(answer)
    expect_drawn(region)
    prices = settings["prices"]
    assert isinstance(prices, dict)
    expect(region).to_contain_text(re.compile(rf"{prices['pack']['amount']}\s?€"))


def test_the_new_fields_have_no_serious_axe_violation(
    tab: Page, editor: Editor, axe_source: str
) -> None:
    """The category's menu and new name, the icons' radio buttons and « Réglages avancés »
    opened: axe finds nothing serious or critical."""
    found: dict[str, list[dict[str, object]]] = {}
    _open(tab, editor, ARTICLE)
    tab.get_by_role("combobox", name=field_label("category"), exact=True).select_option(
        label="Nouvelle catégorie…"
    )
    expect(tab.get_by_role("textbox", name="Nom de la nouvelle catégorie")).to_be_visible()
    if violations := audit(tab, axe_source):
        found["catégorie"] = violations
    # The category changed and not saved: leaving the article asks first.
    tab.goto(editor.url + "#fichier=difficultes/epuisement-emotionnel.md")
    tab.get_by_role("button", name="Quitter sans enregistrer", exact=True).click()
    _open(tab, editor, "difficultes/epuisement-emotionnel.md")
    expect(tab.get_by_role("group", name=field_label("icon"), exact=True)).to_be_visible()
    if violations := audit(tab, axe_source):
        found["icône"] = violations
    _open(tab, editor, "pages/contact.md")
    tab.get_by_role("region", name="En-tête du document").get_by_text(
        "Réglages avancés", exact=True
    ).click()
    if violations := audit(tab, axe_source):
        found["réglages avancés"] = violations
    assert not found, report(found)


def _options_in_english() -> dict[str, str]:
    """Each raw value of a choice that has a French label (``x-options``) → that label."""
    raw: dict[str, str] = {}

    def walk(node: object) -> None:
        if isinstance(node, dict):
            labels = node.get("x-options")
            if isinstance(labels, dict):
                raw.update({str(k): str(v) for k, v in labels.items() if k != v})
            for value in node.values():
                walk(value)
        elif isinstance(node, list):
            for value in node:
                walk(value)

    walk(MODEL["schemas"])
    return raw


#: What the issue's row read in the carnet before the coach's words: a model's help in a
#: developer's words (ISO code, « Si vrai »), never to be shown again.
DEVELOPER_WORDS = ("ISO 4217", "Si vrai", "primary", "secondary", "index, follow")


@pytest.mark.parametrize("rel", ["pages/index.md", "reglages/site.md"])
def test_every_choice_and_help_reads_in_french(tab: Page, editor: Editor, rel: str) -> None:
    """Issue 30, « read option and help texts »: every menu offers its choices by their French
    labels, and no help sentence speaks a developer's words, folded settings included."""
    _open(tab, editor, rel)
    main = tab.locator("#carnet-main")
    for toggle in main.get_by_text("Réglages avancés", exact=True).all():
        toggle.click()
    english = _options_in_english()
    shown = main.locator("option").evaluate_all("(options) => options.map((o) => o.textContent)")
    assert shown, "the document offers no choice: the test reads nothing"
    assert not [text for text in shown if text in english], "a choice shown by its raw value"
    text = main.inner_text()
    assert not [word for word in DEVELOPER_WORDS if word in text]
