"""`./nox`, the README's two commands' launcher, from a fresh copy on a machine where nothing
is installed or activated: it makes .venv, installs the hashed .github/requirements.txt
there (the network or a package index is needed, as for any first run), runs nox with uv on
its PATH, installs nothing on the next run, and makes .venv again when it is broken."""

from __future__ import annotations

import os
import runpy
import shutil
import subprocess
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
#: What the launcher reads: itself, the hashed requirements, and the noxfile nox loads.
NEEDED = ("nox", "noxfile.py", ".github/requirements.txt")
INSTALLING = "installation de nox et uv"


def _bare_environment() -> dict[str, str]:
    """This process's environment (its package index settings included) without any
    activated environment: no PATH entry holds a nox or a uv."""
    path = [
        folder
        for folder in os.environ.get("PATH", "").split(os.pathsep)
        if folder and not any((Path(folder) / name).exists() for name in ("nox", "uv"))
    ]
    skipped = ("VIRTUAL_ENV", "NOX", "UV_")
    env = {k: v for k, v in os.environ.items() if not k.startswith(skipped)}
    return {**env, "PATH": os.pathsep.join(path)}


def _run(copy: Path, *args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        ["./nox", *args], cwd=copy, env=_bare_environment(),
        capture_output=True, text=True, timeout=600, check=False,
    )  # fmt: skip


@pytest.fixture
def copy(tmp_path: Path) -> Path:
    if shutil.which("python3", path=_bare_environment()["PATH"]) is None:
        pytest.fail("./nox starts with the machine's python3, which is not on PATH")
    for name in NEEDED:
        (tmp_path / name).parent.mkdir(parents=True, exist_ok=True)
        shutil.copy2(ROOT / name, tmp_path / name)
    return tmp_path


def test_a_fresh_copy_runs_nox_with_nothing_installed_or_activated(copy: Path) -> None:
    first = _run(copy, "--list")
    assert first.returncode == 0, first.stdout + first.stderr
    assert INSTALLING in first.stderr
    assert "dev ->" in first.stdout and "e2e ->" in first.stdout
    assert (copy / ".venv" / "bin" / "uv").exists()
    # nox's sessions call uv: the launcher runs nox with .venv's programs first on PATH.
    launcher = runpy.run_path(str(copy / "nox"), run_name="launcher")
    first_on_path = launcher["environment"]()["PATH"].split(os.pathsep)[0]
    assert Path(first_on_path) == copy / ".venv" / "bin"

    again = _run(copy, "--version")
    assert again.returncode == 0 and INSTALLING not in again.stderr, again.stderr


def test_a_broken_venv_is_made_again(copy: Path) -> None:
    # What `python3 -m venv` leaves on Debian without python3-venv: a .venv without pip.
    made = subprocess.run(
        ["python3", "-m", "venv", "--without-pip", ".venv"], cwd=copy, env=_bare_environment(),
        check=False,
    )  # fmt: skip
    assert made.returncode == 0
    done = _run(copy, "--version")
    assert done.returncode == 0, done.stdout + done.stderr
    assert "création du dossier .venv" in done.stderr


def test_ci_runs_the_readmes_second_command() -> None:
    ci = (ROOT / ".ci" / "run").read_text(encoding="utf-8")
    assert ci.rstrip().splitlines()[-1] == "exec ./nox"
