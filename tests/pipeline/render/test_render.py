"""Prose rendering: the sanitiser removes every XSS vector we know of; French typography is
applied to text only, never to code or attributes, and is idempotent."""

from __future__ import annotations

import re

import pyromark
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from contenu.render.markdown import _OPTIONS, clean_html, render_markdown, sanitize
from contenu.text.typography import NBSP, NNBSP, french_typography

XSS_VECTORS = [
    "<script>alert(1)</script>",
    "<SCRIPT SRC=//evil.example/x.js></SCRIPT>",
    '<img src=x onerror="alert(1)">',
    "<img src=x OnError=alert(1)>",
    '<a href="javascript:alert(1)">x</a>',
    '<a href="JaVaScRiPt:alert(1)">x</a>',
    '<a href="&#106;avascript:alert(1)">x</a>',
    '<a href="&#x6A;&#x61;vascript:alert(1)">x</a>',
    '<a href="java\tscript:alert(1)">x</a>',
    '<a href=" javascript:alert(1)">x</a>',
    "[clic](javascript:alert(1))",
    "[clic](JAVASCRIPT:alert(1))",
    "[clic](vbscript:msgbox(1))",
    "![x](javascript:alert(1))",
    '<a href="data:text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg==">x</a>',
    "[x](data:text/html,<script>alert(1)</script>)",
    '<img src="data:image/svg+xml,<svg onload=alert(1)>">',
    "<svg onload=alert(1)><circle r=1 /></svg>",
    "<svg><script>alert(1)</script></svg>",
    "<math><mtext><table><mglyph><style><img src=x onerror=alert(1)>"
    "</style></mglyph></table></mtext></math>",
    "<style>body{background:url(javascript:alert(1))}</style>",
    '<p style="background:url(javascript:alert(1))">x</p>',
    '<iframe src="https://evil.example"></iframe>',
    '<iframe srcdoc="<script>alert(1)</script>"></iframe>',
    '<form action="https://evil.example"><input name=x><button>ok</button></form>',
    '<object data="evil.swf"></object>',
    '<embed src="evil.swf">',
    '<meta http-equiv="refresh" content="0;url=javascript:alert(1)">',
    '<link rel="stylesheet" href="https://evil.example/x.css">',
    '<base href="https://evil.example/">',
    '<div onmouseover="alert(1)">survol</div>',
    '<body onload="alert(1)">',
    '<details open ontoggle="alert(1)">x</details>',
    '<video><source onerror="alert(1)"></video>',
    '<a href="#" onclick="alert(1)">x</a>',
    "<!--<img src=x onerror=alert(1)>-->",
    '<img src="x" alt="" onerror=alert(1)//>',
    "<template><script>alert(1)</script></template>",
    '<noscript><p title="</noscript><img src=x onerror=alert(1)>"></noscript>',
    '<a href="vbscript:msgbox(1)">x</a>',
    '<a href="file:///etc/passwd">x</a>',
]

FORBIDDEN = re.compile(
    r"<\s*(script|iframe|object|embed|form|input|button|style|svg|math|meta|link|base|video|"
    r"source|details|template|noscript|body)\b|\son[a-z]+\s*=|javascript:|vbscript:|data:|file:",
    re.IGNORECASE,
)


@pytest.mark.parametrize("vector", XSS_VECTORS)
def test_sanitiser_strips_xss_vector(vector: str) -> None:
    html = render_markdown(f"Avant\n\n{vector}\n\nAprès").html
    assert not FORBIDDEN.search(html), html
    assert "Avant" in html and "Après" in html


