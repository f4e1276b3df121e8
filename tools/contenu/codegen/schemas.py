"""JSON Schemas of the content types, for editors (frontmatter completion and help).

Written to ``schema/<kind>.schema.gen.json`` and ``schema/cells/<name>.schema.gen.json``. The body
field of an entry is left out: it is written under the frontmatter, not in it.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from pydantic import BaseModel

from contenu.models import CELL_MODELS, COLLECTIONS, SINGLETON_FILES, Article, Page

SCHEMA_DIALECT = "https://json-schema.org/draft/2020-12/schema"
#: Where the schemas are written, from the repository root, and how each file's name ends.
SCHEMA_FOLDER = Path("schema")
SCHEMA_SUFFIX = ".schema.gen.json"


def _schema(model: type[BaseModel], title: str, drop: str | None = None) -> dict[str, Any]:
    schema = model.model_json_schema(by_alias=True, mode="validation")
    if drop:
        schema.get("properties", {}).pop(drop, None)
        if drop in schema.get("required", []):
            schema["required"].remove(drop)
    schema["$schema"] = SCHEMA_DIALECT
    schema["title"] = title
    return schema


def content_schemas() -> dict[str, dict[str, Any]]:
    """Path inside ``schema/`` → JSON Schema."""
    out: dict[str, dict[str, Any]] = {
        f"page{SCHEMA_SUFFIX}": _schema(Page, "Page (content/pages/*.md)"),
        f"article{SCHEMA_SUFFIX}": _schema(Article, "Article (content/articles/*.md)"),
    }
    for singleton in SINGLETON_FILES:
        out[f"{singleton.kind}{SCHEMA_SUFFIX}"] = _schema(
            singleton.model, f"Réglages (content/{singleton.path})"
        )
    for collection in COLLECTIONS:
        out[f"{collection.kind}{SCHEMA_SUFFIX}"] = _schema(
            collection.model,
            f"{collection.label.capitalize()} (content/{collection.folder}/*.md)",
            drop=collection.model.BODY_FIELD,
        )
    for name, cell in CELL_MODELS.items():
        out[f"cells/{name}{SCHEMA_SUFFIX}"] = _schema(cell, f"Cellule {{{name}}} : {cell.LABEL}")
    return out


def schema_files() -> dict[str, bytes]:
    return {
        path: (json.dumps(schema, ensure_ascii=False, indent=2, sort_keys=True) + "\n").encode()
        for path, schema in content_schemas().items()
    }
