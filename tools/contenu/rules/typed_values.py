"""A rule that finds values of the site settings typed by hand in a text (a price, the
contact e-mail, the coach's name) where a variable (``{{ prix.pack }}``) would follow their
changes: ``pipeline/variables.py`` finds them with it, the carnet reads the same record
(site/src/editor/core/hand-typed.ts).

``price``: a number and a currency, its parts ``amount`` (digits and thousands separators)
and ``cents``; every price found is typed by hand (a variable has no digits). The amount
its parts make (the digits of ``amount``, ``cents`` as its decimals: ``number_of`` of
``models/numbers.py``, ``numberOf`` in the carnet) is a price of the settings, whose amounts
the rule « amount » reads: ``typed``, naming that price's variable. It is
none: ``stale`` when words of ``near`` (variable → words, in order of precedence, sought in
lower case) are in its part of the sentence — the text between it and the nearest of a
character of ``stops`` or another price, before it first, else after it — naming the first
variable whose words are there; else ``unknown``, listing every price of ``near`` (each
``choice``, joined by ``, ``). Each part of text is read for the two prices around it at
most: linear.

``literals``: the variables whose text is searched as it is, without case. ``settings``:
where each variable's value is in the settings' frontmatter; ``what``: how the message
names it. ``messages`` fill ``{text}`` (what was typed), ``{name}`` (the variable),
``{what}``, ``{price}`` (its value on the site, « 420 € »), ``{choices}``, ``{file}`` (the
settings file, ``file``) and ``{quoted}``: ``quoted`` in a value of the YAML, where a
variable must be quoted, else nothing.
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
    near: tuple[tuple[str, tuple[str, ...]], ...] = ()
    stops: str = ""
    quoted: str = ""

    def __post_init__(self) -> None:
        assert set(self.price.groups) >= {"amount", "cents"}
        assert set(self.settings) == set(self.what) and set(self.literals) <= set(self.what)
        assert set(self.messages) == {"typed", "stale", "unknown", "choice"}
        known = {"text", "name", "what", "price", "choices", "file", "quoted"}
        for template in self.messages.values():
            assert placeholders(template) <= known, template
        prices = set(self.settings) - set(self.literals)
        assert sorted(name for name, words in self.near if words) == sorted(prices), self.near
        assert all(word == word.lower() for _, words in self.near for word in words)
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
            "near": [[name, list(words)] for name, words in self.near],
            "stops": self.stops,
            "quoted": self.quoted,
        }
