"""Dependabot keeps every dependency manifest of the repository up to date."""

from __future__ import annotations

import subprocess
from pathlib import Path
from typing import Any

import pytest
from github_config import GITHUB, ROOT, load


@pytest.fixture(scope="module")
def updates() -> list[dict[str, Any]]:
    config = load(GITHUB / "dependabot.yml")
    assert config["version"] == 2
    return list(config["updates"])


def directories(update: dict[str, Any]) -> set[str]:
    return set(update.get("directories", [])) | (
        {update["directory"]} if "directory" in update else set()
    )


def covered(updates: list[dict[str, Any]], ecosystem: str) -> set[str]:
    return set().union(*(directories(u) for u in updates if u["package-ecosystem"] == ecosystem))


def manifests(pattern: str) -> set[str]:
    """Directories holding a tracked file named like ``pattern`` (what Dependabot sees)."""
    listed = subprocess.run(
        ["git", "-C", str(ROOT), "ls-files", "--", pattern, f"**/{pattern}"],
        capture_output=True, text=True, check=True,
    ).stdout.splitlines()  # fmt: skip
    found = set()
    for name in listed:
        parent = Path(name).parent.as_posix()
        found.add("/" if parent == "." else "/" + parent)
    return found


def test_every_ecosystem_is_updated_weekly_in_one_grouped_pull_request(
    updates: list[dict[str, Any]],
) -> None:
    assert {u["package-ecosystem"] for u in updates} == {"uv", "pip", "npm", "github-actions"}
    for update in updates:
        assert update["schedule"]["interval"] == "weekly"
        (group,) = update["groups"].values()
        assert group["patterns"] == ["*"]


def test_the_expected_manifests_are_watched(updates: list[dict[str, Any]]) -> None:
    assert {"/site", "/tests/workflows"} <= covered(updates, "npm")
    assert covered(updates, "uv") == {"/"}
    assert covered(updates, "pip") == {"/.github"}
    assert covered(updates, "github-actions") == {"/"}


def test_every_manifest_in_the_repository_is_watched(updates: list[dict[str, Any]]) -> None:
    """A new npm project or requirements file must be added to dependabot.yml."""
    assert manifests("package.json") <= covered(updates, "npm")
    assert manifests("pyproject.toml") | manifests("uv.lock") <= covered(updates, "uv")
    assert manifests("requirements*.txt") <= covered(updates, "pip")


def test_watched_directories_exist(updates: list[dict[str, Any]]) -> None:
    for update in updates:
        for directory in directories(update):
            assert (ROOT / directory.lstrip("/")).is_dir(), directory


def test_manifests_helper_sees_this_project() -> None:
    assert "/tests/workflows" in manifests("package.json")
    assert Path(ROOT / "tests/workflows/package-lock.json").is_file()
