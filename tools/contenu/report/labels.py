"""French labels of the fields a diagnostic points at, for the titles of GitHub annotations
and the job summary: ``{card} actions[0].href`` reads « Carte → bouton 1 → lien ».

A field's label is the ``title`` its model gives it, so adding a field is one change in one
model (a test fails when a field has none); a name found in no model (a key the coach
mistyped) is shown as written, between « ».
"""

from __future__ import annotations

import re

from contenu.models import CELL_MODELS, ROOT_MODELS
from contenu.models.walk import reachable_models
from contenu.text.typography import french_typography

#: Label of each cell, by fence name: the name each cell model declares (models/).
CELL_LABELS: dict[str, str] = {name: model.LABEL for name, model in CELL_MODELS.items()}

#: What one element of a list field is called: ``actions[0]`` is « bouton 1 ».
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

_CELL_PREFIX = re.compile(r"^\{([^{}]*)\}\s*")
_SEGMENT = re.compile(r"^(?P<name>[^\[\]]*)(?P<indexes>(?:\[\d+\])*)$")


def _quoted(raw: str) -> str:
    return f"« {raw} »"


def _segment(part: str) -> list[str]:
    """Labels of one dotted part: ``actions[0]`` → ``["bouton 1"]``, ``title`` → ``["titre"]``."""
    match = _SEGMENT.match(part)
    if not match:
        return [_quoted(part)]
    name = match.group("name")
    indexes = [int(i) + 1 for i in re.findall(r"\d+", match.group("indexes"))]
    if not indexes:
        return [FIELD_LABELS.get(name) or _quoted(name)] if name else []
    item = ITEM_LABELS.get(name)
    if item is None:
        head = (FIELD_LABELS.get(name) or _quoted(name)) if name else "élément"
        return [f"{head} n° {indexes[0]}", *(f"élément {i}" for i in indexes[1:])]
    return [f"{item} {indexes[0]}", *(f"élément {i}" for i in indexes[1:])]


def field_label(path: str) -> str:
    """« Carte → bouton 1 → lien » for ``{card} actions[0].href``; "" for an empty path."""
    parts: list[str] = []
    rest = path.strip()
    if cell := _CELL_PREFIX.match(rest):
        name = cell.group(1)
        parts.append(CELL_LABELS.get(name) or f"cellule {_quoted(name)}")
        rest = rest[cell.end() :]
    for part in rest.split(".") if rest else []:
        parts += _segment(part)
    if not parts:
        return ""
    text = " → ".join(parts)
    return french_typography(text[0].upper() + text[1:])
