"""Text variables: ``{{ prix.pack }}``, ``{{ email }}``… written in any page, article or entry
and replaced by the value of the site settings (content/reglages/site.md).

A price or an address typed again in several files drifts the day one of them changes; a
variable keeps one source of truth. Values are substituted in the strings of the frontmatter
and of the component cells, and in the Markdown of the prose, before validation, so French
typography and every check apply to the result. The settings file itself takes no variable.
"""

from __future__ import annotations

import hashlib
import json
import re
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from contenu.diagnostics import did_you_mean
from contenu.models.site import Price, SiteSettings

NBSP = "\u00a0"
NNBSP = "\u202f"
FREE = "offerte"

#: ``{{ name }}``: letters, digits, dots and underscores, spaces allowed inside the braces.
PATTERN = re.compile(r"\{\{\s*([^{}\s]*)\s*\}\}")

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
    "annee": "année du copyright (copyrightYear)",
}


def euros(price: Price) -> str:
    """« 395 € », « 1 200 € » (narrow no-break space between thousands), « offerte » for 0."""
    if price.amount == 0:
        return FREE
    digits = f"{price.amount:,}".replace(",", NNBSP)
    symbol = "€" if price.currency == "EUR" else price.currency
    return f"{digits}{NBSP}{symbol}"


@dataclass(frozen=True)
class Variables:
    values: dict[str, str]
    digest: str  # changes when a value changes: files that use variables are redone

    @classmethod
    def of(cls, settings: SiteSettings) -> Variables:
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
            "annee": str(settings.copyright_year),
        }
        encoded = json.dumps(values, sort_keys=True, ensure_ascii=False).encode()
        return cls(values, hashlib.blake2b(encoded, digest_size=8).hexdigest())


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


def message(name: str) -> str:
    """The French error for an unknown variable."""
    hint = did_you_mean(name, DESCRIPTIONS)
    if not hint:
        hint = " (variables possibles : " + ", ".join(DESCRIPTIONS) + ")"
    return f"variable inconnue « {{{{ {name} }}}} »{hint}"
