"""Text variables: ``{{ prix.pack }}``, ``{{ email }}``… written in any page, article or entry
and replaced by the value of the site settings (content/reglages/site.md).

A price or an address typed again in several files drifts the day one of them changes; a
variable keeps one source of truth. Values are substituted in the strings of the frontmatter
and of the component cells, and in the Markdown of the prose, before validation, so French
typography and every check apply to the result. The settings file itself takes no variable.
"""

from __future__ import annotations

import datetime as dt
import hashlib
import json
import re
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from decimal import Decimal
from typing import Any

from contenu.models import SETTINGS_FILE
from contenu.models.numbers import number_of
from contenu.models.site import Price, SiteSettings
from contenu.report.diagnostics import did_you_mean
from contenu.rules import Pattern, TypedValues
from contenu.rules.template import fill

NBSP = "\u00a0"
NNBSP = "\u202f"
FREE = "offerte"

#: ``{{ name }}``: letters, digits, dots and underscores, spaces allowed inside the braces.
# Possessive: with an empty name the two "\s*" would split a run of spaces every way.
PATTERN = re.compile(r"\{\{\s*+([^{}\s]*+)\s*+\}\}")

#: Name → what it is, for the guide, the catalogue and the error messages.
DESCRIPTIONS: dict[str, str] = {
    "prix.pack": "prix du pack de séances (prices.pack), par exemple « 395 € »",
    "prix.seance": "prix de la séance à l’unité (prices.single), par exemple « 125 € »",
    "prix.decouverte": "prix de la séance découverte (prices.discovery) : « offerte » pour 0",
    "marque": "nom de la marque (brand)",
    "email": "adresse e-mail de contact (email)",
    "coach": "prénom et nom de la coach (coachName)",
    "disponibilites": "jours et heures des séances (offer.availability)",
    "delai": "délai de réponse (offer.responseTime)",
    "format": "format des séances (offer.format)",
    "zone": "zone couverte (offer.area)",
    "annee": "année de la construction du site (celle du copyright du pied de page)",
}


def euros(price: Price) -> str:
    """« 395 € », « 1 200 € » (narrow no-break space between thousands), « 395,50 € » (the
    cents after a comma, always two), « offerte » for 0."""
    if price.amount == 0:
        return FREE
    # An amount has two decimals at most (models/numbers.py): its repr is exact.
    amount = price.amount if isinstance(price.amount, int) else Decimal(repr(price.amount))
    shape = "," if isinstance(amount, int) else ",.2f"
    digits = format(amount, shape).replace(",", NNBSP).replace(".", ",")
    symbol = "€" if price.currency == "EUR" else price.currency
    return f"{digits}{NBSP}{symbol}"


@dataclass(frozen=True)
class Variables:
    values: dict[str, str]
    digest: str  # changes when a value changes: files that use variables are redone
    prices: dict[float, str] = field(default_factory=dict)  # amount → "prix.pack"
    literals: dict[str, str] = field(default_factory=dict)  # e-mail, coach (lower) → name

    @classmethod
    def of(cls, settings: SiteSettings, year: int | None = None) -> Variables:
        """The variables of ``settings``; ``{{ annee }}`` is ``year``, the build's (today's
        by default), so that no copyright is ever left at a past year."""
        values = {
            "prix.pack": euros(settings.prices.pack),
            "prix.seance": euros(settings.prices.single),
            "prix.decouverte": euros(settings.prices.discovery),
            "marque": settings.brand,
            "email": str(settings.email),
            "coach": settings.coach_name,
            "disponibilites": settings.offer.availability,
            "delai": settings.offer.response_time,
            "format": settings.offer.format,
            "zone": settings.offer.area,
            "annee": str(year if year is not None else dt.date.today().year),
        }
        encoded = json.dumps(values, sort_keys=True, ensure_ascii=False).encode()
        prices: dict[float, str] = {}
        for name, price in (
            ("prix.pack", settings.prices.pack),
            ("prix.seance", settings.prices.single),
            ("prix.decouverte", settings.prices.discovery),
        ):
            if price.amount > 0:
                prices.setdefault(price.amount, name)
        literals = {
            value.lower(): name
            for name, value in (("email", values["email"]), ("coach", values["coach"]))
            if len(value) > 2
        }
        digest = hashlib.blake2b(encoded, digest_size=8).hexdigest()
        return cls(values, digest, prices, literals)


