"""A page's title or description outside the length its help recommends is a warning with
the count, at the field, in ``contenu check`` and in the pull request's annotations; it
blocks nothing."""

from __future__ import annotations

import datetime as dt
import re
from collections.abc import Callable
from pathlib import Path
from typing import Any

from contenu.pipeline.build import Builder
from contenu.report.output import report

SHOWN = "content/pages/contact.md"


def _plain(text: str) -> str:
    return text.replace("\u00a0", " ").replace("\u202f", " ")


def _contact(site_root: Path, title: str, description: str) -> None:
    path = site_root / "content" / "pages" / "contact.md"
    text = path.read_text(encoding="utf-8")
    text = re.sub(r"^title: .*$", f"title: {title}", text, count=1, flags=re.M)
    text = re.sub(r"^description: .*$", f"description: {description}", text, count=1, flags=re.M)
    path.write_text(text, encoding="utf-8")


def test_a_long_description_and_a_long_title_are_warnings_with_their_count(
    site_root: Path, contenu: Callable[..., Any]
) -> None:
    _contact(site_root, "Contact " * 7 + "et suite", "Une question ? " * 16 + "Écrivez-nous.")
    result = contenu("check")
    assert result.exit_code == 0, result.output  # warnings: nothing is blocked
    out = _plain(result.plain)
    assert (
        f"{SHOWN}:2:1: Titre : avertissement : 64 caractères : les moteurs de recherche "
        "montrent environ 60 caractères d’un titre et coupent la suite ; visez 60 caractères au "
        "plus"
    ) in out, result.output
    assert (
        f"{SHOWN}:3:1: Description : avertissement : 253 caractères : les moteurs de recherche "
        "montrent environ 160 caractères d’une description et coupent la suite ; visez de 110 à "
        "160 caractères"
    ) in out, result.output


def test_a_short_description_is_a_warning_too(site_root: Path, contenu: Callable[..., Any]) -> None:
    _contact(site_root, "Contact", "Écrivez-nous.")
    result = contenu("check")
    assert (
        f"{SHOWN}:3:1: Description : avertissement : 13 caractères : sous 110, les moteurs de "
        "recherche remplacent souvent la description par une phrase de la page"
    ) in _plain(result.plain), result.output


def test_the_pull_request_annotates_the_line(site_root: Path) -> None:
    _contact(site_root, "Contact", "Écrivez-nous.")
    outcome = Builder(site_root / "content", workers=1).analyse(dt.date(2026, 1, 15))
    env = {"GITHUB_ACTIONS": "true", "CONTENU_CI_REPORT": "on"}
    printed = report(outcome.diagnostics, 1, env=env, changed=[SHOWN])
    line = next(row for row in printed.splitlines() if row.startswith("::warning file=" + SHOWN))
    assert "line=3," in line and "title=Description::13 caractères : sous 110" in _plain(line), (
        printed
    )


def test_the_shipped_pages_are_within_the_lengths(contenu: Callable[..., Any]) -> None:
    result = contenu("check")
    assert " caractères : " not in _plain(result.plain), result.output
