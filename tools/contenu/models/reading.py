"""How a value typed by a coach as text is read: an ordered list of decisions declared as
data, that ``contenu check`` applies and the carnet interprets from its exported record
(``site/src/editor/core/reading.ts``), so that both give a text the same meaning or the
same French refusal (``numbers.py``, ``dates.py``).

The vocabulary is the one of the carnet's rule records, so that each reading can become one
of them: a test is a pattern (the part of the syntax Python's ``re`` and JavaScript's
``RegExp`` read alike: no ``^ $ . \\d \\s \\b``, named groups ``(?P<name>…)``, anchored by a
``mode``) on the value or on a part an earlier pattern captured, compared in lower case with
``lower``; the first step whose tests all hold accepts the value (``then`` None) or refuses
it with the message ``then``, whose ``{placeholders}`` are the parts found. What an accepted
value means is the kind of the record's (a number, a date), given by its parts.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from typing import Any, Literal

#: The JSON Schema keyword that names how a field reads its text ("amount").
READING_KEYWORD = "x-reading"

Mode = Literal["search", "match", "fullmatch"]
_NAMED = re.compile(r"\(\?P<")
PLACEHOLDER = re.compile(r"\{([A-Za-z_][A-Za-z0-9_]*)\}")


@dataclass(frozen=True)
class Test:
    """``on`` (the value, or a part captured before) matches ``pattern`` in ``mode``
    (``negate``: does not); a part never captured fails the test."""

    pattern: str
    mode: Mode = "fullmatch"
    on: str = "value"
    negate: bool = False
    lower: bool = False

    def export(self) -> dict[str, Any]:
        return {"test": "matches", "on": self.on, "negate": self.negate, "lower": self.lower,
                "source": _NAMED.sub("(?<", self.pattern), "mode": self.mode}  # fmt: skip


@dataclass(frozen=True)
class Step:
    """When every test holds, in order: ``then``, the key of a message, or None: accepted."""

    when: tuple[Test, ...]
    then: str | None


@dataclass(frozen=True)
class Reading:
    """An ordered list of decisions: the first step whose tests all hold decides;
    ``otherwise`` when none does."""

    kind: str
    steps: tuple[Step, ...]
    messages: dict[str, str]
    otherwise: str = "shape"
    compiled: dict[str, re.Pattern[str]] = field(default_factory=dict, compare=False)

    def __post_init__(self) -> None:
        for step in self.steps:
            assert step.then is None or step.then in self.messages, step.then
            for test in step.when:
                self.compiled[test.pattern] = re.compile(test.pattern)
        assert self.otherwise in self.messages

    def decide(self, text: str) -> tuple[str | None, dict[str, str]]:
        """The key of the message that refuses ``text`` (None: accepted) and its parts."""
        found = {"value": text}
        for step in self.steps:
            if all(self._holds(test, found) for test in step.when):
                return step.then, found
        return self.otherwise, found

    def _holds(self, test: Test, found: dict[str, str]) -> bool:
        subject = found.get(test.on)
        if subject is None:
            return False
        pattern = self.compiled[test.pattern]
        match = getattr(pattern, test.mode)(subject.lower() if test.lower else subject)
        if match is not None:
            found.update({k: v for k, v in match.groupdict().items() if v is not None})
        return (match is not None) != test.negate

    def refusal(self, key: str, found: dict[str, str]) -> ValueError:
        """The French refusal ``key``, its placeholders filled with the parts found."""
        return ValueError(PLACEHOLDER.sub(lambda m: found.get(m[1], m[0]), self.messages[key]))

    def parts(self, text: str) -> dict[str, str]:
        """The parts of an accepted ``text``, or ValueError with the French reason."""
        key, found = self.decide(text)
        if key is not None:
            raise self.refusal(key, found)
        return found

    def export(self) -> dict[str, Any]:
        return {
            "kind": self.kind,
            "steps": [{"when": [t.export() for t in s.when], "then": s.then} for s in self.steps],
            "otherwise": self.otherwise,
            "messages": self.messages,
        }
