"""Every Python package is installed from a lock with hashes: uv.lock for the project's
sessions (noxfile.py installs with `uv sync --frozen`), .github/requirements.txt for nox and
uv themselves. A release of any dependency changes nothing until the lock is updated on
purpose; these tests fail when pyproject.toml and the lock disagree (someone edited one and
forgot `uv lock`)."""

from __future__ import annotations

import re
import tomllib
from pathlib import Path
from typing import Any

from github_config import ROOT
from packaging.requirements import Requirement
from packaging.specifiers import SpecifierSet
from packaging.utils import canonicalize_name
from packaging.version import Version

PYPROJECT = ROOT / "pyproject.toml"
LOCK = ROOT / "uv.lock"
TOOLS = ROOT / ".github" / "requirements.txt"


def _requirements(pyproject: dict[str, Any]) -> set[tuple[str, str, str | None]]:
    """(name, specifier, extra) of every requirement pyproject.toml declares."""
    project = pyproject["project"]
    found = {_key(Requirement(r), None) for r in project["dependencies"]}
    for extra, requirements in project["optional-dependencies"].items():
        found |= {_key(Requirement(r), extra) for r in requirements}
    return found


def _key(requirement: Requirement, extra: str | None) -> tuple[str, str, str | None]:
    return (canonicalize_name(requirement.name), str(requirement.specifier), extra)


def _locked_requirements(lock: dict[str, Any]) -> set[tuple[str, str, str | None]]:
    (project,) = [p for p in lock["package"] if p["name"] == "contenu"]
    found = set()
    for entry in project["metadata"]["requires-dist"]:
        marker = entry.get("marker", "")
        extra = re.fullmatch(r"extra == '([\w-]+)'", marker)
        assert marker == "" or extra, marker
        specifier = str(SpecifierSet(entry.get("specifier", "")))
        found.add((canonicalize_name(entry["name"]), specifier, extra and extra.group(1)))
    return found


def _load(path: Path) -> dict[str, Any]:
    return tomllib.loads(path.read_text(encoding="utf-8"))


def test_the_lock_was_made_from_this_pyproject() -> None:
    assert _requirements(_load(PYPROJECT)) == _locked_requirements(_load(LOCK)), (
        "pyproject.toml and uv.lock disagree: run `uv lock`"
    )


def test_every_locked_version_satisfies_pyproject() -> None:
    locked = {p["name"]: Version(p["version"]) for p in _load(LOCK)["package"]}
    for name, specifier, _extra in _requirements(_load(PYPROJECT)):
        assert name in locked, f"{name} is not in uv.lock"
        assert locked[name] in SpecifierSet(specifier), (name, specifier, locked[name])


def test_every_locked_package_comes_with_hashes() -> None:
    for package in _load(LOCK)["package"]:
        if "editable" in package["source"]:
            continue
        files = package.get("wheels", []) + ([package["sdist"]] if "sdist" in package else [])
        assert files and all(f["hash"].startswith("sha256:") for f in files), package["name"]


def test_the_tools_before_nox_are_pinned_with_hashes() -> None:
    """nox and uv, and what they need: one `==` and at least one hash each."""
    text = TOOLS.read_text(encoding="utf-8")
    pins = re.findall(r"^([a-z0-9-]+)==\S+", text, flags=re.MULTILINE)
    assert {"nox", "uv"} <= set(pins)
    blocks = re.split(r"\n(?=[a-z0-9-]+==)", text.split("\n", 5)[-1])
    for block in blocks:
        if re.match(r"[a-z0-9-]+==", block):
            assert "--hash=sha256:" in block, block.splitlines()[0]


def test_nox_installs_only_from_the_lock() -> None:
    noxfile = (ROOT / "noxfile.py").read_text(encoding="utf-8")
    assert '"sync",\n        "--frozen"' in noxfile
    assert "session.install(" not in noxfile, "an install that bypasses uv.lock"
