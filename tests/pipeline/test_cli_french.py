"""Everything `contenu` prints itself is French: help pages (no description cut, the coaches'
commands apart from the technical ones) and usage errors; only Typer's public API is used,
with a floor in pyproject.toml that the installed Typer meets."""

from __future__ import annotations

import ast
import re
import tomllib
from collections.abc import Callable
from importlib.metadata import version
from pathlib import Path
from typing import Any

import pytest
from typer.testing import CliRunner

from contenu.cli import app
from contenu.cli.french import COACH_PANEL, TECHNICAL_PANEL

REPO = Path(__file__).resolve().parents[2]
COMMANDS = sorted(c.name or "" for c in app.registered_commands)

#: Words and marks only Click's or Typer's English texts contain.
ENGLISH = re.compile(
    r"Usage|Options:|Commands|Arguments:|Show this|\brequired\b|\bdefault\b|Did you mean|"
    r"Missing|No such|Error|\bTry\b|unexpected|Invalid|Aborted|\bCOMMAND\b|\bARGS\b|"
    r"\[OPTIONS\]|\bTEXT\b|\bPATH\b|\bINTEGER\b|<\w+|does not|requires|\bargument\(s\)"
)


def _assert_french(output: str) -> None:
    found = ENGLISH.findall(output)
    assert not found, f"{found} in:\n{output}"


class Run:
    def __init__(self, exit_code: int, output: str) -> None:
        self.exit_code, self.output = exit_code, output
        self.plain = output.replace("\u00a0", " ").replace("\u202f", " ")


@pytest.fixture
def contenu(contenu: Callable[..., Any]) -> Callable[..., Run]:
    """``contenu <args>`` in the test repository, named as the coach types it."""

    def run(*args: str) -> Run:
        result = CliRunner().invoke(app, list(args), prog_name="contenu")
        return Run(result.exit_code, result.output)

    return run


@pytest.mark.parametrize("args", [["--help"], []])
def test_main_help_is_french_with_coach_commands_apart(
    contenu: Callable[..., Any], args: list[str]
) -> None:
    result = contenu(*args)
    assert result.exit_code == 0
    _assert_french(result.output)
    text = result.plain
    assert text.startswith("Utilisation : contenu [options] COMMANDE [ARGUMENTS]...")
    coach = text.split(f"{COACH_PANEL} :", 1)[1].split(f"{TECHNICAL_PANEL} :", 1)[0]
    technical = text.split(f"{TECHNICAL_PANEL} :", 1)[1]
    listed = lambda part: re.findall(r"^  (\w+) ", part, re.MULTILINE)  # noqa: E731
    assert listed(coach) == ["check", "new", "dev", "integrer"]
    assert set(listed(technical)) == {"build", "schema", "watch", "catalogue", "changements"}


def test_main_help_never_cuts_a_description(contenu: Callable[..., Any]) -> None:
    text = " ".join(contenu("--help").plain.split())
    assert "..." not in text.replace("[ARGUMENTS]...", "") and "…" not in text
    for command in app.registered_commands:
        doc = " ".join((command.callback.__doc__ or "").split("\n\n")[0].split())
        assert doc.replace("`", "") in text.replace("`", ""), command.name


@pytest.mark.parametrize("name", COMMANDS)
def test_each_command_help_is_french(contenu: Callable[..., Any], name: str) -> None:
    result = contenu(name, "--help")
    assert result.exit_code == 0
    _assert_french(result.output)
    assert result.plain.startswith(f"Utilisation : contenu {name}")
    assert "--help  " in result.plain and "Affiche cette aide et quitte." in result.plain


def test_check_help_shows_french_metavars(contenu: Callable[..., Any]) -> None:
    text = contenu("check", "--help").plain
    assert "Utilisation : contenu check [options] [CHEMINS]..." in text
    assert "--today AAAA-MM-JJ" in text
    new = contenu("new", "--help").plain
    assert "contenu new [options] TYPE TITRE" in new and "(obligatoire)" in new


@pytest.mark.parametrize(
    ("args", "expected"),
    [
        (["chek"], "commande inconnue : « chek » ; vouliez-vous dire « check » ?"),
        (
            ["check", "--todya", "x"],
            "option inconnue : « --todya » ; vouliez-vous dire « --today » ?",
        ),
        (["new", "article"], "argument manquant : « TITRE »"),
        (["build", "--drafts=oui"], "l’option « --drafts » ne prend pas de valeur"),
        (["new", "faq", "x", "y", "z"], "en trop : « y z »"),
        (["changements"], "option manquante : « --base »"),
    ],
)
def test_usage_errors_are_french(
    contenu: Callable[..., Any], args: list[str], expected: str
) -> None:
    result = contenu(*args)
    assert result.exit_code == 2
    _assert_french(result.output)
    assert f"Erreur : {expected}" in result.plain


def test_only_typer_public_api_is_imported() -> None:
    for path in (REPO / "tools" / "contenu").rglob("*.py"):
        tree = ast.parse(path.read_text(encoding="utf-8"))
        for node in ast.walk(tree):
            names = []
            if isinstance(node, ast.ImportFrom) and node.module:
                names = [node.module] + [f"{node.module}.{a.name}" for a in node.names]
            elif isinstance(node, ast.Import):
                names = [a.name for a in node.names]
            private = [n for n in names if n.startswith("typer") and "._" in n]
            assert not private, f"{path.name}: {private}"


def test_installed_typer_meets_the_floor_of_pyproject() -> None:
    project = tomllib.loads((REPO / "pyproject.toml").read_text(encoding="utf-8"))
    (spec,) = [d for d in project["project"]["dependencies"] if d.startswith("typer")]
    floor = tuple(int(x) for x in re.search(r">=([\d.]+)", spec).group(1).split("."))  # type: ignore[union-attr]
    installed = tuple(int(x) for x in version("typer").split(".")[:3] if x.isdigit())
    assert installed >= floor
