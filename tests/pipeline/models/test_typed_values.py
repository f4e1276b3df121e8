"""A number or a date typed by a coach keeps exactly the value a French reader gives it, or
is refused with a French sentence; never is it read as another value (« 395,50 » once became
39550, « 15/03/2024 » in an English browser another day).

One rule per kind (``models/numbers.py``, ``models/dates.py``), tested through
``contenu check`` (files typed by hand) and through the carnet, which interprets the same
records (``core/reading.ts``, run by Node): the same value or the same sentence for every text.
"""

from __future__ import annotations

import datetime as dt
import re
from collections.abc import Callable
from decimal import Decimal
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from stage_inputs import CONTENT, one

from contenu.models.dates import DATE_RULE, MONTHS
from contenu.models.numbers import MAX_DIGITS, NUMBER_RULES, NumberKind
from contenu.models.site import SiteSettings

SPACES = ["", " ", "\u00a0", "\u202f"]
CURRENCIES = ["€", " €", "\u00a0€", "\u202f€", " euros", " euro", " EUR", "€ "]
KINDS: list[NumberKind] = ["integer", "decimal", "amount"]


@st.composite
def french_amounts(draw: st.DrawFn) -> tuple[Decimal, str]:
    """An amount of at most two decimals, and one way a French reader writes it."""
    cents = draw(st.integers(min_value=0, max_value=10**9))
    value = Decimal(cents) / 100
    units, decimals = f"{value:.2f}".split(".")
    separator = draw(st.sampled_from(SPACES))
    grouped = f"{int(units):,}".replace(",", separator)
    shown = decimals.rstrip("0") if decimals != "00" else draw(st.sampled_from(["", "0", "00"]))
    if decimals != "00" and draw(st.booleans()):
        shown = decimals  # « 395,50 » as well as « 395,5 »
    mark = draw(st.sampled_from([",", "."])) if len(shown) != 3 else ","
    text = grouped + (mark + shown if shown else "")
    if draw(st.booleans()):
        text += draw(st.sampled_from(CURRENCIES))
    padding = draw(st.sampled_from(["", " ", "  "]))
    return value, padding + text + padding


def meant(text: str) -> Decimal:
    """What an accepted text says, read another way than the rule: its digits, the comma or
    point as the decimal mark, the currency and the spaces left out."""
    bare = re.sub(r"(€|euros?|eur)", "", text, flags=re.IGNORECASE)
    bare = re.sub(r"[ \u00a0\u202f]", "", bare).replace(",", ".").replace("\u2212", "-")
    return Decimal(bare)


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


@st.composite
def french_dates(draw: st.DrawFn) -> tuple[dt.date, str]:
    """A day, and one way a French reader writes it."""
    day = draw(st.dates(min_value=dt.date(1000, 1, 1), max_value=dt.date(2999, 12, 31)))
    d = draw(st.sampled_from([f"{day.day}", f"{day.day:02}"]))
    m = draw(st.sampled_from([f"{day.month}", f"{day.month:02}"]))
    name = MONTHS[day.month - 1]
    name = draw(st.sampled_from([name, name.capitalize(), name.upper()]))
    first = "1er" if day.day == 1 and draw(st.booleans()) else str(day.day)
    text = draw(
        st.sampled_from(
            [f"{d}/{m}/{day.year}", f"{d}-{m}-{day.year}", f"{d}.{m}.{day.year}",
             f"{d} / {m} / {day.year}", f"{first} {name} {day.year}",
             f"le {first} {name} {day.year}", day.isoformat()]
        )
    )  # fmt: skip
    return day, draw(st.sampled_from(["", " "])) + text


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


# --- Through the carnet ------------------------------------------------------------------


@pytest.fixture(scope="module")
def carnet(tmp_path_factory: pytest.TempPathFactory) -> Callable[[dict[str, Any]], Any]:
    agreement = pytest.importorskip("test_editor_agreement")
    folder = tmp_path_factory.mktemp("numbers")
    return lambda payload: agreement.run_editor(folder, payload)


def _python(kind: str, text: str) -> dict[str, Any]:
    try:
        if kind == "date":
            return {"value": DATE_RULE.read(text).isoformat()}
        return {"value": NUMBER_RULES[kind].read(text)}  # type: ignore[index]
    except ValueError as refused:
        return {"problem": str(refused)}


TYPED = st.text(alphabet="0123456789 ,.-/€eurosEURmajnvilétx\u00a0\u202f\u2212", max_size=16)


@settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    amounts=st.lists(french_amounts(), max_size=15),
    dates=st.lists(french_dates(), max_size=15),
    texts=st.lists(st.tuples(st.sampled_from([*KINDS, "date"]), TYPED), max_size=20),
)
def test_the_carnet_reads_every_text_as_contenu_check_does(
    carnet: Callable[[dict[str, Any]], Any],
    amounts: list[tuple[Decimal, str]],
    dates: list[tuple[dt.date, str]],
    texts: list[tuple[str, str]],
) -> None:
    cases = [("amount", t) for _, t in amounts] + [("date", t) for _, t in dates] + texts
    readings = [{"kind": kind, "text": text} for kind, text in cases]
    answer = carnet({"mode": "readings", "readings": readings})
    assert answer == [_python(kind, text) for kind, text in cases]


PRICES_WRITTEN = ["395,50", "1 250 €", "395,505", "1.250", "12 50", "beaucoup", "395.555", '""']
DATES_WRITTEN = ["15/03/2024", "15 mars 2024", "03/15/2024", "15/03/24", "31/02/2023", "20240315",
                 '""', "2024-02-30", "le 3 mars"]  # fmt: skip


def test_the_carnet_and_contenu_check_give_the_same_verdict_on_a_file(tmp_path: Path) -> None:
    """Prices typed by hand in the settings, dates in an article: the same verdict, field
    and French sentence on both sides."""
    agreement = pytest.importorskip("test_editor_agreement")
    cases = [
        ("reglages/site.md", SETTINGS.replace(PACK, f"    amount: {w}\n")) for w in PRICES_WRITTEN
    ]
    cases += [("articles/a.md", ARTICLE.replace("2024-03-15", w)) for w in DATES_WRITTEN]
    editor = agreement.editor_verdicts(tmp_path, cases)
    assert editor == [agreement.pipeline_verdict(rel, text) for rel, text in cases]
