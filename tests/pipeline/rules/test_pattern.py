"""The patterns both sides read: only the syntax Python's ``re`` and JavaScript's ``RegExp``
(flag ``u``) read alike is accepted, each shape that backtracks super-linearly is refused,
and the classes written out are Python's own."""

from __future__ import annotations

import re
import unicodedata

import pytest
from hypothesis import given
from hypothesis import strategies as st

from contenu.rules import INVISIBLE, SPACE, Pattern, PatternError
from contenu.rules.characters import INVISIBLE_RANGES, SPACE_RANGES


def _ranges(predicate: object) -> tuple[tuple[int, int], ...]:
    out: list[tuple[int, int]] = []
    for code in range(0x110000):
        if predicate(chr(code)):  # type: ignore[operator]
            if out and out[-1][1] == code - 1:
                out[-1] = (out[-1][0], code)
            else:
                out.append((code, code))
    return tuple(out)


def test_the_classes_are_pythons_own_over_every_code_point() -> None:
    assert _ranges(str.isspace) == SPACE_RANGES
    invisible = {"Cc", "Cf", "Zl", "Zp"}
    found = _ranges(lambda c: c.isspace() or unicodedata.category(c) in invisible)
    assert found == INVISIBLE_RANGES


@pytest.mark.parametrize(
    ("source", "mode", "js"),
    [
        (r"[a-z0-9]+(?:-[a-z0-9]+)*", "fullmatch", r"^(?:[a-z0-9]+(?:-[a-z0-9]+)*)$"),
        (r"\{(?P<name>[^{}]*)\}", "fullmatch", r"^(?:\{(?<name>[^{}]*)\})$"),
        (r"tel:\+?[0-9][0-9.()\-]*", "match", r"^(?:tel:\+?[0-9][0-9.()\-]*)"),
        (r"(?<![\w.,])x\Z", "search", r"(?<![\p{L}\p{N}_.,])x$"),
        (r"//|/\.\.?(?![^/])", "search", r"//|/\.\.?(?![^/])"),
    ],
)
def test_a_pattern_of_the_subset_is_written_for_javascript(source: str, mode: str, js: str) -> None:
    assert Pattern(source, mode).js == js  # type: ignore[arg-type]


@pytest.mark.parametrize(
    ("source", "why"),
    [
        (".", "reads differently"),
        ("^a", "reads differently"),
        ("a$", "reads differently"),
        (r"\d", "not a shared escape"),
        (r"\s", "not a shared escape"),
        (r"\b", "not a shared escape"),
        (r"a\-b", "not a shared escape"),
        ("[a-]", "must be escaped"),
        ("[]", "empty class"),
        ("[[a]]", "must be escaped"),
        ("a{,3}", "« {m} »"),
        ("a*+", "possessive"),
        ("(?i)a", "look-arounds are shared"),
        ("(?P<a>x)(?P<a>y)", "named twice"),
        ("(?=a)*", "cannot be repeated"),
        ("(a+)+", "repetition inside a repetition"),
        (r"\s*(?P<n>[^{}]*?)\s*".replace(r"\s", " "), "same character"),
        ("a*a*", "same character"),
        ("(?:a|ab)*", "branches begin alike"),
        ("(?:a?)*", "can match nothing"),
        ("(?:a|b)*[ab]*", "same character"),
    ],
)
def test_a_pattern_outside_the_subset_or_of_a_slow_shape_is_refused(source: str, why: str) -> None:
    with pytest.raises(PatternError, match=re.escape(why)):
        Pattern(source, "fullmatch")


def test_a_repetition_at_the_end_of_a_search_may_follow_another() -> None:
    # Nothing after it can fail: it never gives characters back.
    assert Pattern(" {0,3}(?P<m>`{3,})(?P<info>[^\\n]*)", "match").groups == ("m", "info")
    with pytest.raises(PatternError):
        Pattern(" {0,3}(?P<m>`{3,})(?P<info>[^\\n]*)", "fullmatch")


_CHARS = st.text(st.sampled_from(list("ab-0 :/\n\u00a0\u200b\u2028é")), max_size=12)


@given(_CHARS)
def test_the_written_out_classes_match_as_pythons_own_escapes(text: str) -> None:
    spaces = Pattern(f"[{SPACE}]+")
    assert [m.group() for m in spaces.compiled.finditer(text)] == re.findall(r"\s+", text)
    invisible = Pattern(f"[{INVISIBLE}]")
    expected = [c for c in text if c.isspace() or unicodedata.category(c) in {"Cf", "Cc"}]
    assert [m.group() for m in invisible.compiled.finditer(text)] == expected
