"""Diagnostics: the one type every stage reports problems with, the French message
catalogue for Pydantic errors, and the three output formats (terminal, GitHub annotations,
GitHub step summary).

A coach reads these messages, not a developer: each says where (file, line, column, field),
what is wrong and, when we can guess, what to write instead.
"""

from __future__ import annotations

import calendar
import dataclasses
import difflib
import re
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from typing import Any, Literal

from contenu.models.patterns import PATTERN_HINTS
from contenu.text.plural import plural
from contenu.text.typography import french_typography

Severity = Literal["error", "warning"]


@dataclass(frozen=True, order=True)
class Diagnostic:
    """One problem found in the content, at a place in a file."""

    path: str  # as shown to the coach, e.g. "content/pages/index.md"
    line: int  # 1-based; 0 for a problem of the whole file (see has_line)
    column: int  # 1-based
    field: str  # dotted path of the key ("navigation.header[1].href"), "" when none
    message: str  # French, without the location
    severity: Severity = "error"
    source: str = dataclasses.field(default="", compare=False)  # the offending source line, if any

    def __post_init__(self) -> None:
        object.__setattr__(self, "message", typeset(self.message))

    @property
    def is_error(self) -> bool:
        return self.severity == "error"

    @property
    def has_line(self) -> bool:
        """False for a problem of the whole file (a missing page, an image, a link): it is
        shown with its path only, never « ligne 0 »."""
        return self.line > 0

    def to_json(self) -> dict[str, Any]:
        return {
            "path": self.path,
            "line": self.line,
            "column": self.column,
            "field": self.field or None,
            "message": self.message,
            "severity": self.severity,
            "source": self.source or None,
        }


def typeset(message: str) -> str:
    """French typography on a message, wherever it was written: no-break space before « : »,
    narrow no-break space before « ; ! ? », no-break spaces inside « ». What stands between
    backticks is an example to type as is (`title: "A : B"`) and is left untouched."""
    if "`" not in message:
        return french_typography(message)
    parts = message.split("`")
    return "`".join(part if odd else french_typography(part) for odd, part in _alternate(parts))


def _alternate(parts: list[str]) -> list[tuple[bool, str]]:
    # An unpaired last backtick opens nothing: the text after it is typeset like the rest.
    paired = len(parts) % 2 == 1
    return [(i % 2 == 1 and (paired or i < len(parts) - 1), p) for i, p in enumerate(parts)]


def sort_key(diag: Diagnostic) -> tuple[str, int, int, str, str]:
    return (diag.path, diag.line, diag.column, diag.field, diag.message)


# --- Suggestions -------------------------------------------------------------------------


def suggest(word: str, choices: Iterable[str]) -> str | None:
    """The closest allowed spelling of ``word``, if one is close enough."""
    options = sorted(set(choices))
    lowered = {c.lower(): c for c in options}
    if word.lower() in lowered and lowered[word.lower()] != word:
        return lowered[word.lower()]
    # camelCase confusions (meta_pixel for metaPixel) and accents are frequent typos.
    squashed = {c.lower().replace("_", "").replace("-", ""): c for c in options}
    key = word.lower().replace("_", "").replace("-", "")
    if key in squashed:
        return squashed[key]
    matches = difflib.get_close_matches(word, options, n=1, cutoff=0.6)
    return matches[0] if matches else None


def did_you_mean(word: str, choices: Iterable[str]) -> str:
    """« ; vouliez-vous dire « x » ? » or an empty string."""
    guess = suggest(word, choices)
    return f" ; vouliez-vous dire « {guess} »\u202f?" if guess else ""


def nearest_first(word: str, choices: Iterable[str]) -> list[str]:
    """Every choice, the closest spelling of ``word`` first."""
    guess = suggest(word, choices)

    def distance(choice: str) -> tuple[bool, float, str]:
        ratio = difflib.SequenceMatcher(None, word.lower(), choice.lower()).ratio()
        return (choice != guess, -ratio, choice)

    return sorted(set(choices), key=distance)


def quote_list(values: Iterable[Any]) -> str:
    return ", ".join(f"« {v} »" for v in values)


# --- Pydantic error catalogue ------------------------------------------------------------


def _show(value: Any) -> str:
    if value is None:
        return "vide"
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, dict):
        return "un groupe de clés"
    if isinstance(value, list):
        return "une liste"
    text = str(value)
    if len(text) > 60:
        text = text[:57] + "…"
    return f"« {text} »"


#: The months in French, as the messages about a date name them.
MONTH_NAMES = (
    "janvier", "février", "mars", "avril", "mai", "juin",
    "juillet", "août", "septembre", "octobre", "novembre", "décembre",
)  # fmt: skip
_ISO_DAY = re.compile(r"(\d{4})-(\d{2})-(\d{2})")


def _impossible_day(value: Any) -> str | None:
    """Why a date written AAAA-MM-JJ does not exist (« le 31 février 2026 n’existe pas »),
    or None when it is not written that way or exists."""
    match = _ISO_DAY.fullmatch(value.strip()) if isinstance(value, str) else None
    if match is None:
        return None
    year, month, day = (int(part) for part in match.groups())
    if not 1 <= month <= 12:
        return f"il n’y a pas de mois {match[2]} : le mois s’écrit de 01 à 12"
    days = calendar.monthrange(year, month)[1] if year >= 1 else 31
    if 1 <= day <= days:
        return None
    return (
        f"ce jour n’existe pas : {MONTH_NAMES[month - 1]} {year} a {days} jours (du 01 au {days})"
    )


