"""A rule as an ordered list of decisions: each step tests the value (or a part an earlier
test captured) and, when all its tests hold, accepts it or refuses it with a French message;
the first step that decides wins, ``otherwise`` decides when none does.

The vocabulary is closed so that the carnet can interpret every rule from its record
(site/src/editor/core/rules.ts) instead of porting it: a test is :class:`Matches` (a pattern
of the shared subset), :class:`InList` (one of a list of the rule, or starting with one) or
:class:`Longer` (more characters than a limit). A pattern's named groups become the
message's placeholders, and so do the rule's ``phrases`` (the first alternative whose part
was captured, « un espace » or « le caractère « < » »).
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

from contenu.rules.pattern import Pattern
from contenu.rules.registry import register
from contenu.rules.template import fill, placeholders


@dataclass(frozen=True)
class Matches:
    """``on`` (the value, or a part captured before) matches ``pattern``, compared in lower
    case with ``lower``; ``negate``: holds when it does not."""

    pattern: Pattern
    on: str = "value"
    lower: bool = False
    negate: bool = False

    def export(self) -> dict[str, Any]:
        return {"test": "matches", "on": self.on, "lower": self.lower, "negate": self.negate,
                **self.pattern.export()}  # fmt: skip


@dataclass(frozen=True)
class InList:
    """``on`` is one of the rule's list ``name`` (``prefix``: starts with one of them)."""

    name: str
    on: str = "value"
    prefix: bool = False
    negate: bool = False

    def export(self) -> dict[str, Any]:
        return {"test": "inList", "on": self.on, "list": self.name, "prefix": self.prefix,
                "negate": self.negate}  # fmt: skip


@dataclass(frozen=True)
class Longer:
    """``on`` has more than ``than`` characters."""

    than: int
    on: str = "value"
    negate: bool = False

    def export(self) -> dict[str, Any]:
        return {"test": "longer", "on": self.on, "than": self.than, "negate": self.negate}


Test = Matches | InList | Longer


@dataclass(frozen=True)
class Step:
    """When every test holds (in order; a part never captured fails the step): ``then``, the
    key of a message of the rule, or None to accept the value."""

    when: tuple[Test, ...]
    then: str | None


@dataclass(frozen=True)
class Decisions:
    """A rule ``contenu check`` applies to a value beyond its JSON Schema, declared once.

    ``messages``: key → French template; ``frame``: the message as raised at a field
    (``{problem}`` is the step's message); ``lists``: the lists the :class:`InList` tests
    read; ``examples``: values both sides must judge alike (a test runs them through the
    pipeline and through the carnet). ``check`` is the Pydantic validator of a field.
    """

    id: str
    steps: tuple[Step, ...]
    messages: Mapping[str, str]
    otherwise: str | None = None
    phrases: Mapping[str, tuple[tuple[str, str], ...]] = field(default_factory=dict)
    lists: Mapping[str, tuple[str, ...]] = field(default_factory=dict)
    frame: str = "{problem}"
    examples: tuple[str, ...] = ()

    def __post_init__(self) -> None:
        known = {"value"} | set(self.phrases)
        for step in self.steps:
            for test in step.when:
                assert test.on in known, f"rule {self.id}: « {test.on} » is captured later"
                if isinstance(test, Matches):
                    known |= set(test.pattern.groups)
                if isinstance(test, InList):
                    assert test.name in self.lists, f"rule {self.id}: no list {test.name}"
        for key in [s.then for s in self.steps] + [self.otherwise]:
            assert key is None or key in self.messages, f"rule {self.id}: no message {key}"
        for template in [
            *self.messages.values(),
            *(t for p in self.phrases.values() for _, t in p),
        ]:
            unknown = placeholders(template) - known
            assert not unknown, f"rule {self.id}: nothing fills {unknown} in {template!r}"
        register(self)

    def decide(self, value: str) -> tuple[str | None, dict[str, str]]:
        """The message key that refuses ``value`` (None: accepted) and the parts found."""
        found: dict[str, str] = {"value": value}
        for step in self.steps:
            if all(self._holds(test, found) for test in step.when):
                return step.then, found
        return self.otherwise, found

    def _holds(self, test: Test, found: dict[str, str]) -> bool:
        subject = found.get(test.on)
        if subject is None:
            return False
        if isinstance(test, Matches):
            match = test.pattern.test(subject.lower() if test.lower else subject)
            if match is not None:
                found.update({k: v for k, v in match.groupdict().items() if v is not None})
            holds = match is not None
        elif isinstance(test, InList):
            items = self.lists[test.name]
            holds = subject.startswith(items) if test.prefix else subject in items
        else:
            holds = len(subject) > test.than
        return holds != test.negate

    def problem(self, value: str) -> str | None:
        """Why ``value`` is refused (French), or None."""
        key, found = self.decide(value)
        if key is None:
            return None
        for name, alternatives in self.phrases.items():
            found[name] = next((fill(t, found) for part, t in alternatives if part in found), "")
        return fill(self.messages[key], found)

    def accepted(self, value: str) -> dict[str, str]:
        """The parts the tests captured in an accepted ``value`` (ValueError if refused)."""
        key, found = self.decide(value)
        if key is not None:
            raise ValueError(self.problem(value))
        return found

    def check(self, value: str) -> str:
        """The Pydantic validator: ``value``, or ValueError with the framed message."""
        problem = self.problem(value)
        if problem is not None:
            raise ValueError(fill(self.frame, {"problem": problem}))
        return value

    def patterns(self) -> list[Pattern]:
        return [t.pattern for step in self.steps for t in step.when if isinstance(t, Matches)]

    def export(self) -> dict[str, Any]:
        """The record as the carnet reads it."""
        steps = [
            {"when": [test.export() for test in step.when], "then": step.then}
            for step in self.steps
        ]
        return {
            "kind": "decisions",
            "steps": steps,
            "otherwise": self.otherwise,
            "messages": dict(self.messages),
            "phrases": {name: [list(p) for p in alts] for name, alts in self.phrases.items()},
            "lists": {name: list(items) for name, items in self.lists.items()},
            "frame": self.frame,
        }
