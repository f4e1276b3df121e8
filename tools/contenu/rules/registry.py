"""Every rule record, by id: each registers itself when it is declared, so the export for
the carnet (``catalogue/editor_rules.py``) and the test that each rule reaches both sides
see them all."""

from __future__ import annotations

from typing import Any, Protocol


class Record(Protocol):
    @property
    def id(self) -> str: ...

    def patterns(self) -> list[Any]:
        """The record's patterns (``Pattern``), each read by both sides."""
        ...

    def export(self) -> dict[str, Any]: ...


RULES: dict[str, Record] = {}


def register(record: Record) -> None:
    """Keep ``record`` under its id; two records of one id are a mistake."""
    known = RULES.get(record.id)
    assert known is None or known is record, f"two rules named {record.id}"
    RULES[record.id] = record


def unregister(record_id: str) -> None:
    """Forget a record (a test's throw-away rule)."""
    RULES.pop(record_id, None)
