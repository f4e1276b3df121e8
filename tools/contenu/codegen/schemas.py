"""JSON Schemas of the content types, for editors (frontmatter completion and help).

Written to ``schema/<kind>.schema.gen.json`` and ``schema/cells/<name>.schema.gen.json``. The body
field of an entry is left out: it is written under the frontmatter, not in it. Every
property, and every list's item, names the kind of field the carnet edits it with
(``models/field_kinds.py``).
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from pydantic import BaseModel

from contenu.models import CELL_MODELS, COLLECTIONS, SINGLETON_FILES, Article, Page
from contenu.models.field_kinds import FIELD_KIND_KEYWORD, FIELD_KINDS

SCHEMA_DIALECT = "https://json-schema.org/draft/2020-12/schema"
#: Where the schemas are written, from the repository root, and how each file's name ends.
SCHEMA_FOLDER = Path("schema")
SCHEMA_SUFFIX = ".schema.gen.json"


#: The kind of a type that names none, by its JSON Schema type.
_PLAIN_KINDS = {
    "string": "text",
    "integer": "number",
    "number": "number",
    "boolean": "boolean",
    "array": "list",
    "object": "object",
}


def _kind_of(node: dict[str, Any], defs: dict[str, Any]) -> str:
    """The kind a property's type names (``Href`` → link), else what its type is."""
    if FIELD_KIND_KEYWORD in node:
        named = str(node[FIELD_KIND_KEYWORD])
        if named not in FIELD_KINDS:
            raise TypeError(f"unknown field kind {named!r}: one of {', '.join(FIELD_KINDS)}")
        return named
    options = [o for o in node.get("anyOf", []) if o.get("type") != "null"]
    if len(options) == 1:  # an optional field: the kind of its value
        return _kind_of(options[0], defs)
    if "$ref" in node:
        return _kind_of(defs[str(node["$ref"]).rsplit("/", 1)[-1]], defs)
    if "enum" in node or "const" in node:
        return "choice"
    if node.get("type") == "string" and node.get("format") == "date":
        return "date"
    kind = _PLAIN_KINDS.get(str(node.get("type")))
    if kind is None:
        raise TypeError(f"no field kind for the JSON Schema {node!r}")
    return kind


def name_field_kinds(schema: dict[str, Any]) -> None:
    """Write the kind of every property (and of every list's item) into ``schema``."""
    defs: dict[str, Any] = schema.get("$defs", {})
    for owner in [schema, *defs.values()]:
        for prop in owner.get("properties", {}).values():
            prop[FIELD_KIND_KEYWORD] = _kind_of(prop, defs)
            value = next((o for o in prop.get("anyOf", []) if o.get("type") != "null"), prop)
            if "items" in value:
                value["items"][FIELD_KIND_KEYWORD] = _kind_of(value["items"], defs)


def _schema(model: type[BaseModel], title: str, drop: str | None = None) -> dict[str, Any]:
    schema = model.model_json_schema(by_alias=True, mode="validation")
    if drop:
        schema.get("properties", {}).pop(drop, None)
        if drop in schema.get("required", []):
            schema["required"].remove(drop)
    name_field_kinds(schema)
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
