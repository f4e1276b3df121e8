"""The built sites under test: ``$E2E_SITES/root`` and ``$E2E_SITES/sub``, as ``nox -s e2e``
builds them. Without them the tests skip on a dev machine and fail in CI."""

from __future__ import annotations

import os
from pathlib import Path

import pytest
from built_site import Build, base_path, pages

from ci_mode import IN_CI

BUILD_NAMES = ("root", "sub")


def _missing(reason: str) -> None:
    if IN_CI:
        pytest.fail(reason, pytrace=False)
    pytest.skip(reason)


def load_build(name: str) -> Build:
    """``$E2E_SITES/<name>``: ``root``, ``sub`` or ``many`` (see noxfile.py's e2e session)."""
    given = os.environ.get("E2E_SITES")
    if not given:
        _missing("E2E_SITES is not set (nox -s e2e builds the sites and sets it)")
    dist = Path(str(given)) / name
    if not (dist / "index.html").is_file():
        _missing(f"no built site in {dist}")
    return Build(name, dist, base_path(dist), tuple(pages(dist)))


@pytest.fixture(scope="session", params=BUILD_NAMES)
def build(request: pytest.FixtureRequest) -> Build:
    return load_build(request.param)
