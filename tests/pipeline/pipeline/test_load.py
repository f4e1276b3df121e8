"""Reading files: line endings, BOM, cells, and property tests that no input makes the
loader or the validator raise — bad input only ever produces diagnostics."""

from __future__ import annotations

import string
from typing import Any

import yaml
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from stage_inputs import ARTICLE_FRONT, source

from contenu.pipeline.load import load
from contenu.pipeline.validate import process

ARTICLE = (
    ARTICLE_FRONT
    + """---

Premier paragraphe.

```{cta}
title: Prête ?
actions:
  - label: Réserver
    href: /appel
```

Deuxième paragraphe.

```python
```{cta}
ceci reste du code
```
"""
)


def test_cells_are_split_in_order_with_their_lines() -> None:
    loaded = load(source(), ARTICLE.encode())
    assert [(c.name, c.line) for c in loaded.cells] == [(None, 7), ("cta", 10), (None, 16)]
    assert "ceci reste du code" in loaded.cells[2].text  # an ordinary fence stays prose
    assert loaded.cells[1].yaml is not None
    assert loaded.cells[1].yaml.positions[("actions", 0, "href")] == (14, 5)


def test_crlf_and_bom_are_accepted() -> None:
    plain = process(source(), ARTICLE.encode())
    windows = process(source(), b"\xef\xbb\xbf" + ARTICLE.replace("\n", "\r\n").encode())
    assert plain.ok and windows.ok, windows.diagnostics
    assert [c.html for c in windows.cells] == [c.html for c in plain.cells]
    assert windows.model == plain.model


def test_yes_no_stay_text_and_dates_stay_strings() -> None:
    text = "---\nquestion: no\n---\n\nOui.\n"
    result = process(source("faq/essai.md"), text.encode())
    assert result.ok, result.diagnostics
    assert result.model is not None and result.model.model_dump()["question"] == "no"


def test_yaml_aliases_are_refused_not_expanded() -> None:
    bomb = "---\na: &a [x, x, x]\nb: &b [*a, *a, *a]\nc: [*b, *b, *b]\n---\n\nTexte.\n"
    result = process(source("faq/essai.md"), bomb.encode())
    assert any("alias" in d.message for d in result.diagnostics)


# --- Properties: nothing raises, bad input gives diagnostics --------------------------------

FOLDERS = ["articles/x.md", "pages/x.md", "faq/x.md", "equipe/x.md", "reglages/site.md"]
QUICK = settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])


@QUICK
@given(data=st.binary(max_size=400), rel=st.sampled_from(FOLDERS))
def test_arbitrary_bytes_never_raise(data: bytes, rel: str) -> None:
    result = process(source(rel), data)
    assert not any("erreur interne" in d.message for d in result.diagnostics)


scalars = st.one_of(
    st.none(), st.booleans(), st.integers(), st.floats(allow_nan=False),
    st.text(max_size=30), st.dates().map(str),
)  # fmt: skip
yaml_values = st.recursive(
    scalars,
    lambda inner: (
        st.lists(inner, max_size=4)
        | st.dictionaries(st.text(string.ascii_letters, min_size=1, max_size=12), inner, max_size=4)
    ),
    max_leaves=20,
)
KEYS = ["title", "excerpt", "date", "category", "readTime", "draft", "image", "question", "name"]
keys = st.sampled_from([*KEYS, "photo", "pixel", "robots", "x"]) | st.text(max_size=10)
frontmatters = st.dictionaries(keys, yaml_values, max_size=8)


@QUICK
@given(frontmatter=frontmatters, rel=st.sampled_from(FOLDERS), body=st.text(max_size=200))
def test_arbitrary_frontmatter_never_raises(
    frontmatter: dict[str, Any], rel: str, body: str
) -> None:
    text = "---\n" + yaml.safe_dump(frontmatter, allow_unicode=True) + "---\n" + body
    result = process(source(rel), text.encode())
    assert not any("erreur interne" in d.message for d in result.diagnostics)
    for diag in result.diagnostics:
        assert diag.line >= 1 and diag.message


markdown_pieces = st.sampled_from([
    "# Titre", "## Sous-titre", "- item", "1. un", "> citation", "**gras**", "_it_", "`code`",
    "```", "```{cta}", "```{inconnu}", "~~~", "title: x", "actions:", "  - label: a", "<script>",
    "[lien](/nulle)", "![img](/images/x.png)", "| a | b |", "|---|---|", "---", "\t", "{", "}",
    "&amp;", "« »", "Bonjour !", "",
])  # fmt: skip
bodies = st.lists(markdown_pieces | st.text(max_size=20), max_size=25).map("\n".join)


@QUICK
@given(body=bodies)
def test_arbitrary_markdown_bodies_never_raise(body: str) -> None:
    text = ARTICLE.split("\n\n", 1)[0] + "\n\n" + body + "\n"
    result = process(source(), text.encode())
    assert not any("erreur interne" in d.message for d in result.diagnostics)
    for cell in result.cells:
        assert "<script" not in cell.html