@dataclass(frozen=True)
class Unknown:
    """A ``{{ name }}`` no variable answers to, at ``offset`` in the text."""

    name: str
    offset: int


def substitute(text: str, variables: Variables) -> tuple[str, list[Unknown]]:
    """``text`` with every known variable replaced; unknown ones are kept and returned."""
    if "{{" not in text:
        return text, []
    unknown: list[Unknown] = []

    def replace(match: re.Match[str]) -> str:
        value = variables.values.get(match.group(1))
        if value is None:
            unknown.append(Unknown(match.group(1), match.start()))
            return match.group()
        return value

    return PATTERN.sub(replace, text), unknown


def substitute_data(
    value: Any, variables: Variables, report: Callable[[tuple[str | int, ...], Unknown], None]
) -> Any:
    """The YAML ``value`` with variables replaced in every string; ``report(loc, unknown)``."""

    def walk(node: Any, loc: tuple[str | int, ...]) -> Any:
        if isinstance(node, str):
            new, unknown = substitute(node, variables)
            for item in unknown:
                report(loc, item)
            return new
        if isinstance(node, dict):
            return {key: walk(item, (*loc, key)) for key, item in node.items()}
        if isinstance(node, list):
            return [walk(item, (*loc, index)) for index, item in enumerate(node)]
        return node

    return walk(value, ())


Loc = tuple[str | int, ...]


def strings(value: Any, loc: Loc = ()) -> Iterator[tuple[Loc, str]]:
    """Every string of a YAML value, with where it is."""
    if isinstance(value, str):
        yield loc, value
    elif isinstance(value, dict):
        for key, item in value.items():
            yield from strings(item, (*loc, key))
    elif isinstance(value, list):
        for index, item in enumerate(value):
            yield from strings(item, (*loc, index))


def message(name: str) -> str:
    """The French error for an unknown variable."""
    hint = did_you_mean(name, DESCRIPTIONS)
    if not hint:
        hint = " (variables possibles : " + ", ".join(DESCRIPTIONS) + ")"
    return f"variable inconnue « {{{{ {name} }}}} »{hint}"


# --- Constants typed by hand ---------------------------------------------------------------

_SEPARATOR = "[ \\u00a0\\u202f.]"
_SPACE = "[ \\u00a0\\u202f]"

#: A value of the settings typed by hand instead of its variable. A price is a number and a
#: currency: « 395 € », « 395€ », « 395 euros », « 1 200 EUR », « 395,50 € » (cents kept: a
#: price of 395,50 € is typed by hand as « 395,5 € » too, not as « 395 € »). Its first digit
#: follows no letter, digit, « . » or « , », and no digit and separator: the start of a group
#: of thousands is read from its number's start, once, so a long run of groups never priced
#: is read in linear time. Tested once that digit is matched rather than before it, so the
#: engine jumps from digit to digit instead of trying the pattern at every character.
HAND_TYPED = TypedValues(
    id="hand_typed",
    price=Pattern(
        rf"(?P<amount>[0-9](?<![\w.,][0-9])(?<![0-9]{_SEPARATOR}[0-9])"
        rf"(?:[0-9]{{0,2}}(?:{_SEPARATOR}[0-9]{{3}})+|[0-9]*))"
        rf"(?:[.,](?P<cents>[0-9]{{1,2}}))?{_SPACE}?(?:€|[Ee][Uu][Rr](?:[Oo][Ss]?)?(?!\w))"
    ),
    literals=("email", "coach"),
    settings={
        "prix.pack": ("prices", "pack", "amount"),
        "prix.seance": ("prices", "single", "amount"),
        "prix.decouverte": ("prices", "discovery", "amount"),
        "email": ("email",),
        "coach": ("coachName",),
    },
    what={
        "prix.pack": "le prix du pack",
        "prix.seance": "le prix de la séance",
        "prix.decouverte": "le prix de la séance découverte",
        "email": "l’adresse e-mail de contact",
        "coach": "le nom de la coach",
    },
    messages={
        "typed": "« {text} » est tapé à la main : écrivez `{{ {name} }}`{quoted}, qui reprend "
        "{what} de content/{file} et suivra ses changements",
        "stale": "« {text} » est tapé à la main ; {what} est « {price} » dans content/{file} : "
        "écrivez `{{ {name} }}`{quoted}, qui suivra ses changements",
        "unknown": "« {text} » est tapé à la main et n’est aucun des prix de content/{file} "
        "({choices}) : si c’en est un, écrivez sa variable{quoted}, qui suivra ses changements",
        "choice": "`{{ {name} }}` ({price})",
    },
    file=SETTINGS_FILE,
    # The words that name a price, each price once, in the order the message lists them: the
    # single session's last (« pack de 4 séances », « séance découverte » hold « séance »).
    near=(
        ("prix.pack", ("pack", "forfait")),
        ("prix.decouverte", ("découverte", "decouverte")),
        ("prix.seance", ("séance", "seance", "l’unité", "l'unité")),
    ),
    stops=".!?;,\n",
    quoted=" (la valeur entre guillemets)",
)


