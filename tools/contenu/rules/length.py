"""A length a field's help recommends (a page's title and description for search engines):
outside it, a warning with the count, never an error. Declared once, the help text of the
field (:meth:`Length.recommended`) and the rule read the same numbers; the record is put on
a field as metadata (``Annotated[Paragraph, DESCRIPTION_LENGTH]``), Pydantic ignores it, the
pipeline (``pipeline/advice.py``) and the carnet (site/src/editor/core/rules.ts) apply it.

A value is counted as the coach wrote it, stripped, in characters (code points).
``messages``: ``long`` and, with a minimum, ``short``, with ``{count}``, ``{at_least}``
and ``{at_most}``; ``help``: how the help text says the range (``range``), or its upper
bound alone when ``at_least`` is 0 (``most``).
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from typing import Any

from contenu.rules.registry import register
from contenu.rules.template import fill, placeholders


@dataclass(frozen=True)
class Length:
    id: str
    at_least: int
    at_most: int
    messages: Mapping[str, str]
    help: Mapping[str, str]

    def __post_init__(self) -> None:
        assert 0 <= self.at_least < self.at_most, self.id
        assert set(self.messages) == {"long"} | ({"short"} if self.at_least else set()), self.id
        assert set(self.help) == {"range", "most"}
        for template in [*self.messages.values(), *self.help.values()]:
            assert placeholders(template) <= {"count", "at_least", "at_most"}, template
        register(self)

    def __hash__(self) -> int:  # a field's metadata: Pydantic may hash it
        return hash(self.id)

    def _values(self, count: int | None = None) -> dict[str, str]:
        found = {"at_least": str(self.at_least), "at_most": str(self.at_most)}
        return found | ({"count": str(count)} if count is not None else {})

    def recommended(self) -> str:
        """The range as the field's help says it (« de 110 à 160 caractères »)."""
        return fill(self.help["range" if self.at_least else "most"], self._values())

    def problem(self, value: str) -> str | None:
        """The French warning for ``value`` outside the range, or None."""
        count = len(value.strip())
        key = "short" if count < self.at_least else "long" if count > self.at_most else None
        return None if key is None else fill(self.messages[key], self._values(count))

    def patterns(self) -> list[Any]:
        return []

    def export(self) -> dict[str, Any]:
        return {"kind": "length", "atLeast": self.at_least, "atMost": self.at_most,
                "messages": dict(self.messages)}  # fmt: skip


def lengths(metadata: Iterable[Any]) -> list[Length]:
    """The recommended lengths among a field's metadata (``FieldInfo.metadata``)."""
    return [item for item in metadata if isinstance(item, Length)]
