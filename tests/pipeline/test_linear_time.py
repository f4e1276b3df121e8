"""Every parser and pattern of ``tools/contenu`` reads its input in linear time (issue 24):
each worst shape that took minutes on a few kilobytes is run here at 10⁵–10⁶ characters
and must give its usual answer. The alarm only catches a hang (a quadratic pattern on these
sizes runs for hours); speed itself is measured by ``nox -s bench`` (tests/bench/hostile.py).
"""

from __future__ import annotations

import re
import signal
from collections.abc import Iterator
from contextlib import contextmanager

import hostile_inputs as hostile
import pytest
from hypothesis import given
from hypothesis import strategies as st
from stage_inputs import ARTICLE_FRONT, one

from contenu.cli.french import USAGE_ERRORS
from contenu.images import svg
from contenu.integrate import snippets
from contenu.integrate.command import MAX_SNIPPET, SERVICES, IntegrationError, values_from
from contenu.pipeline import variables
from contenu.pipeline.yaml_messages import quoted_example
from contenu.render.markdown import render_markdown
from contenu.seo import json_ld
from contenu.text.typography import NNBSP, french_typography, french_typography_html

HANG = 120  # seconds: hours for a quadratic pattern on these inputs, well under one if linear


@contextmanager
def no_hang() -> Iterator[None]:
    def hung(signum: int, frame: object) -> None:
        raise AssertionError(f"still running after {HANG} s: the input is read super-linearly")

    previous = signal.signal(signal.SIGALRM, hung)
    signal.alarm(HANG)
    try:
        yield
    finally:
        signal.alarm(0)
        signal.signal(signal.SIGALRM, previous)


def test_a_fence_of_spaces_is_an_ordinary_code_block_and_a_spaced_name_a_cell() -> None:
    with no_hang():
        result = one("articles/essai.md", ARTICLE_FRONT + "---\n\n" + hostile.cell_opener(300_000))
        spaced = one(
            "articles/essai.md",
            ARTICLE_FRONT + "---\n\n```{" + " " * 300_000 + "faq" + " " * 300_000 + "}\n```\n",
        )
    assert result.ok and [c.name for c in result.cells] == [None]
    assert [c.name for c in spaced.cells] == ["faq"]


def test_typography_of_one_long_text_node() -> None:
    unit = "Vraiment ! l'école : "
    with no_hang():
        html = french_typography_html("<p>" + unit * 50_000 + "</p>")
    assert html is not None
    assert html.count(NNBSP + "!") == 50_000 and html.count("’") == 50_000


_TEXT = st.text(st.sampled_from(list("ab '\":;!?«» \u00a0\u202f\n")), max_size=40)


@given(st.lists(_TEXT, min_size=1, max_size=8), st.booleans())
def test_html_typography_is_the_text_rules_on_each_text_node(nodes: list[str], bare: bool) -> None:
    # The nodes are typeset in one pass, joined by a separator: the result must be the
    # rules on each node alone, whether a node sits in an element or between two tags.
    shape = "{}" if bare else '<em title="a : b">{}</em>'
    fragment = "<br>".join(shape.format(node) for node in nodes)
    expected = "<br>".join(shape.format(french_typography(node)) for node in nodes)
    assert french_typography_html(fragment) == expected


@given(st.lists(st.text(st.sampled_from(list('ab ":!\x1e')), max_size=20), min_size=1, max_size=4))
def test_a_fragment_holding_the_separator_is_typeset_node_by_node(nodes: list[str]) -> None:
    fragment = "<br>".join(nodes)
    assert french_typography_html(fragment) == "<br>".join(french_typography(n) for n in nodes)


def test_a_long_run_of_spaces_in_a_yaml_line() -> None:
    with no_hang():
        example = quoted_example("title: a: b" + " " * 500_000 + "c")
        short = quoted_example("title: a: b   ")
        result = one(
            "articles/essai.md", ARTICLE_FRONT + "---\n\n" + hostile.long_yaml_line(900_000)
        )
        dashes = one("articles/essai.md", ARTICLE_FRONT + "---\n\n" + hostile.dashes_line(900_000))
    assert example == ""  # too long to be shown as an example
    assert short == '`title: "a: b"`'
    assert any("deux-points" in d.message for d in result.diagnostics)
    assert any("tiret" in d.message for d in dashes.diagnostics)


def test_ten_thousand_identical_headings_get_ten_thousand_ids() -> None:
    with no_hang():
        rendered = render_markdown(hostile.repeated_headings(20_000))
    assert rendered.ids[:3] == ["exemple", "exemple-2", "exemple-3"]
    assert len(set(rendered.ids)) == 20_000


