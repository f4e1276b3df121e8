"""The French messages of ``contenu check``, exported for the browser editor's validator."""

from __future__ import annotations

from typing import Any


def message_catalogue() -> dict[str, Any]:
    return {}