def test_allowed_markup_survives() -> None:
    markdown = (
        "## Un titre\n\n**gras**, _italique_, ~~barré~~, [lien](/contact), "
        "[externe](https://example.org), [courriel](mailto:a@example.org)\n\n"
        "| a | b |\n|---|---|\n| 1 | 2 |\n\n![Texte](/images/x.png)\n"
    )
    html = render_markdown(markdown).html
    assert '<h2 id="un-titre">Un titre</h2>' in html
    assert "<strong>gras</strong>" in html and "<em>italique</em>" in html
    assert "<del>barré</del>" in html and "<table>" in html
    assert '<a href="/contact">lien</a>' in html
    assert '<a href="https://example.org" rel="noopener noreferrer">externe</a>' in html
    assert '<a href="mailto:a@example.org">courriel</a>' in html
    assert '<img src="/images/x.png" alt="Texte">' in html


def test_heading_ids_are_unique_and_custom_ids_kept() -> None:
    rendered = render_markdown("## Été\n\n## Été\n\n### Autre {#mon-ancre}\n")
    assert rendered.ids == ["ete", "ete-2", "mon-ancre"]


def test_typography_on_text_only() -> None:
    markdown = (
        'Bonjour : "vous" l\'avez ! [Lien ?](/contact "Titre : ici")\n\n'
        "`code : brut !`\n\n```\nx = 'a' ; y : z !\n```\n"
    )
    html = render_markdown(markdown).html
    assert f"Bonjour{NBSP}: «{NBSP}vous{NBSP}» l’avez{NNBSP}!" in html
    assert f"Lien{NNBSP}?</a>" in html
    assert 'title="Titre : ici"' in html  # attributes untouched
    assert "<code>code : brut !</code>" in html
    assert "x = 'a' ; y : z !" in html


def test_entities_survive_typography() -> None:
    html = render_markdown("Tom &amp; Jerry ; 3 &lt; 4 !").html
    assert html == f"<p>Tom &amp; Jerry{NNBSP}; 3 &lt; 4{NNBSP}!</p>"


def test_word_count_ignores_code() -> None:
    assert render_markdown("un deux trois\n\n```\nquatre cinq\n```\n").words == 3


@pytest.mark.parametrize(
    ("raw", "expected"),
    [
        ("Bonjour : toi", f"Bonjour{NBSP}: toi"),
        ("Quoi ?", f"Quoi{NNBSP}?"),
        ("Vraiment!", f"Vraiment{NNBSP}!"),
        ("Ah ; bon", f"Ah{NNBSP}; bon"),
        ('Il dit "oui"', f"Il dit «{NBSP}oui{NBSP}»"),
        ("« oui »", f"«{NBSP}oui{NBSP}»"),
        ("l'école d'aujourd'hui", "l’école d’aujourd’hui"),
        ("Rendez-vous à 10:30", "Rendez-vous à 10:30"),
        ("https://example.org/a?b=c", "https://example.org/a?b=c"),
        ("Quoi ?!", f"Quoi{NNBSP}?!"),
    ],
)
def test_typography_examples(raw: str, expected: str) -> None:
    assert french_typography(raw) == expected


@settings(max_examples=500, deadline=None)
@given(st.text(alphabet=st.sampled_from(list("ab :;!?«»\"' \u00a0\u202f\n().,1-/")), max_size=40))
def test_typography_is_idempotent(text: str) -> None:
    once = french_typography(text)
    assert french_typography(once) == once


@settings(max_examples=200, deadline=None)
@given(st.text(max_size=60))
def test_typography_is_idempotent_on_any_text(text: str) -> None:
    once = french_typography(text)
    assert french_typography(once) == once


def test_private_use_characters_fall_back_to_node_by_node_typography() -> None:
    html = render_markdown("Tom \ue000 &amp; Jerry !").html
    assert html == f"<p>Tom \ue000 &amp; Jerry{NNBSP}!</p>"


_MARKDOWN_ALPHABET = list(" \n#*_-`>|:[]()<>/&\"'abé1.!\u00a0{}=\\~^")


@settings(max_examples=300, deadline=None)
@given(st.text(alphabet=_MARKDOWN_ALPHABET, max_size=80))
def test_nh3_is_skipped_only_when_it_would_change_nothing(text: str) -> None:
    raw = pyromark.html(text, options=_OPTIONS)
    assert clean_html(raw) == sanitize(raw)
