"""Ids a coach may not give to an element of a page.

An element with an ``id`` becomes a property of ``window`` (the HTML "named access"), unless
a real global of that name exists. A heading ``{#fbq}`` therefore makes ``window.fbq`` an
element until the Meta pixel defines it: code that tests ``if (window.fbq)`` is fooled (DOM
clobbering). Every global the site or a provider's script reads, and every id the site
itself looks up, is listed here, once; ``tests/pipeline/models/test_page_globals.py`` fails when
``site/src`` reads a ``window.<name>`` this list does not know.
"""

from __future__ import annotations

import re

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
ID_PATTERN = re.compile(SLUG_PATTERN)


def is_reserved(ident: str) -> bool:
    """True when an element with this id would shadow a global or an id of the site."""
    return ident in SITE_GLOBALS or ident in SITE_IDS or ident.startswith(SITE_GLOBAL_PREFIXES)


def id_problem(ident: str) -> str | None:
    """Why ``ident`` cannot be the id of an element of a page (French), or None."""
    if not ID_PATTERN.match(ident):
        return (
            f"identifiant d’ancre invalide « {ident} » : lettres minuscules sans accent, "
            "chiffres et tirets seulement (par exemple « nos-tarifs »)"
        )
    if is_reserved(ident):
        return (
            f"l’identifiant d’ancre « {ident} » est réservé : le site ou l’un de ses services "
            "(pixel Meta, MailerLite, Calendly) utilise déjà ce nom ; choisissez-en un autre, "
            f"par exemple « {ident}-section »"
        )
    return None
