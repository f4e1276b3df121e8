"""Shared fixtures: a throw-away copy of the shipped content in a fake repository root, and
a runner for the ``contenu`` command inside it."""

from __future__ import annotations

import shutil
import sys
from collections.abc import Callable
from pathlib import Path

import pytest
from hypothesis import settings
from typer.testing import CliRunner

from ci_mode import IN_CI
from contenu.cli import app

# The guide's parser (catalogue/test_guide.py) is shared by the tests of the guide's commands
# and sign-in page at the top: importable whichever test file is collected first.
sys.path.insert(0, str(Path(__file__).parent / "catalogue"))

# No deadline for an example (200 ms by default): on a machine busy with other work a slow
# example is the machine's, not a failure (speed is measured by `nox -s bench`). In CI
# (`.ci/run` sets CI=true), Hypothesis's own « ci » profile besides: the same examples at every
# run, so a red pull request is its change's, never a new roll of the dice; on a developer's
# machine every run tries new examples (and keeps the failing ones in .hypothesis/).
settings.register_profile("patient", settings.get_profile("ci") if IN_CI else None, deadline=None)
settings.load_profile("patient")

REPO = Path(__file__).resolve().parents[2]
CONTENT = REPO / "content"
TODAY = "2026-01-15"


@pytest.fixture
def site_root(tmp_path: Path) -> Path:
    """A fake repository root holding a copy of content/ (pyproject.toml marks the root)."""
    if not (CONTENT / "reglages" / "site.md").exists():
        pytest.skip("content/ is not written yet")
    root = tmp_path / "depot"
    shutil.copytree(CONTENT, root / "content")
    (root / "pyproject.toml").write_text("")
    return root


class Result:
    def __init__(self, exit_code: int, output: str) -> None:
        self.exit_code = exit_code
        self.output = output

    @property
    def plain(self) -> str:
        """The output with the no-break spaces of French typography as plain spaces, for
        tests about what a message says (test_messages checks where the spaces go)."""
        return self.output.replace("\u00a0", " ").replace("\u202f", " ")


@pytest.fixture
def contenu(site_root: Path, monkeypatch: pytest.MonkeyPatch) -> Callable[..., Result]:
    """Run ``contenu <args>`` with the fake root as working directory."""
    monkeypatch.chdir(site_root)
    monkeypatch.delenv("GITHUB_ACTIONS", raising=False)
    monkeypatch.delenv("GITHUB_STEP_SUMMARY", raising=False)
    monkeypatch.delenv("CONTENU_CI_REPORT", raising=False)
    monkeypatch.delenv("SITE_URL", raising=False)

    def run(*args: str, env: dict[str, str] | None = None) -> Result:
        result = CliRunner().invoke(app, list(args), env=env, catch_exceptions=False)
        return Result(result.exit_code, result.output)

    return run


Write = Callable[[Path, str, "str | bytes"], Path]


def _write(root: Path, rel: str, text: str | bytes) -> Path:
    path = root / "content" / rel
    path.parent.mkdir(parents=True, exist_ok=True)
    if isinstance(text, bytes):
        path.write_bytes(text)
    else:
        path.write_text(text, encoding="utf-8")
    return path


@pytest.fixture
def write() -> Write:
    """``write(root, "pages/x.md", text)``: create or replace a content file."""
    return _write
