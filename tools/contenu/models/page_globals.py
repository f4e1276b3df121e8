"""Ids a coach may not give to an element of a page.

An element with an ``id`` becomes a property of ``window`` (the HTML "named access"), unless
a real global of that name exists. A heading ``{#fbq}`` therefore makes ``window.fbq`` an
element until the Meta pixel defines it: code that tests ``if (window.fbq)`` is fooled (DOM
clobbering). Every global the site or a provider's script reads, and every id the site
itself looks up, is listed here, once; ``tests/pipeline/models/test_page_globals.py`` fails when
``site/src`` reads a ``window.<name>`` this list does not know.
"""

from __future__ import annotations

from contenu.rules import Decisions, InList, Matches, Pattern, Step
from contenu.text.slug import SLUG_PATTERN

#: Globals read by the site (``site/src``) or by the scripts of its providers.
SITE_GLOBALS: frozenset[str] = frozenset(
    {
        "fbq",  # Meta pixel: site/src/behaviours/pixel.ts and fbevents.js
        "_fbq",  # Meta pixel: the base code keeps its first queue there
        "ml",  # MailerLite: the universal embed queue (site/src/behaviours/mailerlite.ts)
        "Calendly",  # Calendly's widget.js defines and reads it
    }
)
#: Globals whose name starts with one of these (MailerLite's per-form success callback).
SITE_GLOBAL_PREFIXES: tuple[str, ...] = ("ml_webform_success_",)
#: Ids the site gives to its own elements and looks up with ``getElementById``.
SITE_IDS: frozenset[str] = frozenset({"root", "contenu", "theme-colours", "carnet", "after-paint"})

#: The shape of an id a coach writes: the shape of the ids made from heading text.
ID_PATTERN = Pattern(SLUG_PATTERN.removeprefix("^").removesuffix("$"), "fullmatch")

#: The id of an element of a page (an anchor): a slug that no global of the page uses.
ANCHOR = Decisions(
    id="anchor",
    steps=(
        Step((Matches(ID_PATTERN, negate=True),), "shape"),
        Step((InList("reserved"),), "reserved"),
        Step((InList("reserved_prefixes", prefix=True),), "reserved"),
    ),
    messages={
        "shape": "identifiant d’ancre invalide « {value} » : lettres minuscules sans accent, "
        "chiffres et tirets seulement (par exemple « nos-tarifs »)",
        "reserved": "l’identifiant d’ancre « {value} » est réservé : le site ou l’un de ses "
        "services (pixel Meta, MailerLite, Calendly) utilise déjà ce nom ; choisissez-en un "
        "autre, par exemple « {value}-section »",
    },
    lists={
        "reserved": tuple(sorted(SITE_GLOBALS | SITE_IDS)),
        "reserved_prefixes": SITE_GLOBAL_PREFIXES,
    },
    examples=("nos-tarifs", "Nos tarifs", "a--b", "-a", "fbq", "root", "ml_webform_success_1"),
)


def is_reserved(ident: str) -> bool:
    """True when an element with this id would shadow a global or an id of the site."""
    return ident in SITE_GLOBALS or ident in SITE_IDS or ident.startswith(SITE_GLOBAL_PREFIXES)


def id_problem(ident: str) -> str | None:
    """Why ``ident`` cannot be the id of an element of a page (French), or None."""
    return ANCHOR.problem(ident)
