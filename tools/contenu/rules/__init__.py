"""The rules ``contenu check`` applies beyond the JSON Schemas, as records: each rule is
declared once (an id, its parameters — patterns, lists, limits — and its French messages)
where it belongs (``models/checks.py``, ``models/common.py``…), the pipeline raises its
errors through the record, and the carnet interprets the exported records
(site/src/editor/core/rules.ts) instead of porting the rule. This package holds the
closed vocabulary of records; it imports nothing of ``contenu``.
"""

from contenu.rules.characters import INVISIBLE, SPACE
from contenu.rules.decisions import Decisions, InList, Longer, Matches, Step
from contenu.rules.length import Length, lengths
from contenu.rules.pattern import Pattern, PatternError
from contenu.rules.registry import RULES
from contenu.rules.same_name import SameName, latin_letters
from contenu.rules.shape import Shape
from contenu.rules.typed_values import TypedValues

__all__ = [
    "INVISIBLE",
    "RULES",
    "SPACE",
    "Decisions",
    "InList",
    "Length",
    "Longer",
    "Matches",
    "Pattern",
    "PatternError",
    "SameName",
    "Shape",
    "Step",
    "TypedValues",
    "latin_letters",
    "lengths",
]
