"""A price in euros typed by hand that is none of the settings' prices (« 380 € » when the
pack costs 395 €) is a stale price: a warning that names the variable the words near it
speak of (pack, séance, découverte), or lists every price when no word does. The rule is
one record (``HAND_TYPED``); the carnet reads it too (test_editor_agreement.py)."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from hypothesis import given
from hypothesis import strategies as st

from contenu.pipeline.variables import HAND_TYPED, Typed, Variables, hand_typed, typed_message

REL = "articles/tarifs.md"
SHOWN = "content/articles/tarifs.md"
FRONT = "---\ntitle: Nos tarifs\nexcerpt: Un résumé.\ndate: 2024-03-15\ncategory: Émotions\n"
SETTINGS = "content/reglages/site.md"
CHOICES = (
    "`{{ prix.pack }}` (395 €), `{{ prix.decouverte }}` (offerte), `{{ prix.seance }}` (125 €)"
)


def _plain(text: str) -> str:
    return text.replace("\u00a0", " ").replace("\u202f", " ")


@pytest.mark.parametrize(
    ("line", "typed", "variable", "what", "price"),
    [
        ("Le pack coûte 380 €.", "380 €", "prix.pack", "le prix du pack", "395 €"),
        ("Pack de 4 séances : 380 €.", "380 €", "prix.pack", "le prix du pack", "395 €"),
        ("Le pack 395 € ou la séance 120 €.", "120 €", "prix.seance", "le prix de la séance",
         "125 €"),
        ("Puis 120 euros la séance.", "120 euros", "prix.seance", "le prix de la séance",
         "125 €"),
        ("La séance découverte : 30 €.", "30 €", "prix.decouverte",
         "le prix de la séance découverte", "offerte"),
        ("Le pack coûte 395,50 €.", "395,50 €", "prix.pack", "le prix du pack", "395 €"),
    ],
)  # fmt: skip
def test_a_stale_price_names_the_variable_of_the_words_near_it(
    write: Any,
    site_root: Path,
    contenu: Callable[..., Any],
    line: str,
    typed: str,
    variable: str,
    what: str,
    price: str,
) -> None:
    write(site_root, REL, FRONT + f"---\n\n{line}\n")
    result = contenu("check")
    assert result.exit_code == 0, result.output  # a warning: nothing is blocked
    assert (
        f"avertissement : « {typed} » est tapé à la main ; {what} est « {price} » dans "
        f"{SETTINGS} : écrivez `{{{{ {variable} }}}}`, qui suivra ses changements"
    ) in _plain(result.plain), result.output


def test_a_price_no_word_names_lists_every_price(
    write: Any, site_root: Path, contenu: Callable[..., Any]
) -> None:
    write(site_root, REL, FRONT + "---\n\nUn livre à 15 € que je conseille.\n")
    result = contenu("check")
    assert (
        f"{SHOWN}:8:12: avertissement : « 15 € » est tapé à la main et n’est aucun des prix "
        f"de {SETTINGS} ({CHOICES}) : si c’en est un, écrivez sa variable, qui suivra ses "
        "changements"
    ) in _plain(result.plain), result.output


def test_a_stale_price_in_a_field_asks_for_quotes(
    write: Any, site_root: Path, contenu: Callable[..., Any]
) -> None:
    write(site_root, REL, FRONT.replace("Un résumé.", "Le pack à 380 € en détail.") + "---\n\nT.\n")
    result = contenu("check")
    assert (
        f"{SHOWN}:3:1: Résumé : avertissement : « 380 € » est tapé à la main ; le prix du pack "
        f"est « 395 € » dans {SETTINGS} : écrivez `{{{{ prix.pack }}}}` (la valeur entre "
        "guillemets), qui suivra ses changements"
    ) in _plain(result.plain), result.output


# --- The rule, on any amount in any words ------------------------------------------------


def _variables(pack: int, single: int) -> Variables:
    return Variables(
        values={"prix.pack": f"{pack}\u00a0€", "prix.seance": f"{single}\u00a0€",
                "prix.decouverte": "offerte"},
        digest="",
        prices={float(pack): "prix.pack", float(single): "prix.seance"},
    )  # fmt: skip


#: Words that name no price, and each price's words (HAND_TYPED.near).
_NEUTRAL = st.sampled_from(["Un livre", "Tarif", "Le total", "", "Soit"])
_NAMED = st.sampled_from([(n, w) for n, words in HAND_TYPED.near for w in words])
_AMOUNT = st.integers(0, 99_999)
_CENTS = st.sampled_from(["", ",00", ",50", ",5", ".99"])
_CURRENCY = st.sampled_from([" €", "€", " euros", " EUR", "\u00a0€"])


@given(
    pack=st.integers(1, 9999),
    single=st.integers(1, 9999),
    amount=_AMOUNT,
    cents=_CENTS,
    currency=_CURRENCY,
    named=st.one_of(st.none(), _NAMED),
    neutral=_NEUTRAL,
    before=st.booleans(),
)
def test_every_price_in_euros_is_a_warning_naming_the_right_variable(
    pack: int,
    single: int,
    amount: int,
    cents: str,
    currency: str,
    named: tuple[str, str] | None,
    neutral: str,
    before: bool,
) -> None:
    variables = _variables(pack, single)
    price = f"{amount}{cents}{currency}"
    words = named[1] if named else neutral
    text = f"{words} {price} ici." if before else f"Ici {price} {words}."
    found = hand_typed(text, variables)
    assert [t.text for t in found] == [price]
    value = float(f"{amount}.{cents.strip(',.') or '0'}")
    exact = variables.prices.get(value)
    if exact is not None:
        expected = Typed(exact, price, found[0].offset)
    elif named is not None:
        expected = Typed(named[0], price, found[0].offset, "stale")
    else:
        expected = Typed("", price, found[0].offset, "unknown")
    assert found == [expected]
    message = typed_message(found[0], False, variables)
    assert message.startswith(f"« {price} » est tapé à la main")
    if expected.name:
        assert "{{ " + expected.name + " }}" in message
    else:
        assert "{{ prix.pack }}" in message and "{{ prix.seance }}" in message


@given(st.lists(st.tuples(_NAMED, _AMOUNT), min_size=1, max_size=6))
def test_each_price_of_a_list_reads_its_own_words(items: list[tuple[tuple[str, str], int]]) -> None:
    """« le pack 380 €, la séance 120 € … »: each price is named by its own part of the
    sentence, never by the words of a price beside it."""
    variables = _variables(100_000, 100_001)  # no amount drawn is a price of the settings
    text = " ; ".join(f"{word} {amount} €" for (_, word), amount in items)
    found = hand_typed(text, variables)
    assert [(t.name, t.kind) for t in found] == [(name, "stale") for (name, _), _ in items]
