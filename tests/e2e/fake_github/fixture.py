"""The `fake_github` fixture: a fake API on 127.0.0.1 (a free port) whose repository holds a
copy of the project's `content/`, fresh for each test."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest

from .server import FakeGitHub, serve

CONTENT = Path(__file__).resolve().parents[3] / "content"


@pytest.fixture
def fake_github(tmp_path: Path) -> Iterator[FakeGitHub]:
    with serve(tmp_path, CONTENT) as fake:
        yield fake
