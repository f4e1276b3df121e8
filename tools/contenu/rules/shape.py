"""A pattern the pipeline and the carnet both read a file with, outside any rule: the cell
fences (``pipeline/load.py``). Declared once here, the carnet's splitter
(site/src/editor/core/document.ts) compiles the exported source."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from contenu.rules.pattern import Pattern
from contenu.rules.registry import register


@dataclass(frozen=True)
class Shape:
    id: str
    pattern: Pattern

    def __post_init__(self) -> None:
        register(self)

    def patterns(self) -> list[Pattern]:
        return [self.pattern]

    def export(self) -> dict[str, Any]:
        return {"kind": "shape", **self.pattern.export()}
