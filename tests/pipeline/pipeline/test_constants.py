"""Constants stay single-sourced: a price of the settings, the contact e-mail or the coach's
name typed by hand in prose or in a text field is a warning naming the variable to write; so
is a price in euros that is none of the settings' (a stale one), naming the price the words
near it speak of, or else every price."""

from __future__ import annotations

import re
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from hypothesis import given
from hypothesis import strategies as st

REL = "articles/tarifs.md"
SHOWN = "content/articles/tarifs.md"
FRONT = "---\ntitle: Nos tarifs\nexcerpt: Un résumé.\ndate: 2024-03-15\ncategory: Émotions\n"
WHERE = "de content/reglages/site.md et suivra ses changements"


@pytest.mark.parametrize(
    ("typed", "variable", "what"),
    [
        ("395 €", "prix.pack", "le prix du pack"),
        ("395€", "prix.pack", "le prix du pack"),
        ("395 euros", "prix.pack", "le prix du pack"),
        ("395,00 EUR", "prix.pack", "le prix du pack"),
        ("125€", "prix.seance", "le prix de la séance"),
        ("contact@renouer-coaching.fr", "email", "l’adresse e-mail de contact"),
        ("Claire Delmas", "coach", "le nom de la coach"),
    ],
)
def test_a_constant_typed_in_prose_is_a_warning_naming_its_variable(
    write: Any, site_root: Path, contenu: Callable[..., Any], typed: str, variable: str, what: str
) -> None:
    write(site_root, REL, FRONT + f"---\n\nPremière ligne.\nLe pack : {typed}, tout compris.\n")
    result = contenu("check")
    assert result.exit_code == 0, result.output  # a warning: nothing is blocked
    assert (
        f"{SHOWN}:9:11: avertissement : « {typed} » est tapé à la main : écrivez "
        f"`{{{{ {variable} }}}}`, qui reprend {what} {WHERE}"
    ) in result.plain, result.output


def test_a_constant_typed_in_a_field_names_the_field_and_the_quotes(
    write: Any, site_root: Path, contenu: Callable[..., Any]
) -> None:
    write(site_root, REL, FRONT.replace("Un résumé.", "Le pack à 395 € en détail.") + "---\n\nT.\n")
    result = contenu("check")
    assert result.exit_code == 0, result.output
    assert (
        f"{SHOWN}:3:1: Résumé : avertissement : « 395 € » est tapé à la main : écrivez "
        f"`{{{{ prix.pack }}}}` (la valeur entre guillemets), qui reprend le prix du pack {WHERE}"
    ) in result.plain, result.output


def test_a_constant_typed_in_a_cell_is_found_too(
    write: Any, site_root: Path, contenu: Callable[..., Any]
) -> None:
    cell = "```{cta}\ntitle: Écrivez à contact@renouer-coaching.fr\nactions:\n"
    cell += "  - label: Réserver\n    href: /appel\n```\n"
    write(site_root, REL, FRONT + "---\n\nTexte.\n\n" + cell)
    result = contenu("check")
    assert (
        f"{SHOWN}:11:1: Appel à l’action › Titre : avertissement : « contact@renouer-coaching.fr »"
    ) in result.plain, result.output


@pytest.mark.parametrize(
    "text",
    [
        "Le pack coûte {{ prix.pack }}.",  # the variable itself
        "Il y a 395 parents et 125 ados.",  # numbers, no currency
        "Écrivez à [{{ email }}](mailto:{{ email }}).",
        "Il y a 1395 parents et 3950 ados.",  # other numbers that contain the amounts
    ],
)
def test_no_warning_without_a_hand_typed_constant(
    write: Any, site_root: Path, contenu: Callable[..., Any], text: str
) -> None:
    write(site_root, REL, FRONT + f"---\n\n{text}\n")
    result = contenu("check")
    assert result.exit_code == 0
    assert "tapé à la main" not in result.plain, result.output


def test_the_warning_follows_the_settings(
    write: Any, site_root: Path, contenu: Callable[..., Any]
) -> None:
    settings = site_root / "content" / "reglages" / "site.md"
    text = settings.read_text(encoding="utf-8")
    settings.write_text(text.replace("amount: 395", "amount: 410"), encoding="utf-8")
    write(site_root, REL, FRONT + "---\n\nAvant 395 €, maintenant 410 €.\n")
    result = contenu("check")
    assert "« 410 € » est tapé à la main : écrivez" in result.plain
    # The old price is a stale one now: it is no price of the settings.
    assert "« 395 € » est tapé à la main : écrivez" not in result.plain
    assert "« 395 € » est tapé à la main et n’est aucun des prix" in result.plain


def test_the_shipped_content_types_no_constant_by_hand(contenu: Callable[..., Any]) -> None:
    result = contenu("check")
    assert result.exit_code == 0
    assert "tapé à la main" not in result.plain, result.output


def test_the_preview_follows_a_new_price_in_a_file_that_uses_no_variable(
    write: Any, site_root: Path
) -> None:
    """The watcher keeps each file's result between saves: a price changed in the settings
    must still add or drop the warning of a file that types it by hand (no `{{ }}` in it)."""
    import datetime as dt

    from contenu.pipeline.build import Builder

    today = dt.date(2026, 1, 15)
    write(site_root, REL, FRONT + "---\n\nAvant 395 €, maintenant 410 €.\n")
    builder = Builder(site_root / "content", workers=1)
    typed = lambda outcome: sorted(  # noqa: E731
        d.message.split("»")[0].replace("\u00a0", " ")
        for d in outcome.diagnostics
        if "tapé à la main\u00a0: écrivez" in d.message
    )
    assert typed(builder.analyse(today)) == ["« 395 € "]
    settings = site_root / "content" / "reglages" / "site.md"
    text = settings.read_text(encoding="utf-8")
    settings.write_text(text.replace("amount: 395", "amount: 410"), encoding="utf-8")
    saved = builder.analyse(today, changed=[settings])
    assert typed(saved) == ["« 410 € "]
    assert typed(saved) == typed(Builder(site_root / "content", workers=1).analyse(today))


# The price pattern as it was written first (its look-behind before the digits): the rule's
# must find the same prices, at the same places, with the same amounts and cents, except one
# the first pattern started right after a digit and a separator (« 2024 395 € »): a price is
# not read from inside a number, which keeps a long run of groups of thousands linear.
_FIRST_PRICE = re.compile(
    r"(?<![\w.,])(\d{1,3}(?:[ \u00a0\u202f.]\d{3})+|\d+)(?:[.,](\d{1,2}))?"
    r"[ \u00a0\u202f]?(?:€|euros?\b|EUR\b)",
    re.IGNORECASE,
)


@given(st.text(alphabet="0123456789 .,\u00a0\u202f€eurosEURé_x-’\n", max_size=40))
def test_the_price_pattern_finds_what_the_first_one_found(text: str) -> None:
    from contenu.pipeline.variables import HAND_TYPED

    found = [(m.span(), m.groups()) for m in HAND_TYPED.price.compiled.finditer(text)]
    first = [
        (m.span(), m.groups())
        for m in _FIRST_PRICE.finditer(text)
        if not re.search(r"[0-9][ \u00a0\u202f.]\Z", text[: m.start()])
    ]
    assert found == first