def test_an_unclosed_variable_followed_by_spaces() -> None:
    with no_hang():
        assert variables.PATTERN.findall("{{" + " " * 10**6) == []
        assert variables.PATTERN.findall("{{" + " " * 10**5 + "prix.pack" + " " * 10**5 + "}}")
    assert variables.PATTERN.findall("{{ marque }}") == ["marque"]


def test_svg_lengths_with_long_runs_of_spaces() -> None:
    with no_hang():
        assert svg._LENGTH.match(" " * 10**5 + "12" + " " * 10**5 + "x") is None
    assert svg._LENGTH.match(" 12 px ") is not None


def test_opening_hours_after_thousands_of_day_ranges() -> None:
    with no_hang():
        unreadable = json_ld.opening_hours(hostile.hostile_availability(10**6))
        late = json_ld.opening_hours("du lundi au mardi " * 50_000 + "9h-18h")
        spaced = json_ld.opening_hours("lundi au mardi 9h" + " " * 10**6)
    assert unreadable is None and spaced is None
    assert late == "Mo-Tu 09:00-18:00"


_OLD_HOURS = re.compile(
    rf"(?:du\s+)?(?P<d1>{json_ld._DAYS_RE})\s+(?:au|à|-|–)\s+(?P<d2>{json_ld._DAYS_RE})\D*?"
    r"(?P<h1>\d{1,2})\s*h\s*(?P<m1>\d{2})?\s*(?:-|–|à)\s*(?P<h2>\d{1,2})\s*h\s*(?P<m2>\d{2})?",
    re.IGNORECASE,
)
_WORDING = st.lists(
    st.sampled_from(
        ["du ", "lundi", "vendredi", " au ", " à ", "-", "9", "18", "30", "h", " ", ","]
    ),
    max_size=14,
).map("".join)


@given(_WORDING)
def test_opening_hours_read_as_the_single_pattern_did(text: str) -> None:
    match = _OLD_HOURS.search(text)
    found = json_ld._days_and_hours(text)
    if match is None:
        assert found is None
    else:
        assert found is not None
        days, hours = found
        assert (days["d1"], days["d2"]) == (match["d1"], match["d2"])
        assert hours.groupdict() == {k: match[k] for k in ("h1", "m1", "h2", "m2")}


def test_a_long_usage_error_is_translated() -> None:
    pattern = next(p for p, _ in USAGE_ERRORS if p.pattern.startswith("^Invalid value for"))
    with no_hang():
        assert pattern.match("Invalid value for " + "a: " * 300_000 + "\nx")


@pytest.mark.parametrize("shape", sorted(hostile.hostile_snippets(10)))
def test_hostile_snippets_end_in_a_french_message(shape: str) -> None:
    text = hostile.hostile_snippets(900_000)[shape]
    for service in SERVICES.values():
        with no_hang(), pytest.raises(IntegrationError) as refused:
            values_from(service, text)
        assert "ne ressemble pas" in str(refused.value) or "invalide" in str(refused.value)


def test_a_snippet_over_one_megabyte_is_refused_in_french() -> None:
    with pytest.raises(IntegrationError, match=r"trop long .* \(1 Mo au plus\)"):
        values_from(SERVICES["calendly"], "https://calendly.com/a/b " * (MAX_SNIPPET // 20))


def test_the_tag_reader_takes_what_a_browser_reads() -> None:
    text = (
        '<!-- <div class="calendly-inline-widget" data-url="https://calendly.com/x/y"> -->'
        '<script>var s = \'<div class="ml-embedded" data-form="NOPE">\';</script>'
        "<![CDATA[ x ]]><DIV Class='ml-embedded other' DATA-FORM=abc&amp;d>"
        '<div class="ml-embedded" data-form="unclosed'
    )
    elements = snippets._Elements(text)
    assert [(e.tag, e.attrs.get("data-form")) for e in elements.with_class("ml-embedded")] == [
        ("div", "abc&d"),
        ("div", "unclosed"),
    ]
    assert not elements.with_class("calendly-inline-widget")


_ATTRIBUTE_VALUE = st.text(st.characters(blacklist_characters='"&\x00', codec="utf-8"), max_size=20)


@given(st.dictionaries(st.sampled_from(["class", "data-url", "data-form", "id"]), _ATTRIBUTE_VALUE))
def test_attributes_read_back_as_written(attrs: dict[str, str]) -> None:
    written = "".join(f' {name}="{value}"' for name, value in attrs.items())
    elements = snippets._Elements(f"<p>x</p><div{written}></div>")
    assert [e.attrs for e in elements.elements if e.tag == "div"] == [attrs]
