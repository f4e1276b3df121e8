"""What the browser editor (``site/src/editor/``) knows about the content model, generated
from the models so that adding a field, a cell type or a collection changes the editor with
no editor change: the kinds of file and their folders, the cell types with their French name,
one-line summary and example, and the JSON Schemas its forms and its validator read.

The messages the validator shows come from :mod:`contenu.catalogue.editor_messages`, written
to the same file, so the editor and ``contenu check`` say the same words.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from pydantic import BaseModel

from contenu.catalogue.editor_limits import limit_model
from contenu.catalogue.editor_messages import message_catalogue
from contenu.catalogue.editor_rules import rules_export
from contenu.catalogue.examples import example_data, start_data
from contenu.catalogue.kinds import file_kinds
from contenu.catalogue.yaml_text import to_yaml
from contenu.codegen.schemas import SCHEMA_SUFFIX, content_schemas
from contenu.models import (
    ARTICLES_FOLDER,
    CELL_MODELS,
    COLLECTIONS,
    IMAGES_FOLDER,
    PAGES_FOLDER,
    SINGLETON_FILES,
    Article,
    Page,
)
from contenu.models.cells import EVERY_PLACE, place_problem
from contenu.models.paths import NOT_FOUND_PAGE
from contenu.report.labels import label_tables
from contenu.text.typography import french_typography

#: Where the data is written, from the repository root.
EDITOR_DATA_PATH = Path("site/src/editor/core/generated/model.gen.json")


def _cell_summary(name: str) -> str:
    model = CELL_MODELS[name]
    summary = getattr(model, "SUMMARY", "")
    if summary:
        return french_typography(summary)
    collection = next((c for c in COLLECTIONS if c.cell == name), None)
    if collection is not None:
        return french_typography(
            f"Montre les fichiers de content/{collection.folder}/ ({collection.title}), "
            "tous ou seulement ceux listés dans « items »."
        )
    return french_typography(model.LABEL)


def cell_types() -> list[dict[str, Any]]:
    """Every cell type a coach may insert, in the catalogue's order."""
    collection_of = {c.cell: c.folder for c in COLLECTIONS}
    return [
        {
            "name": name,
            "label": french_typography(model.LABEL),
            "summary": _cell_summary(name),
            "example": to_yaml(example_data(model)),
            # What « Ajouter une cellule » writes: nothing the coach must choose (a link, an
            # image) is made up.
            "start": to_yaml(start_data(model)),
            "schema": f"cells/{name}",
            "collection": collection_of.get(name),
            # The documents it goes in, and what `contenu check` says of it anywhere else.
            "places": sorted(model.PLACES),
            "misplaced": {
                place: message
                for place in sorted(EVERY_PLACE)
                if (message := place_problem(model, place)) is not None
            },
        }
        for name, model in CELL_MODELS.items()
    ]


def kinds() -> list[dict[str, Any]]:
    """Every kind of file: where it lives, its French title, its schema and example."""
    singleton_paths = {s.kind: s.path for s in SINGLETON_FILES}
    return [
        {
            "key": kind.key,
            "title": french_typography(kind.title),
            "folder": kind.folder,
            "folderTitle": kind.folder_title and french_typography(kind.folder_title),
            "path": singleton_paths.get(kind.key),
            "bodyField": kind.body_field,
            "cells": kind.folder in {PAGES_FOLDER, ARTICLES_FOLDER},
            "schema": kind.key,
            "example": kind.example,
        }
        for kind in file_kinds()
    ]


def root_models() -> dict[str, type[BaseModel]]:
    """Key of each JSON Schema in ``schemas`` → the model it was made from."""
    roots: dict[str, type[BaseModel]] = {"page": Page, "article": Article}
    roots.update({s.kind: s.model for s in SINGLETON_FILES})
    roots.update({c.kind: c.model for c in COLLECTIONS})
    roots.update({f"cells/{name}": model for name, model in CELL_MODELS.items()})
    return roots


def editor_data() -> dict[str, Any]:
    roots = root_models()
    schemas = {path.removesuffix(SCHEMA_SUFFIX): s for path, s in content_schemas().items()}
    return {
        "folders": {"pages": PAGES_FOLDER, "articles": ARTICLES_FOLDER, "images": IMAGES_FOLDER},
        # The page of pages/ shown for an address the site does not serve (its own place).
        "notFoundPage": NOT_FOUND_PAGE,
        "kinds": kinds(),
        "cells": cell_types(),
        "schemas": schemas,
        "models": {key: model.__name__ for key, model in roots.items()},
        "rules": rules_export(list(roots.values())),
        "messages": message_catalogue(),
        # Every limit of limits.py and contenu check's words for it (editor_limits.py).
        "limits": limit_model(),
        # How a place is named in French (« Bannière d’ouverture › Bouton 1 › Lien »), as
        # contenu check names it (report/labels.py).
        "labels": label_tables(),
    }


def render_editor_data() -> str:
    return json.dumps(editor_data(), ensure_ascii=False, indent=1, sort_keys=True) + "\n"
