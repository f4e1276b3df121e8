"""Text variables in one file: ``{{ prix.pack }}``… replaced by the settings' values
(unknown names reported at their line), and the settings' values typed by hand instead of a
variable reported as warnings (see ``contenu.pipeline.variables``)."""

from __future__ import annotations

from typing import Any

from contenu.pipeline.load import Loaded, Loc, Position, YamlBlock, make_diag
from contenu.pipeline.variables import (
    Typed,
    Unknown,
    Variables,
    hand_typed,
    message,
    strings,
    substitute,
    substitute_data,
    typed_message,
)
from contenu.report.diagnostics import Diagnostic, format_loc


def _offset_position(text: str, offset: int, first_line: int) -> Position:
    before = text[:offset]
    return first_line + before.count("\n"), offset - (before.rfind("\n") + 1) + 1


class Substitution:
    """Replaces the variables of one file and reports the unknown ones at their line, and
    the values of the settings typed by hand instead of a variable."""

    def __init__(
        self, loaded: Loaded, diagnostics: list[Diagnostic], variables: Variables | None
    ) -> None:
        self.loaded, self.diagnostics, self.variables = loaded, diagnostics, variables
        self.constants = variables  # kept when the file uses no variable
        #: The digest of the values this file was checked against: a file that uses none
        #: still depends on them (a price typed by hand is warned about), so the watcher
        #: redoes it when they change.
        self.digest = variables.digest if variables is not None else ""
        if not any("{{" in line for line in loaded.lines):
            self.variables = None

    def _report(self, line: int, column: int, field_: str, unknown: Unknown) -> None:
        self.diagnostics.append(
            make_diag(self.loaded.source, self.loaded.lines, (line, column), field_,
                      message(unknown.name))
        )  # fmt: skip

    def _warn(self, position: Position, field_: str, typed: Typed) -> None:
        assert self.constants is not None
        text = typed_message(typed, bool(field_), self.constants)
        self.diagnostics.append(
            make_diag(self.loaded.source, self.loaded.lines, position, field_, text, "warning")
        )

    def prose(self, text: str, first_line: int) -> str:
        if self.constants is not None:
            for typed in hand_typed(text, self.constants):
                self._warn(_offset_position(text, typed.offset, first_line), "", typed)
        if self.variables is None:
            return text
        new, unknown = substitute(text, self.variables)
        for item in unknown:
            self._report(*_offset_position(text, item.offset, first_line), "", item)
        return new

    def data(self, data: dict[str, Any], block: YamlBlock, prefix: str = "") -> dict[str, Any]:
        if self.constants is not None:
            for loc, text in strings(data):
                for typed in hand_typed(text, self.constants):
                    self._warn(block.position(loc), prefix + format_loc(loc), typed)
        if self.variables is None:
            return data

        def report(loc: Loc, unknown: Unknown) -> None:
            line, column = block.position(loc)
            self._report(line, column, prefix + format_loc(loc), unknown)

        new: dict[str, Any] = substitute_data(data, self.variables, report)
        return new
