"""DOM clobbering: no id a coach can set (heading ``{#id}``, heading slug, cell anchor) takes
the name of a global the site reads, and the list of those globals follows ``site/src``."""

from __future__ import annotations

import re
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from stage_inputs import ARTICLE_FRONT

from contenu.models.page_globals import SITE_GLOBAL_PREFIXES, SITE_GLOBALS, SITE_IDS, is_reserved
from contenu.render.markdown import render_markdown

SITE_SRC = Path(__file__).resolve().parents[3] / "site" / "src"
#: Properties every browser window has: an element's id never shadows them (named access
#: only answers for names the window does not have).
BROWSER_WINDOW = frozenset(
    {
        "addEventListener", "alert", "dispatchEvent", "history", "localStorage", "location",
        "matchMedia", "removeEventListener", "scrollTo", "scrollY", "scrollX", "innerWidth",
        "innerHeight", "document", "navigator", "sessionStorage", "setTimeout", "clearTimeout",
        "requestAnimationFrame", "cancelAnimationFrame", "open", "top", "self", "parent",
        "getComputedStyle", "postMessage", "performance", "fetch", "console",
    }
)  # fmt: skip
_WINDOW_READ = re.compile(r"\bwindow\.([A-Za-z_$][\w$]*)")
_WINDOW_TEMPLATE = re.compile(r"\bwindow\[`([A-Za-z_$][\w$]*)\$\{")
_ELEMENT_BY_ID = re.compile(r"getElementById\(\s*[\"']([^\"']+)[\"']")


def _sources() -> dict[Path, str]:
    files = [*SITE_SRC.rglob("*.ts"), *SITE_SRC.rglob("*.tsx")]
    return {f: f.read_text(encoding="utf-8") for f in files if f.name != "content-types.gen.ts"}


def test_every_window_global_the_site_reads_is_reserved() -> None:
    sources = _sources()
    read = {name for text in sources.values() for name in _WINDOW_READ.findall(text)}
    assert {"fbq", "_fbq", "ml"} <= read  # the search does find the site's globals
    unknown = sorted(read - BROWSER_WINDOW - SITE_GLOBALS)
    assert not unknown, (
        f"site/src reads window.{unknown[0]}: add it to SITE_GLOBALS in "
        "tools/contenu/models/page_globals.py "
        "(or, if every browser defines it, to BROWSER_WINDOW here)"
    )
    prefixes = {p for text in sources.values() for p in _WINDOW_TEMPLATE.findall(text)}
    assert prefixes, "the site names MailerLite's callback window[`ml_webform_success_${…}`]"
    assert all(p.startswith(SITE_GLOBAL_PREFIXES) for p in prefixes), prefixes


def test_every_id_the_site_looks_up_is_reserved() -> None:
    looked_up = {i for text in _sources().values() for i in _ELEMENT_BY_ID.findall(text)}
    html = (SITE_SRC.parent / "index.html").read_text(encoding="utf-8")
    looked_up |= set(re.findall(r'\bid="([^"]+)"', html))
    layout = (SITE_SRC / "components" / "Layout.tsx").read_text(encoding="utf-8")
    looked_up |= set(re.findall(r'MAIN_ID = "([^"]+)"', layout))
    assert {"root", "contenu"} <= looked_up
    assert looked_up <= SITE_IDS


ARTICLE = "articles/essai.md"
SHOWN = "content/articles/essai.md"
VALID = (
    ARTICLE_FRONT
    + """---

{body}
"""
)


@pytest.mark.parametrize(
    ("body", "expected"),
    [
        (
            "Intro.\n\n## Le pixel {#fbq}",
            f"{SHOWN}:10:14: l’identifiant d’ancre « fbq » est réservé : le site ou l’un de ses "
            "services (pixel Meta, MailerLite, Calendly) utilise déjà ce nom ; choisissez-en un "
            "autre, par exemple « fbq-section »",
        ),
        (
            "## Réserver {#Calendly}",
            f"{SHOWN}:8:14: identifiant d’ancre invalide « Calendly » : lettres minuscules sans "
            "accent, chiffres et tirets seulement (par exemple « nos-tarifs »)",
        ),
        (
            "## Racine {#root}",
            f"{SHOWN}:8:12: l’identifiant d’ancre « root » est réservé",
        ),
        (
            "```{cta}\nanchor: ml\ntitle: Go\nactions:\n  - label: Go\n    href: /appel\n```",
            f"{SHOWN}:9:1: Appel à l’action › Ancre : l’identifiant d’ancre « ml » est réservé",
        ),
    ],
)
def test_a_reserved_or_invalid_id_is_a_french_error_naming_it(
    body: str, expected: str, write: Any, site_root: Path, contenu: Callable[..., Any]
) -> None:
    write(site_root, ARTICLE, VALID.format(body=body))
    result = contenu("check", "--today", "2026-01-15")
    assert result.exit_code == 1, result.output
    assert expected in result.plain, result.output


def test_reserved_id_in_an_entry_body_is_reported_in_that_file(
    write: Any, site_root: Path, contenu: Callable[..., Any]
) -> None:
    entry = sorted((site_root / "content" / "faq").glob("*.md"))[0]
    entry.write_text(entry.read_text(encoding="utf-8") + "\n## Suivi {#fbq}\n", encoding="utf-8")
    result = contenu("check", "--today", "2026-01-15")
    assert result.exit_code == 1
    assert f"content/faq/{entry.name}:" in result.plain
    assert "« fbq » est réservé" in result.plain


def test_a_heading_whose_slug_is_a_global_gets_another_id() -> None:
    rendered = render_markdown("## ML\n\n## Fbq\n\n## Root\n\n## Nos tarifs {#nos-tarifs}\n")
    assert rendered.ids == ["ml-2", "fbq-2", "root-2", "nos-tarifs"]
    assert not rendered.problems
    assert 'id="ml"' not in rendered.html and 'id="fbq"' not in rendered.html


_HEADINGS = st.lists(
    st.tuples(
        st.sampled_from(["## ", "### ", "#### "]),
        st.sampled_from(["ml", "fbq", "_fbq", "Calendly", "root", "contenu", "Été", "x", "ML"]),
        st.sampled_from(["", " {#fbq}", " {#ml}", " {#x}", " {#Calendly}", " {#contenu}"]),
    ),
    max_size=6,
).map(lambda items: "\n\n".join(level + text + given for level, text, given in items))


@settings(max_examples=200, deadline=None)
@given(_HEADINGS)
def test_no_rendered_id_is_ever_reserved(markdown: str) -> None:
    rendered = render_markdown(markdown)
    ids = re.findall(r'\sid="([^"]*)"', rendered.html)
    assert ids == rendered.ids
    assert not [i for i in ids if is_reserved(i)]
    for ident in re.findall(r"\{#([^}]*)\}", markdown):
        if is_reserved(ident) or not re.fullmatch(r"[a-z0-9]+(?:-[a-z0-9]+)*", ident):
            assert any(p.needle == "#" + ident for p in rendered.problems)
