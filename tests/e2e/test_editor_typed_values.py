"""Issue 30, « no silent change of a value »: in Chromium, every plausible French form of a
price, a number and a date is typed into the carnet key by key, saved, and
the file read back by the pipeline's own reader holds the value meant; a form that could mean
two things is refused at the field with `contenu check`'s sentence, and the file keeps what
was typed (never another number). And the place of a mistake is named in the coach's words
(« Texte alternatif », never « alt » or « {figure} image.alt »).
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from decimal import Decimal
from typing import Any

import pytest
from playwright.sync_api import Browser, Locator, Page, expect

from contenu.models.dates import DATE_RULE
from contenu.models.numbers import NUMBER_RULES
from contenu.pipeline.discover import Source, classify
from contenu.pipeline.validate import process
from contenu.report.labels import field_label as place_label
from contenu.report.labels import key_label

from .test_editor import (
    UPDATE_MS,
    Editor,
    carnet_tab,
    cell,
    editor,
    field_label,
    frontmatter,
    plain,
    restore,
    saved,
)

__all__ = ["editor"]  # the carnet served by `contenu dev` on a git copy of content/

SETTINGS = "reglages/site.md"
ARTICLE = "articles/routines-apaisantes.md"

#: What a coach may type for a price, and the amount it is.
PRICES: list[tuple[str, Decimal]] = [
    ("395", Decimal(395)),
    ("395,50", Decimal("395.50")),
    ("395,5", Decimal("395.5")),
    ("395 €", Decimal(395)),
    ("395€", Decimal(395)),
    ("395 euros", Decimal(395)),
    ("395,50 €", Decimal("395.50")),
    ("1 250", Decimal(1250)),
    ("1\u00a0250", Decimal(1250)),
    ("1\u202f250 €", Decimal(1250)),
    ("1 250,75", Decimal("1250.75")),
    ("395.50", Decimal("395.50")),
    (" 420 ", Decimal(420)),
    ("0", Decimal(0)),
]
#: Whole numbers (an article's reading time).
WHOLE: list[tuple[str, int]] = [("12", 12), ("12,0", 12), (" 45 ", 45), ("7", 7), ("120", 120)]
#: What could mean two things, or nothing: refused with the rule's sentence.
REFUSED: list[tuple[str, str]] = [
    ("amount", "395,505"),
    ("amount", "1.250"),
    ("amount", "12 50"),
    ("amount", "trois cents"),
    ("integer", "12,5"),
    ("integer", "5 min"),
    ("integer", "1.200"),
    ("date", "15/03/24"),
    ("date", "03/15/2024"),
    ("date", "31/02/2023"),
]
#: A date as a French reader types it, whatever the browser's language.
DATES: list[tuple[str, str]] = [
    ("15/03/2024", "2024-03-15"),
    ("15-03-2024", "2024-03-15"),
    ("15.03.2024", "2024-03-15"),
    ("1/3/2024", "2024-03-01"),
    ("15 mars 2024", "2024-03-15"),
    ("1er mars 2024", "2024-03-01"),
    ("le 31 décembre 2025", "2025-12-31"),
    ("2024-03-15", "2024-03-15"),
]
#: The field of each kind: (file, where, key).
FIELDS = {"amount": (SETTINGS, "pack", "amount"), "integer": (ARTICLE, None, "readTime"),
          "date": (ARTICLE, None, "date")}  # fmt: skip


@pytest.fixture
def page(browser: Browser) -> Iterator[Page]:
    """The carnet in Chromium, its language left as the machine's (English here): a date is
    typed as French writes it all the same."""
    yield from carnet_tab(browser.new_context(viewport={"width": 1280, "height": 900}))


def read_back(editor: Editor, rel: str) -> tuple[Any, list[str]]:
    """The file as `contenu check` reads it: its model (None when refused) and its errors."""
    kind, folder, name = classify(rel)
    path = editor.content / rel
    source = Source(path, rel, f"content/{rel}", kind, folder, name)
    result = process(source, path.read_bytes())
    return result.model, [d.message for d in result.diagnostics if d.is_error]


def open_path(page: Page, editor: Editor, rel: str) -> None:
    page.goto(editor.url + f"#fichier={rel}")
    expect(page.get_by_role("button", name="Enregistrer", exact=True)).to_be_visible()


def type_into(field: Locator, text: str) -> None:
    """Key by key, as a coach types (each intermediate text is read too)."""
    field.fill("")
    field.press_sequentially(text)
    expect(field).to_have_value(text)


def pack_amount(page: Page) -> Locator:
    pack = page.get_by_role("group", name=field_label("pack"), exact=True).first
    return pack.get_by_label(field_label("amount"), exact=True)


def test_every_french_form_of_a_price_keeps_its_amount(page: Page, editor: Editor) -> None:
    try:
        open_path(page, editor, SETTINGS)
        field = pack_amount(page)
        for typed, amount in PRICES:
            type_into(field, typed)
            saved(page)
            model, errors = read_back(editor, SETTINGS)
            assert errors == [], (typed, errors)
            assert Decimal(repr(model.prices.pack.amount)) == amount, typed
            expect(field).to_have_value(typed)  # her text stays as she typed it
    finally:
        restore(editor)


def test_every_french_form_of_a_whole_number_keeps_its_value(page: Page, editor: Editor) -> None:
    try:
        open_path(page, editor, ARTICLE)
        field = field_of(page, "integer")
        for typed, value in WHOLE:
            type_into(field, typed)
            saved(page)
            model, errors = read_back(editor, ARTICLE)
            assert errors == [], (typed, errors)
            assert model.read_time == value, typed
    finally:
        restore(editor)


def loosely(text: str) -> re.Pattern[str]:
    """``text`` anywhere, any space (plain, no-break, narrow no-break) for a space."""
    return re.compile(r"[\s\u00a0\u202f]+".join(re.escape(word) for word in text.split()))


def field_of(page: Page, kind: str) -> Locator:
    _, group, key = FIELDS[kind]
    if group == "pack":
        return pack_amount(page)
    front = page.get_by_role("region", name="En-tête du document")
    return front.get_by_label(field_label(key), exact=True)


def refusal(kind: str, typed: str) -> str:
    """What `contenu check` says of ``typed`` (the rule raises it)."""
    rule = DATE_RULE if kind == "date" else NUMBER_RULES[kind]  # type: ignore[index]
    with pytest.raises(ValueError) as refused:
        rule.read(typed)
    return plain(str(refused.value))


@pytest.mark.parametrize(("kind", "typed"), REFUSED)
def test_a_value_that_could_mean_two_things_is_refused_and_kept_as_typed(
    page: Page, editor: Editor, kind: str, typed: str
) -> None:
    rel, _, key = FIELDS[kind]
    try:
        open_path(page, editor, rel)
        field = field_of(page, kind)
        type_into(field, typed)
        message = refusal(kind, typed)
        # The validator runs as she types: the message of the whole text, once it is read.
        expect(field).to_have_accessible_description(loosely(message), timeout=UPDATE_MS)
        expect(field).to_have_attribute("aria-invalid", "true")
        saved(page)
        # The file holds what she typed: `contenu check` refuses it with the same sentence.
        model, errors = read_back(editor, rel)
        assert model is None and any(message in plain(e) for e in errors)
        written = (editor.content / rel).read_text(encoding="utf-8")
        assert re.search(rf"{key}: ['\"]?{re.escape(typed.strip())}['\"]?\n", written), written
    finally:
        restore(editor)


def test_every_french_form_of_a_date_keeps_its_day(page: Page, editor: Editor) -> None:
    try:
        open_path(page, editor, ARTICLE)
        field = field_of(page, "date")
        for typed, day in DATES:
            type_into(field, typed)
            saved(page)
            assert frontmatter(editor.content / ARTICLE)["date"] == day, typed
            model, errors = read_back(editor, ARTICLE)
            assert errors == [] and model.date.isoformat() == day, (typed, errors)
            expect(field).to_have_value(typed)
    finally:
        restore(editor)


@pytest.mark.parametrize("width", [375, 1280])
def test_a_missing_alt_text_is_named_in_the_coachs_words(
    page: Page, editor: Editor, width: int
) -> None:
    """The figure's « Texte alternatif » left out of the file: the field's message and the
    document's summary name it as the form does, never « alt » or « {figure} image.alt »,
    on a phone and on a computer."""
    page.set_viewport_size({"width": width, "height": 900})
    figure = "```{figure}\nimage:\n  src: /images/og-default.png\n```\n"
    path = editor.content / ARTICLE
    try:
        path.write_text(path.read_text(encoding="utf-8") + "\n" + figure, encoding="utf-8")
        open_path(page, editor, ARTICLE)
        missing = f"le champ obligatoire « {key_label('alt')} » manque"
        alt = cell(page, "figure").get_by_label(field_label("alt"), exact=True)
        expect(alt).to_have_accessible_description(loosely(missing), timeout=UPDATE_MS)
        summary = page.get_by_role("note").filter(has_text="À corriger")
        summary.get_by_text("À corriger dans ce document").click()
        place = plain(place_label("{figure} image.alt"))
        expect(summary).to_contain_text(f"{place} : {missing}")
        for raw in ("{figure}", "image.alt", "« alt »"):
            expect(summary).not_to_contain_text(raw)
    finally:
        restore(editor)


def test_an_emptied_date_asks_for_a_date_in_words_she_can_follow(
    page: Page, editor: Editor
) -> None:
    """Issue 30's row « emptied a date in the date picker »: the date is a text field now, and
    emptying it says that the date is needed and how to write it — in French words (« 15 mars
    2024 »), not a format code such as « AAAA-MM-JJ » a coach would have to decode."""
    try:
        open_path(page, editor, ARTICLE)
        field = field_of(page, "date")
        field.fill("")
        expect(field).to_have_attribute("aria-invalid", "true", timeout=UPDATE_MS)
        described = field.evaluate(
            "(el) => (el.getAttribute('aria-describedby') || '').split(' ')"
            ".map((id) => document.getElementById(id)?.textContent || '').join(' ')"
        )
        assert field_label("date") in described or "date" in described.lower(), described
        assert "AAAA" not in described, described
        assert re.search(r"\d{1,2}(er)? \w+ \d{4}", described), described
    finally:
        restore(editor)
