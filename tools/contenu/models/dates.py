"""A date typed by a coach, read as a French reader reads it: « 15/03/2024 », « 15-03-2024 »,
« 15 mars 2024 », « 1er mars 2024 » and « 2024-03-15 » are the 15th of March 2024 (or the
1st); « 03/15/2024 » (a month 15), « 15/03/24 » (which century?) and a day that does not
exist are refused with a French sentence. Never is a text read as another day.

A rule record (``contenu.rules.Decisions``) declared here: the models apply it to a date
typed by hand in a file (``FrenchDate``), and the carnet interprets the same exported record
(``site/src/editor/core/rules.ts``, through ``core/dates.ts``) in its date fields and its
validator. Once accepted, the parts give the day: ``year``, ``month`` (or ``monthname``, a
key of the record's ``months``) and ``day``; the month must be 1 to 12 and the day one of
that month's, refused with the record's ``calendar`` messages (the calendar is not a
pattern: both sides count the days of a month, ``core/dates.ts`` as ``calendar`` does).
"""

from __future__ import annotations

import calendar
import datetime as dt
from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Annotated, Any

from pydantic import BeforeValidator

from contenu.rules import Decisions, Matches, Pattern, Step
from contenu.rules.template import fill

MONTHS = (
    "janvier", "février", "mars", "avril", "mai", "juin",
    "juillet", "août", "septembre", "octobre", "novembre", "décembre",
)  # fmt: skip
#: A month's name as a coach may type it (accents or not, in lower case) → its number.
MONTH_NUMBERS = {name: n for n, name in enumerate(MONTHS, 1)} | {
    "fevrier": 2, "aout": 8, "decembre": 12, "févr": 2, "fevr": 2, "janv": 1, "sept": 9,
    "oct": 10, "nov": 11, "déc": 12, "dec": 12, "avr": 4, "juil": 7,
}  # fmt: skip


@dataclass(frozen=True)
class DateRule(Decisions):
    """How a date is read, the month names it knows and the messages of the calendar (a
    month or a day that does not exist)."""

    months: tuple[tuple[str, int], ...] = ()
    calendar: Mapping[str, str] = field(default_factory=dict)

    def refusal(self, key: str, found: dict[str, str]) -> ValueError:
        return ValueError(fill(self.calendar[key], found))

    def read(self, text: str) -> dt.date:
        """The day ``text`` means, or ValueError with the French reason."""
        found = self.accepted(text)
        year, day = int(found["year"]), int(found["day"])
        month = (
            dict(self.months)[found["monthname"]] if "monthname" in found else int(found["month"])
        )
        if not 1 <= month <= 12:
            raise self.refusal("month", found | {"month": found.get("month", "")})
        days = calendar.monthrange(year, month)[1] if year >= 1 else 31
        if not 1 <= day <= days or year < 1:
            named = {"monthname": MONTHS[month - 1], "year": str(year), "days": str(days)}
            raise self.refusal("day", found | named)
        return dt.date(year, month, day)

    def export(self) -> dict[str, Any]:
        return super().export() | {
            "months": dict(self.months),
            "monthNames": list(MONTHS),
            "calendar": dict(self.calendar),
        }


_SPACE = "[ \\u00a0\\u202f]"
_SEP = f"{_SPACE}*[/.\\-]{_SPACE}*"
_NAME = "(?P<monthname>" + "|".join(sorted(MONTH_NUMBERS, key=len, reverse=True)) + ")"
_ISO = f"{_SPACE}*(?P<year>[0-9]{{4}})-(?P<month>[0-9]{{1,2}})-(?P<day>[0-9]{{1,2}}){_SPACE}*"
_NUMERIC = (
    f"{_SPACE}*(?P<day>[0-9]{{1,2}}){_SEP}(?P<month>[0-9]{{1,2}}){_SEP}(?P<year>[0-9]{{4}})"
    f"{_SPACE}*"
)
_WORDS = (
    f"{_SPACE}*(?:le{_SPACE}+)?(?P<day>[0-9]{{1,2}})(?:er)?{_SPACE}+{_NAME}\\.?{_SPACE}+"
    f"(?P<year>[0-9]{{4}}){_SPACE}*"
)
_SHORT_YEAR = f"{_SPACE}*[0-9]{{1,2}}{_SEP}[0-9]{{1,2}}{_SEP}[0-9]{{2}}{_SPACE}*"
_UNKNOWN_MONTH = (
    f"{_SPACE}*(?:le{_SPACE}+)?[0-9]{{1,2}}(?:er)?{_SPACE}+(?P<word>[^0-9 \\u00a0\\u202f]+)"
    f"{_SPACE}+[0-9]{{4}}{_SPACE}*"
)


#: Texts both sides must read alike: one per message, and accepted ones.
_EXAMPLES = (
    "", "2024-03-15", "15/03/2024", "15-03-2024", "15.03.2024", "1er mars 2024",
    "le 15 Février 2024", "15 fevr. 2024", "15/03/24", "15 truc 2024", "15 mars",
    "03/15/2024", "31/04/2024", "2024-3-5", " 15 / 03 / 2024 ",
)  # fmt: skip


def _full(source: str, lower: bool = False) -> Matches:
    return Matches(Pattern(source, "fullmatch"), lower=lower)


#: The rule of every date field.
DATE_RULE = DateRule(
    id="date",
    steps=(
        Step((_full(f"{_SPACE}*"),), "empty"),
        Step((_full(_ISO),), None),
        Step((_full(_NUMERIC),), None),
        Step((_full(_WORDS, lower=True),), None),
        Step((_full(_SHORT_YEAR),), "short_year"),
        Step((_full(_UNKNOWN_MONTH),), "month_name"),
    ),
    otherwise="shape",
    messages={
        "empty": "date vide : écrivez la date, par exemple 15 mars 2024 ou 15/03/2024",
        "shape": "date invalide : « {value} » ; écrivez-la comme 15/03/2024 ou 15 mars 2024",
        "short_year": "date invalide : « {value} » ; écrivez l’année en entier, par exemple "
        "15/03/2024",
        "month_name": "date invalide : « {value} » ; « {word} » n’est pas un mois, écrivez par "
        "exemple 15 mars 2024",
    },
    examples=_EXAMPLES,
    months=tuple(MONTH_NUMBERS.items()),
    calendar={
        "month": "date invalide : « {value} » ; il n’y a pas de mois {month} : le mois s’écrit "
        "de 01 à 12",
        "day": "date invalide : « {value} » ; ce jour n’existe pas : {monthname} {year} a "
        "{days} jours (du 01 au {days})",
    },
)


def read_date(value: Any) -> Any:
    """A date typed as text (or as a YAML number, « 20240315 »), read by the rule; a date
    made by the code, or none, stays as it is."""
    if value is None or isinstance(value, dt.date):
        return value
    return DATE_RULE.read(value if isinstance(value, str) else str(value))


#: A day, typed as a French reader writes it.
FrenchDate = Annotated[dt.date, BeforeValidator(read_date)]
OptionalFrenchDate = Annotated[dt.date | None, BeforeValidator(read_date)]
