"""The token the fake gives the coach has exactly the permissions the guide tells her to
tick (docs/guide/connexion-github.md), so the browser tests sign in as a coach who
followed the guide."""

from __future__ import annotations

import re
from pathlib import Path

from .state import EDITOR_PERMISSIONS

PAGE = Path(__file__).resolve().parents[3] / "docs" / "guide" / "connexion-github.md"
ACCESS = {"Read-only": "read", "Read and write": "write"}


def guide_permissions() -> dict[str, str]:
    """The table after <!-- permissions-du-jeton -->: GitHub's name → access."""
    text = PAGE.read_text(encoding="utf-8").split("<!-- permissions-du-jeton -->", 1)[1]
    rows = re.findall(r"^\s*\| \*\*(.+?)\*\* \| \*\*(.+?)\*\* \|$", text, flags=re.M)
    return {name.lower().replace(" ", "_"): ACCESS[access] for name, access in rows}


def test_the_fakes_token_has_the_guides_permissions() -> None:
    assert guide_permissions() == EDITOR_PERMISSIONS
