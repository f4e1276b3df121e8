"""Ways a French reader writes an amount or a date, for the tests of the readings
(``models/numbers.py``, ``models/dates.py``) through ``contenu check`` and through the carnet."""

from __future__ import annotations

import datetime as dt
import re
from decimal import Decimal

from hypothesis import strategies as st

from contenu.models.dates import MONTHS
from contenu.models.numbers import NumberKind

SPACES = ["", " ", "\u00a0", "\u202f"]
CURRENCIES = ["€", " €", "\u00a0€", "\u202f€", " euros", " euro", " EUR", "€ "]
KINDS: list[NumberKind] = ["integer", "decimal", "amount"]


@st.composite
def french_amounts(draw: st.DrawFn) -> tuple[Decimal, str]:
    """An amount of at most two decimals, and one way a French reader writes it."""
    cents = draw(st.integers(min_value=0, max_value=10**9))
    value = Decimal(cents) / 100
    units, decimals = f"{value:.2f}".split(".")
    separator = draw(st.sampled_from(SPACES))
    grouped = f"{int(units):,}".replace(",", separator)
    shown = decimals.rstrip("0") if decimals != "00" else draw(st.sampled_from(["", "0", "00"]))
    if decimals != "00" and draw(st.booleans()):
        shown = decimals  # « 395,50 » as well as « 395,5 »
    mark = draw(st.sampled_from([",", "."])) if len(shown) != 3 else ","
    text = grouped + (mark + shown if shown else "")
    if draw(st.booleans()):
        text += draw(st.sampled_from(CURRENCIES))
    padding = draw(st.sampled_from(["", " ", "  "]))
    return value, padding + text + padding


def meant(text: str) -> Decimal:
    """What an accepted text says, read another way than the rule: its digits, the comma or
    point as the decimal mark, the currency and the spaces left out."""
    bare = re.sub(r"(€|euros?|eur)", "", text, flags=re.IGNORECASE)
    bare = re.sub(r"[ \u00a0\u202f]", "", bare).replace(",", ".").replace("\u2212", "-")
    return Decimal(bare)


@st.composite
def french_dates(draw: st.DrawFn) -> tuple[dt.date, str]:
    """A day, and one way a French reader writes it."""
    day = draw(st.dates(min_value=dt.date(1000, 1, 1), max_value=dt.date(2999, 12, 31)))
    d = draw(st.sampled_from([f"{day.day}", f"{day.day:02}"]))
    m = draw(st.sampled_from([f"{day.month}", f"{day.month:02}"]))
    name = MONTHS[day.month - 1]
    name = draw(st.sampled_from([name, name.capitalize(), name.upper()]))
    first = "1er" if day.day == 1 and draw(st.booleans()) else str(day.day)
    text = draw(
        st.sampled_from(
            [f"{d}/{m}/{day.year}", f"{d}-{m}-{day.year}", f"{d}.{m}.{day.year}",
             f"{d} / {m} / {day.year}", f"{first} {name} {day.year}",
             f"le {first} {name} {day.year}", day.isoformat()]
        )
    )  # fmt: skip
    return day, draw(st.sampled_from(["", " "])) + text
