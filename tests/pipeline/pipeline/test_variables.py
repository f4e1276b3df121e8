"""Text variables ({{ prix.pack }}, {{ email }}…): one source of truth for the values of the
site settings, wherever the content shows them."""

from __future__ import annotations

import datetime as dt
import json
import re
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from contenu.models.site import Price
from contenu.pipeline.build import Builder
from contenu.pipeline.emit import Options
from contenu.pipeline.variables import DESCRIPTIONS, euros

NBSP = "\u00a0"


def _bundles(root: Path) -> dict[str, str]:
    folder = root / "site" / "generated" / "build" / "public" / "data"
    return {
        p.relative_to(folder).as_posix(): p.read_text(encoding="utf-8")
        for p in folder.rglob("*.json")
    }


def _set_pack_price(root: Path, amount: int) -> None:
    settings_file = root / "content" / "reglages" / "site.md"
    text = settings_file.read_text(encoding="utf-8")
    settings_file.write_text(text.replace("amount: 395", f"amount: {amount}"), encoding="utf-8")


def test_euros_wording() -> None:
    assert euros(Price(label="x", amount=395)) == f"395{NBSP}€"
    assert euros(Price(label="x", amount=1200)) == f"1\u202f200{NBSP}€"
    assert euros(Price(label="x", amount=0)) == "offerte"


def test_a_price_change_in_the_settings_changes_every_page(
    site_root: Path, contenu: Callable[..., Any]
) -> None:
    assert contenu("build").exit_code == 0
    before = _bundles(site_root)
    showing = {rel for rel, text in before.items() if f"395{NBSP}€" in text}
    # The home page list and the FAQ answer (shown on /contact) print the pack price.
    assert {"routes/index.json", "routes/contact.json"} <= showing
    _set_pack_price(site_root, 410)
    assert contenu("build").exit_code == 0
    after = _bundles(site_root)
    for rel in showing:
        assert f"410{NBSP}€" in after[rel], rel
    assert not any(f"395{NBSP}€" in text for text in after.values())


def test_the_watcher_redoes_the_files_using_a_changed_variable(site_root: Path) -> None:
    options = Options(today=dt.date(2026, 1, 15))
    builder = Builder(site_root / "content")
    assert builder.compile(options).ok
    _set_pack_price(site_root, 420)
    settings_file = site_root / "content" / "reglages" / "site.md"
    outcome = builder.compile(options, changed={settings_file})
    assert outcome.ok and outcome.outputs is not None
    home = json.loads(outcome.outputs.files["public/data/routes/index.json"])
    assert f"420{NBSP}€" in json.dumps(home, ensure_ascii=False)


@pytest.mark.parametrize("year", [2027, 2031])
def test_the_copyright_year_is_the_year_of_the_build(
    site_root: Path, contenu: Callable[..., Any], write: Any, year: int
) -> None:
    """Never a year typed once and forgotten: the footer's « © {year} » and {{ annee }} are
    the year the site is built, whatever the settings say."""
    settings_text = (site_root / "content" / "reglages" / "site.md").read_text(encoding="utf-8")
    assert not re.search(r"^copyrightYear:", settings_text, re.MULTILINE)
    page = site_root / "content" / "pages" / "contact.md"
    text = page.read_text(encoding="utf-8")
    write(site_root, "pages/contact.md", text + "\nDepuis {{ annee }}.\n")
    assert contenu("build", "--today", f"{year}-03-01").exit_code == 0
    bundles = _bundles(site_root)
    assert json.loads(bundles["site.json"])["buildYear"] == year
    assert f"Depuis {year}." in bundles["routes/contact.json"]


def test_unknown_variable_is_an_error_with_a_suggestion(
    site_root: Path, contenu: Callable[..., Any], write: Any
) -> None:
    page = site_root / "content" / "pages" / "contact.md"
    text = page.read_text(encoding="utf-8")
    write(site_root, "pages/contact.md", text + "\nLe pack coûte {{ prix.pak }}.\n")
    result = contenu("check")
    assert result.exit_code == 1
    line = len(text.split("\n")) + 1
    assert f"contact.md:{line}:" in result.plain
    assert "variable inconnue « {{ prix.pak }} »" in result.plain
    assert "vouliez-vous dire « prix.pack »" in result.plain


def test_unknown_variable_in_frontmatter_names_the_field(
    site_root: Path, contenu: Callable[..., Any], write: Any
) -> None:
    page = site_root / "content" / "pages" / "contact.md"
    text = page.read_text(encoding="utf-8")
    write(
        site_root,
        "pages/contact.md",
        re.sub(r"(?m)^title: .*$", 'title: "Contact {{ mail }}"', text, count=1),
    )
    result = contenu("check")
    assert result.exit_code == 1
    assert "contact.md:2:" in result.plain and ": Titre : variable inconnue" in result.plain
    assert "vouliez-vous dire « email »" in result.plain


_NAMES = st.sampled_from([*DESCRIPTIONS, "", "prix", "prix.", "x" * 3, "é"])
_TEXT = st.lists(
    st.one_of(
        _NAMES.map(lambda n: "{{ " + n + " }}"),
        st.text(alphabet=list("{} \n:\"'ab#-*"), max_size=12),
    ),
    max_size=8,
).map("".join)


@settings(
    max_examples=40, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture]
)
@given(body=_TEXT, title=_TEXT)
def test_variables_never_crash_the_check(
    site_root: Path, contenu: Callable[..., Any], write: Any, body: str, title: str
) -> None:
    front = json.dumps(title, ensure_ascii=False)
    write(site_root, "articles/essai.md", f"---\ntitle: {front}\n---\n{body}\n")
    result = contenu("check")
    assert result.exit_code in (0, 1)
    assert "Traceback" not in result.plain
    assert "erreur interne" not in result.plain


@pytest.mark.parametrize("value", ["{{ marque }}", "{{ marque }} contact"])
def test_unquoted_variable_in_frontmatter_says_to_quote_it(
    site_root: Path, contenu: Callable[..., Any], write: Any, value: str
) -> None:
    page = site_root / "content" / "pages" / "contact.md"
    text = re.sub(r"(?m)^title: .*$", f"title: {value}", page.read_text("utf-8"), count=1)
    write(site_root, "pages/contact.md", text)
    result = contenu("check")
    assert result.exit_code == 1
    assert "contact.md:2:" in result.plain
    assert "s’écrit entre guillemets" in result.plain
