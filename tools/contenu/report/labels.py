"""French labels of the fields a diagnostic points at, wherever a coach reads one: the
terminal of ``contenu check``, the titles of GitHub annotations, the job summary, the
preview's error box and the carnet: ``{card} actions[0].href`` reads « Carte mise en avant ›
Bouton 1 › Lien », never the YAML key or its path.

A field's label is the ``title`` its model gives it, so adding a field is one change in one
model (a test fails when a field has none); a name found in no model (a key the coach
mistyped) is shown as written, between « ». The carnet reads the same tables and joins them
the same way (``site/src/editor/core/labels.ts``, held to this module by a test).
"""

from __future__ import annotations

import re
from typing import Any

from contenu.models import CELL_MODELS, ROOT_MODELS
from contenu.models.walk import reachable_models
from contenu.report.diagnostics import suggest
from contenu.text.typography import french_typography

#: Label of each cell, by fence name: the name each cell model declares (models/).
CELL_LABELS: dict[str, str] = {name: model.LABEL for name, model in CELL_MODELS.items()}

#: What one element of a list field is called: ``actions[0]`` is « Bouton 1 ».
ITEM_LABELS: dict[str, str] = {
    "actions": "bouton",
    "content_ids": "identifiant",
    "footer": "lien",
    "header": "lien",
    "headerActions": "bouton",
    "items": "élément",
    "keywords": "mot-clé",
    "reassurance": "ligne",
}

#: Between the parts of a place: « Bannière d’ouverture › Bouton 1 › Lien ».
SEPARATOR = " › "
#: A cell whose name no model declares, a list element of no known list, its number.
UNKNOWN_CELL = "cellule {name}"
ELEMENT = "élément"
NUMBERED = "{name} n° {n}"
#: The field a mistyped key was meant to be: named by its label, its key between backticks
#: as the spelling to type (a YAML key appears in a message only as what to type).
KEY_HINT = " ; vouliez-vous dire « {label} » (`{key}`)\u202f?"


def _field_titles() -> dict[str, str]:
    """Name as written in the content files → the ``title`` its model gives it."""
    titles: dict[str, str] = {}
    for model in reachable_models(ROOT_MODELS):
        for name, info in model.model_fields.items():
            if info.title:
                titles.setdefault(info.alias or name, info.title)
    return dict(sorted(titles.items()))


#: Label of each field, by the name written in the content files: the French ``title`` of
#: the field in its model (``Field(title="titre")``).
FIELD_LABELS: dict[str, str] = _field_titles()

# Spaces and digits written out: the carnet reads the same patterns (JavaScript's ``\s``
# and ``\d`` are not Python's).
_CELL_PREFIX = re.compile(r"^\{([^{}]*)\} *")
_SEGMENT = re.compile(r"^(?P<name>[^\[\]]*)(?P<indexes>(?:\[[0-9]+\])*)$")


def _quoted(raw: str) -> str:
    return f"« {raw} »"


def _capital(text: str) -> str:
    return text[:1].upper() + text[1:]


def key_label(name: str) -> str:
    """What a message calls the field ``name``, to be put between « »: « Texte alternatif »
    for ``alt``; a name no model has (a mistyped key), as written."""
    label = FIELD_LABELS.get(name)
    return french_typography(_capital(label)) if label else name


def key_hint(word: str, keys: list[str]) -> str:
    """« ; vouliez-vous dire « Catégorie » (`category`) ? » for ``categorie``, or ""."""
    guess = suggest(word, keys)
    return KEY_HINT.format(label=key_label(guess), key=guess) if guess else ""


def _segment(part: str) -> list[str]:
    """Labels of one dotted part: ``actions[0]`` → ``["bouton 1"]``, ``title`` → ``["titre"]``."""
    match = _SEGMENT.match(part)
    if not match:
        return [_quoted(part)]
    name = match.group("name")
    indexes = [int(i) + 1 for i in re.findall(r"[0-9]+", match.group("indexes"))]
    if not indexes:
        return [FIELD_LABELS.get(name) or _quoted(name)] if name else []
    rest = [f"{ELEMENT} {i}" for i in indexes[1:]]
    item = ITEM_LABELS.get(name)
    if item is None:
        head = (FIELD_LABELS.get(name) or _quoted(name)) if name else ELEMENT
        return [NUMBERED.format(name=head, n=indexes[0]), *rest]
    return [f"{item} {indexes[0]}", *rest]


def place(path: str) -> tuple[str | None, list[str]]:
    """The cell's label (None outside a cell) and the labels of the field's parts, each
    capitalised and typeset: ``{hero} actions[0].href`` → (« Bannière d’ouverture »,
    [« Bouton 1 », « Lien »])."""
    cell: str | None = None
    rest = path.strip(" ")
    if match := _CELL_PREFIX.match(rest):
        name = match.group(1)
        cell = CELL_LABELS.get(name) or UNKNOWN_CELL.format(name=_quoted(name))
        cell = french_typography(_capital(cell))
        rest = rest[match.end() :]
    parts: list[str] = []
    for part in rest.split(".") if rest else []:
        parts += _segment(part)
    return cell, [french_typography(_capital(p)) for p in parts]


def field_label(path: str) -> str:
    """« Carte mise en avant › Bouton 1 › Lien » for ``{card} actions[0].href``; "" for an
    empty path."""
    cell, parts = place(path)
    return SEPARATOR.join(([cell] if cell else []) + parts)


def label_tables() -> dict[str, Any]:
    """What the carnet needs to name a place as this module does."""
    return {
        "fields": FIELD_LABELS,
        "items": ITEM_LABELS,
        "cells": CELL_LABELS,
        "separator": SEPARATOR,
        "unknownCell": UNKNOWN_CELL,
        "element": ELEMENT,
        "numbered": NUMBERED,
        "keyHint": KEY_HINT,
    }
