"""A rule that refuses a name a reader would take for another one already in use: « Emotions »,
« émotions » or « Émotion » beside « Émotions » (a blog category: the two would share one
page, or split one subject in two). ``pipeline/collect.py`` applies it across the articles,
the carnet reads the same record (site/src/editor/core/rules.ts) at the field where the
name is typed, with the names already in use.

Two names are the same when their keys are: each character is compared as ``letters`` says
(« É » and « e » as « e », « œ » as « oe »), a character not in ``letters`` separates words,
and a word of at least ``shortest`` characters is compared without one of its ``endings``
(the plural's « s » and « x »). ``message``: ``{value}`` (the name typed), ``{existing}``
(the name in use) and ``{file}`` (a file that uses it).
"""

from __future__ import annotations

import unicodedata
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from contenu.rules.registry import register
from contenu.rules.template import fill, placeholders

_LIGATURES = {"œ": "oe", "æ": "ae", "ß": "ss"}


def latin_letters() -> dict[str, str]:
    """Digits and the Latin letters French writes (Latin-1 and Latin Extended-A), each as
    its lower-case letter without accent: the table is data, so both sides read it alike."""
    letters: dict[str, str] = {}
    for code in [*range(0x30, 0x3A), *range(0x41, 0x5B), *range(0x61, 0x7B), *range(0xC0, 0x180)]:
        char = chr(code)
        lower = char.lower()
        if lower in _LIGATURES:
            letters[char] = _LIGATURES[lower]
            continue
        base = unicodedata.normalize("NFD", lower)[0]
        if unicodedata.category(char)[0] in "LN" and ("a" <= base <= "z" or "0" <= base <= "9"):
            letters[char] = base
    return letters


@dataclass(frozen=True)
class SameName:
    id: str
    letters: Mapping[str, str]
    endings: tuple[str, ...]
    shortest: int
    message: str

    def __post_init__(self) -> None:
        assert placeholders(self.message) <= {"value", "existing", "file"}, self.message
        register(self)

    def key(self, name: str) -> str:
        """What ``name`` is compared by: « Les Émotions » → « les emotion »."""
        words: list[str] = []
        word = ""
        for char in name + " ":
            if char in self.letters:
                word += self.letters[char]
                continue
            if word:
                words.append(word)
            word = ""
        return " ".join(self._singular(w) for w in words)

    def _singular(self, word: str) -> str:
        if len(word) >= self.shortest:
            for ending in self.endings:
                if word.endswith(ending):
                    return word[: -len(ending)]
        return word

    def existing(self, value: str, names: Mapping[str, str]) -> str | None:
        """The name of ``names`` (name → a file that uses it) ``value`` would be taken for,
        other than ``value`` itself; None when there is none."""
        key = self.key(value)
        if not key:
            return None
        found = sorted(name for name in names if name != value and self.key(name) == key)
        return found[0] if found else None

    def problem(self, value: str, existing: str, file: str) -> str:
        return fill(self.message, {"value": value, "existing": existing, "file": file})

    def patterns(self) -> list[Any]:
        return []

    def export(self) -> dict[str, Any]:
        return {
            "kind": "sameName",
            "letters": dict(self.letters),
            "endings": list(self.endings),
            "shortest": self.shortest,
            "message": self.message,
        }
