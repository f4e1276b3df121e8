"""The French message templates of the rules: ``{name}`` is a value the rule found (the
value itself, a part a pattern captured, a phrase), ``{name|code}`` the code point of its
first character as ``U+`` writes it (« 200B »). The carnet fills them the same way
(site/src/editor/core/rules.ts)."""

from __future__ import annotations

import re
from collections.abc import Mapping

PLACEHOLDER = re.compile(r"\{([A-Za-z_][A-Za-z0-9_]*)(?:\|(code))?\}")


def placeholders(template: str) -> set[str]:
    return {match.group(1) for match in PLACEHOLDER.finditer(template)}


def fill(template: str, values: Mapping[str, str]) -> str:
    """``template`` with each placeholder replaced; one with no value is left as written."""

    def value(match: re.Match[str]) -> str:
        found = values.get(match.group(1))
        if found is None:
            return match.group()
        return f"{ord(found[0]):04X}" if match.group(2) and found else found

    return PLACEHOLDER.sub(value, template)
