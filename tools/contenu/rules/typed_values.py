"""A rule that finds values of the site settings typed by hand in a text (a price, the
contact e-mail, the coach's name) where a variable (``{{ prix.pack }}``) would follow their
changes: ``pipeline/variables.py`` finds them with it, the carnet reads the same record
(site/src/editor/core/hand-typed.ts).

``price``: a number and a currency, its parts ``amount`` (digits and thousands separators)
and ``cents``; a price is typed by hand when the amount they make (the digits of ``amount``,
``cents`` as its decimals: ``number_of`` of ``models/numbers.py``, ``numberOf`` in the
carnet) is a price of the settings, whose amounts the rule « amount » reads. ``literals``:
the variables whose text is searched as it is, without case. ``settings``: where each
variable's value is in the settings' frontmatter; ``what``: how the message names it.
``messages``: ``field`` (in a value of the YAML) and ``prose``, with ``{text}`` (what was
typed), ``{name}`` (the variable), ``{what}`` and ``{file}`` (the settings file, ``file``).
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from contenu.rules.pattern import Pattern
from contenu.rules.registry import register
from contenu.rules.template import placeholders


@dataclass(frozen=True)
class TypedValues:
    id: str
    price: Pattern
    literals: tuple[str, ...]
    settings: Mapping[str, tuple[str, ...]]
    what: Mapping[str, str]
    messages: Mapping[str, str]
    file: str

    def __post_init__(self) -> None:
        assert set(self.price.groups) >= {"amount", "cents"}
        assert set(self.settings) == set(self.what) and set(self.literals) <= set(self.what)
        assert set(self.messages) == {"field", "prose"}
        for template in self.messages.values():
            assert placeholders(template) <= {"text", "name", "what", "file"}, template
        register(self)

    def patterns(self) -> list[Pattern]:
        return [self.price]

    def export(self) -> dict[str, Any]:
        return {
            "kind": "typedValues",
            "price": self.price.export(),
            "literals": list(self.literals),
            "settings": {name: list(path) for name, path in self.settings.items()},
            "what": dict(self.what),
            "messages": dict(self.messages),
            "file": self.file,
        }
