"""JSON Schemas of the content types, for editors (frontmatter completion and help).

Written to ``schema/<kind>.schema.json`` and ``schema/cells/<name>.schema.json``. The body
field of an entry is left out: it is written under the frontmatter, not in it.
"""

from __future__ import annotations

import json
from typing import Any

from pydantic import BaseModel

from contenu.models import COLLECTIONS, SINGLETONS, Article, Page
from contenu.models.cells import CELL_MODELS
from contenu.scaffold import KINDS

SCHEMA_DIALECT = "https://json-schema.org/draft/2020-12/schema"


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
        "page.schema.json": _schema(Page, "Page (content/pages/*.md)"),
        "article.schema.json": _schema(Article, "Article (content/articles/*.md)"),
    }
    for rel, model in SINGLETONS.items():
        name = rel.split("/")[-1].removesuffix(".md")
        key = "reglages" if name == "site" else name
        out[f"{key}.schema.json"] = _schema(model, f"Réglages (content/{rel})")
    by_folder = {kind.folder: kind.name for kind in KINDS.values() if kind.folder}
    for collection in COLLECTIONS:
        kind = by_folder[collection.folder]
        out[f"{kind}.schema.json"] = _schema(
            collection.model,
            f"{collection.label.capitalize()} (content/{collection.folder}/*.md)",
            drop=collection.model.BODY_FIELD,
        )
    for name, cell in CELL_MODELS.items():
        out[f"cells/{name}.schema.json"] = _schema(cell, f"Cellule {{{name}}}")
    return out


def schema_files() -> dict[str, bytes]:
    return {
        path: (json.dumps(schema, ensure_ascii=False, indent=2, sort_keys=True) + "\n").encode()
        for path, schema in content_schemas().items()
    }
