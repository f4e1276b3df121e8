"""A number or a date typed by a coach keeps exactly the value a French reader gives it, or
is refused with a French sentence; never is it read as another value (« 395,50 » once became
39550, « 15/03/2024 » in an English browser another day).

One rule per kind (``models/numbers.py``, ``models/dates.py``), tested here as the models and
``contenu check`` apply it (files typed by hand); ``tests/pipeline/test_editor_words.py``
holds the carnet, which interprets the same records, to the same value or sentence.
"""

from __future__ import annotations

import datetime as dt
from collections.abc import Callable
from decimal import Decimal
from pathlib import Path
from typing import Any

import pytest
from french_forms import KINDS, french_amounts, french_dates, meant
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from stage_inputs import CONTENT, one

from contenu.models.dates import DATE_RULE
from contenu.models.numbers import MAX_DIGITS, NUMBER_RULES, NumberKind
from contenu.models.site import SiteSettings

# --- The rule ----------------------------------------------------------------------------


@settings(max_examples=400)
@given(french_amounts())
def test_every_french_form_of_an_amount_keeps_its_value(case: tuple[Decimal, str]) -> None:
    value, text = case
    assert Decimal(repr(NUMBER_RULES["amount"].read(text))) == value


@settings(max_examples=300)
@given(
    kind=st.sampled_from(KINDS),
    text=st.text(alphabet="0123456789 ,.-€eurosEUR\u00a0\u202fx\u2212", max_size=14),
)
def test_a_text_is_read_as_what_it_says_or_refused_in_french(kind: NumberKind, text: str) -> None:
    try:
        number = NUMBER_RULES[kind].read(text)
    except ValueError as refused:
        message = str(refused)
        assert message.startswith(("vide", f"« {text} »")), message
        return
    assert Decimal(repr(number)) == meant(text), text
    assert kind != "integer" or isinstance(number, int)


@pytest.mark.parametrize(
    ("kind", "text", "says"),
    [
        ("amount", "1.250", "peut se lire 1 250 ou 1,250"),
        ("amount", "1.250.000", "séparez les milliers par des espaces"),
        ("amount", "12 50", "les chiffres se groupent par trois"),
        ("amount", "395,505", "au plus deux chiffres après la virgule"),
        ("amount", "€ 395", "n’est pas un montant"),
        ("amount", "", "vide"),
        ("amount", "1" * (MAX_DIGITS + 1), f"plus de {MAX_DIGITS} chiffres"),
        ("integer", "12,5", "un nombre entier est attendu"),
        ("integer", "5 min", "n’est pas un nombre entier"),
        ("decimal", "12 €", "sans « € »"),
    ],
)
def test_what_could_mean_two_things_is_refused_with_the_reason(
    kind: NumberKind, text: str, says: str
) -> None:
    with pytest.raises(ValueError, match=says):
        NUMBER_RULES[kind].read(text)


@settings(max_examples=300)
@given(french_dates())
def test_every_french_form_of_a_date_keeps_its_day(case: tuple[dt.date, str]) -> None:
    day, text = case
    assert DATE_RULE.read(text) == day


@pytest.mark.parametrize(
    ("text", "says"),
    [
        ("03/15/2024", "il n’y a pas de mois 15"),
        ("15/03/24", "écrivez l’année en entier"),
        ("31/02/2023", "février 2023 a 28 jours"),
        ("15 marsss 2024", "« marsss » n’est pas un mois"),
        ("", "date vide"),
        ("le 3 mars", "écrivez-la comme 15/03/2024"),
    ],
)
def test_a_date_that_could_mean_another_day_is_refused(text: str, says: str) -> None:
    with pytest.raises(ValueError, match=says):
        DATE_RULE.read(text)


# --- Through contenu check ---------------------------------------------------------------

SETTINGS = (CONTENT / "reglages" / "site.md").read_text(encoding="utf-8")
PACK = "    amount: 395\n"
assert PACK in SETTINGS