def pydantic_message(error: dict[str, Any]) -> str:
    """French text of one Pydantic error (``ValidationError.errors()`` item)."""
    kind: str = error.get("type", "")
    ctx: dict[str, Any] = error.get("ctx") or {}
    value = error.get("input")
    shown = _show(value)

    if kind == "missing":
        return "ce champ est obligatoire mais il manque"
    if kind == "extra_forbidden":
        return "champ inconnu"
    if kind in {"string_type", "string_sub_type"}:
        if isinstance(value, bool | int | float):
            return (
                f"doit être du texte, mais {shown} est lu comme "
                f"{'un oui/non' if isinstance(value, bool) else 'un nombre'} : "
                "mettez la valeur entre guillemets"
            )
        if value is None:
            return "doit être un texte, il est vide"
        return f"doit être un texte, pas {shown}"
    if kind in {"int_parsing", "int_type", "int_from_float", "int_parsing_size"}:
        return f"doit être un nombre entier (sans virgule), pas {shown}"
    if kind in {"float_parsing", "float_type", "finite_number"}:
        return f"doit être un nombre, pas {shown}"
    if kind in {"bool_parsing", "bool_type"}:
        return f"doit valoir true (oui) ou false (non), pas {shown}"
    if kind.startswith("date") or kind.startswith("datetime"):
        impossible = _impossible_day(value)
        if impossible:
            return f"date invalide : {shown} ; {impossible}"
        return (
            f"date invalide : {shown} ; écrivez-la sous la forme AAAA-MM-JJ, par exemple 2024-03-15"
        )
    if kind in {"literal_error", "enum"}:  # ctx: "'a', 'b' or 'c'", English "or" included
        allowed = ctx.get("expected", "")
        values = [v.strip().strip("'\"") for v in str(allowed).replace(" or ", ", ").split(",")]
        values = [v for v in values if v]
        hint = did_you_mean(str(value), values) if isinstance(value, str) else ""
        return f"valeur non autorisée {shown}{hint} ; valeurs possibles : {quote_list(values)}"
    if kind == "greater_than_equal":
        return f"doit être supérieur ou égal à {ctx.get('ge')}, pas {shown}"
    if kind == "greater_than":
        return f"doit être strictement supérieur à {ctx.get('gt')}, pas {shown}"
    if kind == "less_than_equal":
        return f"doit être inférieur ou égal à {ctx.get('le')}, pas {shown}"
    if kind == "less_than":
        return f"doit être strictement inférieur à {ctx.get('lt')}, pas {shown}"
    if kind == "string_too_short":
        if ctx.get("min_length", 1) <= 1:
            return "ne doit pas être vide"
        return f"trop court : au moins {plural(int(ctx['min_length']), 'caractère')}"
    if kind == "string_too_long":
        actual = len(value) if isinstance(value, str) else "?"
        return (
            f"trop long : {plural(int(ctx.get('max_length', 0)), 'caractère')} au maximum "
            f"(actuellement {actual})"
        )
    if kind == "too_short":
        n = int(ctx.get("min_length", 1))
        return f"doit contenir au moins {plural(n, 'élément')}"
    if kind == "too_long":
        n = int(ctx.get("max_length", 0))
        return f"doit contenir au plus {plural(n, 'élément')}"
    if kind == "string_pattern_mismatch":
        pattern = str(ctx.get("pattern", ""))
        hint = PATTERN_HINTS.get(pattern, "format attendu : " + pattern)
        return f"format invalide : {shown} ; {hint}"
    if kind.startswith("url"):
        return f"adresse web invalide : {shown} ; elle doit commencer par https://"
    if kind in {"list_type", "tuple_type", "set_type", "iterable_type"}:
        return f"doit être une liste (des lignes qui commencent par « - »), pas {shown}"
    if kind in {"dict_type", "model_type", "model_attributes_type", "mapping_type"}:
        return f"doit être un groupe de « clé: valeur » (indentées sous ce champ), pas {shown}"
    if kind in {"value_error", "assertion_error"}:
        original = ctx.get("error")
        text = str(original) if original is not None else str(error.get("msg", ""))
        if "email address" in text or "@-sign" in text:
            return f"adresse e-mail invalide : {shown}"
        return text.removeprefix("Value error, ")
    if kind == "none_required":
        return "doit rester vide"
    if kind in {"union_tag_invalid", "union_tag_not_found"}:
        return f"type de cellule inconnu : {shown}"
    if kind == "frozen_instance":
        return "ne peut pas être modifié"
    return f"valeur invalide : {shown}"


def format_loc(loc: Sequence[str | int]) -> str:
    """``("navigation", "header", 1, "href")`` → ``navigation.header[1].href``."""
    out = ""
    for part in loc:
        if isinstance(part, int):
            out += f"[{part}]"
        else:
            out += ("." if out else "") + str(part)
    return out
