"""Fixtures of the workflow tests: the parsed workflows of .github/workflows."""

from __future__ import annotations

from typing import Any

import pytest
from github_config import WORKFLOWS, load


@pytest.fixture(scope="session")
def workflows() -> dict[str, dict[str, Any]]:
    assert WORKFLOWS, "no workflow in .github/workflows"
    return {path.name: load(path) for path in WORKFLOWS}


@pytest.fixture(scope="session")
def ci(workflows: dict[str, dict[str, Any]]) -> dict[str, Any]:
    return workflows["ci.yml"]


@pytest.fixture(scope="session")
def deploy(workflows: dict[str, dict[str, Any]]) -> dict[str, Any]:
    return workflows["deploy.yml"]
