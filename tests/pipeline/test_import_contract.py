"""The import contract of tools/contenu (``[tool.importlinter]`` in pyproject.toml, run by
`nox -s lint`): each package imports only the packages below it, nothing is in a cycle, and a
new package must be given its floor. Each rule is broken on purpose in a copy of the code."""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

REPO = Path(__file__).resolve().parents[2]
LINT_IMPORTS = Path(sys.executable).with_name("lint-imports")


def _lint_copy(tmp_path: Path, change: dict[str, str]) -> subprocess.CompletedProcess[str]:
    """`lint-imports` on a copy of tools/contenu where each file of ``change`` (path inside
    the package) gets the given line appended."""
    package = tmp_path / "src" / "contenu"
    shutil.copytree(REPO / "tools" / "contenu", package, ignore=shutil.ignore_patterns("*.pyc"))
    for name, line in change.items():
        path = package / name
        path.parent.mkdir(exist_ok=True)
        text = path.read_text(encoding="utf-8") if path.exists() else ""
        path.write_text(f"{text}\n{line}\n", encoding="utf-8")
    return subprocess.run(
        [str(LINT_IMPORTS), str(REPO / "pyproject.toml"), "--no-cache", "--no-logo"],
        cwd=tmp_path,
        env={**os.environ, "PYTHONPATH": str(package.parent)},
        capture_output=True,
        text=True,
        check=False,
    )


def test_the_code_as_it_is_keeps_the_contract(tmp_path: Path) -> None:
    result = _lint_copy(tmp_path, {})
    assert result.returncode == 0, result.stdout
    assert "2 kept, 0 broken" in result.stdout


@pytest.mark.parametrize(
    ("module", "upward"),
    [
        ("models/common.py", "from contenu.pipeline.build import Builder"),
        ("text/typography.py", "import contenu.report.output"),
        ("pipeline/collect.py", "from contenu.catalogue import render_catalogue"),
    ],
)
def test_an_import_of_a_higher_package_breaks_the_contract(
    tmp_path: Path, module: str, upward: str
) -> None:
    result = _lint_copy(tmp_path, {module: upward})
    assert result.returncode == 1
    assert "Rooms: each package imports only the packages below it BROKEN" in result.stdout
    assert f"contenu.{module.removesuffix('.py').replace('/', '.')} ->" in result.stdout


def test_an_import_between_independent_packages_breaks_the_contract(tmp_path: Path) -> None:
    result = _lint_copy(tmp_path, {"images/svg.py": "from contenu.seo.json_ld import business_id"})
    assert result.returncode == 1
    assert "Rooms: each package imports only the packages below it BROKEN" in result.stdout


def test_a_cycle_inside_a_package_breaks_the_contract(tmp_path: Path) -> None:
    result = _lint_copy(tmp_path, {"report/diagnostics.py": "from contenu.report import output"})
    assert result.returncode == 1
    assert "No cycle" in result.stdout and "BROKEN" in result.stdout


def test_a_new_package_must_be_given_its_floor(tmp_path: Path) -> None:
    result = _lint_copy(tmp_path, {"editor/__init__.py": '"""A new room."""'})
    assert result.returncode == 1
    assert "contenu.editor" in result.stdout


def test_only_the_cli_and_the_package_face_stand_at_the_top() -> None:
    """Every other module lives in the package of its job (README's layout table)."""
    top = REPO / "tools" / "contenu"
    modules = {path.name for path in top.glob("*.py")}
    packages = {path.name for path in top.iterdir() if (path / "__init__.py").is_file()}
    assert modules == {"__init__.py"}
    assert "cli" in packages
