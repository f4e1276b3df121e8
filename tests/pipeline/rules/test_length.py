"""The lengths a field's help recommends (rules/length.py): declared once, the help text and
the warning read the same numbers, and a value outside them is a warning with its count."""

from __future__ import annotations

import re

from hypothesis import given
from hypothesis import strategies as st

from contenu.models.page import DESCRIPTION_LENGTH, TITLE_LENGTH, Page
from contenu.rules import Length, lengths
from contenu.rules.registry import unregister


def test_the_help_says_the_numbers_the_rule_applies() -> None:
    for name, length in (("title", TITLE_LENGTH), ("description", DESCRIPTION_LENGTH)):
        info = Page.model_fields[name]
        assert lengths(info.metadata) == [length]
        assert length.recommended() in (info.description or ""), name
        said = [int(n) for n in re.findall(r"\d+", length.recommended())]
        assert said == [n for n in (length.at_least, length.at_most) if n], name


@given(st.integers(0, 400), st.sampled_from(["x", "é", "🙂"]), st.sampled_from(["", " ", "\n"]))
def test_a_value_outside_the_range_is_warned_with_its_count(
    count: int, unit: str, around: str
) -> None:
    problem = DESCRIPTION_LENGTH.problem(around + unit * count + around)
    if 110 <= count <= 160:
        assert problem is None
    else:
        assert problem is not None
        assert problem.startswith(f"{count} caractères : ")
        assert problem.endswith("visez de 110 à 160 caractères")


def test_a_length_with_no_minimum_says_its_maximum_only() -> None:
    length = Length(
        "essai_longueur",
        0,
        5,
        {"long": "{count} > {at_most}"},
        {"range": "de {at_least} à {at_most}", "most": "{at_most} au plus"},
    )
    try:
        assert length.recommended() == "5 au plus"
        assert length.problem("") is None and length.problem("123456") == "6 > 5"
    finally:
        unregister(length.id)