@dataclass(frozen=True)
class Typed:
    """A value typed by hand at ``offset`` in a text: ``text`` should be the variable
    ``name``. ``kind``: ``typed`` (a value of the settings), ``stale`` (a price that is none
    of them, ``name`` found by the words near it) or ``unknown`` (no word named one)."""

    name: str
    text: str
    offset: int
    kind: str = "typed"


def _named_near(part: str) -> str:
    """The variable the words of ``part`` (a part of a sentence) name, or ""."""
    lowered = part.lower()
    return next((n for n, words in HAND_TYPED.near if any(w in lowered for w in words)), "")


def _sentence_part(text: str, start: int, end: int, before: bool) -> str:
    """``text[start:end]`` cut at the stop nearest to the price (before it: the last)."""
    cut = [text.rfind(c, start, end) if before else text.find(c, start, end)
           for c in HAND_TYPED.stops]  # fmt: skip
    found = [i for i in cut if i >= 0]
    if not found:
        return text[start:end]
    return text[max(found) + 1 : end] if before else text[start : min(found)]


def _prices(text: str, variables: Variables) -> Iterator[Typed]:
    matches = list(HAND_TYPED.price.compiled.finditer(text))
    for i, match in enumerate(matches):
        # « 395,5 € » is 395.50: the amount with its cents, as the settings hold it.
        name = variables.prices.get(number_of(match.group("amount"), match.group("cents")))
        if name is not None:
            yield Typed(name, match.group(), match.start())
            continue
        previous = matches[i - 1].end() if i else 0
        following = matches[i + 1].start() if i + 1 < len(matches) else len(text)
        name = _named_near(_sentence_part(text, previous, match.start(), True)) or _named_near(
            _sentence_part(text, match.end(), following, False)
        )
        yield Typed(name, match.group(), match.start(), "stale" if name else "unknown")


def hand_typed(text: str, variables: Variables) -> list[Typed]:
    """Prices, the contact e-mail and the coach's name written out instead of a variable."""
    found: list[Typed] = []
    lowered = text.lower()
    # A plain substring test first: the price pattern costs a regex pass over the whole text,
    # and « eur » alone is in « heure », « leur », « peur »…
    if "€" in text or "euro" in lowered or "EUR" in text:
        found += _prices(text, variables)
    for literal, name in variables.literals.items():
        start = lowered.find(literal)
        while start >= 0:
            found.append(Typed(name, text[start : start + len(literal)], start))
            start = lowered.find(literal, start + len(literal))
    return sorted(found, key=lambda t: t.offset)


def typed_message(typed: Typed, in_field: bool, variables: Variables) -> str:
    """The French warning for a value typed by hand."""
    choices = ", ".join(
        fill(HAND_TYPED.messages["choice"], {"name": n, "price": variables.values[n]})
        for n, _ in HAND_TYPED.near
    )
    what = HAND_TYPED.what[typed.name] if typed.name else ""
    return fill(
        HAND_TYPED.messages[typed.kind],
        {"text": typed.text, "name": typed.name, "what": what, "choices": choices,
         "price": variables.values.get(typed.name, ""), "file": HAND_TYPED.file,
         "quoted": HAND_TYPED.quoted if in_field else ""},
    )  # fmt: skip
