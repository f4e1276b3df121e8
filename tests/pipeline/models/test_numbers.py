"""A number typed by a coach keeps exactly the value a French reader gives it, or is refused
with a French sentence; never is it read as another number (« 395,50 » once became 39550).

One rule (``models/numbers.py``), tested through ``contenu check`` (a settings file typed by
hand) and through the carnet, which interprets the same records (``core/numbers.ts``, run by
Node): the same value or the same sentence for every text.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from decimal import Decimal
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from stage_inputs import CONTENT, one

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
@given(kind=st.sampled_from(KINDS), text=st.text(alphabet="0123456789 ,.-€eurosEUR\u00a0\u202fx\u2212", max_size=14))
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


def _python(kind: NumberKind, text: str) -> dict[str, Any]:
    try:
        return {"value": NUMBER_RULES[kind].read(text)}
    except ValueError as refused:
        return {"problem": str(refused)}


@settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    amounts=st.lists(french_amounts(), min_size=1, max_size=20),
    texts=st.lists(
        st.tuples(
            st.sampled_from(KINDS),
            st.text(alphabet="0123456789 ,.-€eurosEUR\u00a0\u202fx\u2212", max_size=14),
        ),
        max_size=20,
    ),
)
def test_the_carnet_reads_every_text_as_contenu_check_does(
    carnet: Callable[[dict[str, Any]], Any],
    amounts: list[tuple[Decimal, str]],
    texts: list[tuple[NumberKind, str]],
) -> None:
    cases = [("amount", text) for _, text in amounts] + texts
    numbers = [{"kind": kind, "text": text} for kind, text in cases]
    answer = carnet({"mode": "numbers", "numbers": numbers})
    assert answer == [_python(kind, text) for kind, text in cases]


@pytest.mark.parametrize(
    "written", ["395,50", "1 250 €", "395,505", "1.250", "12 50", "beaucoup", "395.555", '""']
)
def test_the_carnet_and_contenu_check_give_the_same_verdict_on_a_price(
    written: str, tmp_path: Path
) -> None:
    agreement = pytest.importorskip("test_editor_agreement")
    text = SETTINGS.replace(PACK, f"    amount: {written}\n")
    (editor,) = agreement.editor_verdicts(tmp_path, [("reglages/site.md", text)])
    assert editor == agreement.pipeline_verdict("reglages/site.md", text)