def _pack(text: str) -> tuple[Any, list[str]]:
    """The settings with the pack's amount typed as ``text`` (a YAML string, quoted as the
    carnet quotes what it cannot write bare), through load and validate."""
    quoted = text.replace("\\", "\\\\").replace('"', '\\"')
    result = one("reglages/site.md", SETTINGS.replace(PACK, f'    amount: "{quoted}"\n'))
    return result.model, [d.message for d in result.diagnostics if d.is_error]


@settings(max_examples=60, suppress_health_check=[HealthCheck.too_slow])
@given(french_amounts())
def test_contenu_check_keeps_an_amount_typed_by_hand(case: tuple[Decimal, str]) -> None:
    value, text = case
    model, errors = _pack(text)
    assert errors == [] and isinstance(model, SiteSettings), errors
    assert Decimal(repr(model.prices.pack.amount)) == value


ARTICLE = (
    "---\ntitle: Un titre\nexcerpt: Un résumé.\ndate: 2024-03-15\ncategory: Émotions\n---\n\n"
    "Texte.\n"
)


@settings(max_examples=60, suppress_health_check=[HealthCheck.too_slow])
@given(french_dates())
def test_contenu_check_keeps_a_date_typed_by_hand(case: tuple[dt.date, str]) -> None:
    day, text = case
    result = one("articles/a.md", ARTICLE.replace("2024-03-15", f'"{text}"'))
    assert [d.message for d in result.diagnostics if d.is_error] == []
    assert result.model is not None and result.model.date == day  # type: ignore[attr-defined]


@pytest.mark.parametrize(
    ("written", "kept"),
    [("395", 395), ("395,50", 395.5), ("395 €", 395), ("1 250", 1250),
     ("1\u00a0250", 1250), ("1\u202f250 €", 1250), ("395.5", 395.5)],
)  # fmt: skip
def test_the_settings_file_typed_by_hand_keeps_its_prices(
    site_root: Path, contenu: Callable[..., Any], written: str, kept: float
) -> None:
    """``amount: 395,50`` written bare in the file, as a coach types it."""
    path = site_root / "content" / "reglages" / "site.md"
    path.write_text(SETTINGS.replace(PACK, f"    amount: {written}\n"), encoding="utf-8")
    result = contenu("build", "--out", str(site_root / "sortie"))
    assert result.exit_code == 0, result.output
    site = (site_root / "sortie" / "public" / "data" / "site.json").read_text(encoding="utf-8")
    assert f'"amount":{kept}' in site.replace(" ", "")


def test_a_refused_amount_is_a_french_error_at_its_line(
    site_root: Path, contenu: Callable[..., Any]
) -> None:
    path = site_root / "content" / "reglages" / "site.md"
    path.write_text(SETTINGS.replace(PACK, "    amount: 395,505\n"), encoding="utf-8")
    result = contenu("check")
    assert result.exit_code == 1
    line = SETTINGS[: SETTINGS.index(PACK)].count("\n") + 1
    assert (
        f"content/reglages/site.md:{line}:5: Prix › Pack › Montant : « 395,505 » : un montant a "
        "au plus deux chiffres après la virgule (les centimes)"
    ) in result.plain
    assert "Traceback" not in result.output


def test_a_price_with_cents_is_shown_with_its_cents(
    site_root: Path, contenu: Callable[..., Any]
) -> None:
    path = site_root / "content" / "reglages" / "site.md"
    path.write_text(SETTINGS.replace(PACK, "    amount: 1 395,5\n"), encoding="utf-8")
    result = contenu("build", "--out", str(site_root / "sortie"))
    assert result.exit_code == 0, result.output
    pages = (site_root / "sortie" / "public" / "data" / "routes").glob("*.json")
    shown = "".join(page.read_text(encoding="utf-8") for page in pages)
    assert "1\u202f395,50\u00a0€" in shown
