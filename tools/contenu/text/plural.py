"""French plurals of counted words: French takes the singular for 0 and 1 (« 0 erreur »,
« 1 fichier », « 2 fichiers »). The one home of that rule for every message of the tools."""

from __future__ import annotations


def agree(n: int, one: str, many: str | None = None) -> str:
    """The word for ``n`` things: ``one``, or ``many`` (by default ``one`` + « s »)."""
    return one if n <= 1 else (many or one + "s")


def plural(n: int, one: str, many: str | None = None) -> str:
    """« 1 fichier », « 2 fichiers »; ``many`` when the plural is not ``one`` + « s »
    (« fichiers mis à jour »)."""
    return f"{n} {agree(n, one, many)}"
