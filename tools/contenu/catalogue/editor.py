"""The Front Matter CMS configuration (``frontmatter.json``), read from the models: VS Code
offers the fields of each folder, with their French help, and one snippet per cell. A test
compares the committed file with what this module renders."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from pydantic import BaseModel
from pydantic.fields import FieldInfo

from contenu.catalogue.examples import cell_block
from contenu.catalogue.kinds import file_kinds
from contenu.catalogue.shapes import Shape, alias, field_shape
from contenu.models import CELL_MODELS, SINGLETON_FILES
from contenu.pipeline.writer import write_file

FRONTMATTER_CONFIG_PATH = Path("frontmatter.json")

_LIST_OF_OBJECTS_HELP = (
    "Liste d’objets : à modifier directement dans l’en-tête du fichier "
    "(voir docs/guide/catalogue.md)."
)


def _fm_field(name: str, info: FieldInfo) -> dict[str, Any]:
    key = alias(name, info)
    result: dict[str, Any] = {"title": key, "name": key}
    result.update(_fm_type(key, field_shape(info)))
    if info.description:
        result["description"] = info.description
    if info.is_required():
        result["required"] = True
    elif (
        info.default_factory is None
        and info.default is not None
        and isinstance(info.default, str | int | float | bool)
        and result["type"] != "heading"
    ):
        result["default"] = info.default
    return result


def _choices(shape: Shape) -> list[Any]:
    """Front Matter's choices: each value with its French name (``models/options.py``)."""
    labels = shape.labels or tuple(map(str, shape.choices))
    return [
        {"id": value, "title": label} if label != str(value) else value
        for value, label in zip(shape.choices, labels, strict=True)
    ]


def _fm_type(key: str, shape: Shape) -> dict[str, Any]:
    kind = shape.kind
    if kind == "model":
        assert shape.model is not None
        return {"type": "fields", "fields": _fm_fields(shape.model)}
    if kind == "list":
        assert shape.item is not None
        if shape.item.kind == "model":
            return {"type": "heading", "description": _LIST_OF_OBJECTS_HELP}
        if shape.item.kind == "choice":
            return {"type": "choice", "multiple": True, "choices": _choices(shape.item)}
        return {"type": "list"}
    if kind == "choice":
        return {"type": "choice", "choices": _choices(shape)}
    if kind == "bool":
        return {"type": "draft"} if key == "draft" else {"type": "boolean"}
    if kind in ("int", "float"):
        options: dict[str, Any] = {}
        if shape.ge is not None:
            options["min"] = shape.ge
        if shape.le is not None:
            options["max"] = shape.le
        if kind == "float":
            options["isDecimal"] = True
        return {"type": "number", **({"numberOptions": options} if options else {})}
    if kind == "date":
        result: dict[str, Any] = {"type": "datetime", "dateFormat": "yyyy-MM-dd"}
        if key == "date":
            result["isPublishDate"] = True
        return result
    if kind == "image":
        return {"type": "image"}
    single = not shape.multiline and (shape.max_length is None or shape.max_length <= 120)
    return {"type": "string", "single": single}


def _fm_fields(model: type[BaseModel], skip: str | None = None) -> list[dict[str, Any]]:
    return [_fm_field(name, info) for name, info in model.model_fields.items() if name != skip]


def _fm_snippet(name: str) -> dict[str, Any]:
    return {
        "description": f"Cellule {{{name}}} : {CELL_MODELS[name].LABEL}",
        "body": cell_block(name).rstrip("\n").split("\n"),
        "fields": [],
    }


#: The dev server (Vite's default port) and where each kind of file shows up on it.
PREVIEW_HOST = "http://localhost:5173"


def frontmatter_config() -> dict[str, Any]:
    kinds = file_kinds()
    folders: list[dict[str, Any]] = []
    for kind in kinds:
        if kind.folder is None or kind.folder_title is None:
            continue
        folders.append(
            {
                "title": kind.folder_title,
                "path": f"[[workspace]]/content/{kind.folder}",
                "filePrefix": "",
                "contentTypes": [kind.key],
            }
        )
    singleton_folders = sorted({str(Path(s.path).parent) for s in SINGLETON_FILES})
    for folder in singleton_folders:
        folders.append(
            {
                "title": "Réglages",
                "path": f"[[workspace]]/content/{folder}",
                "filePrefix": "",
                "contentTypes": [k.key for k in kinds if k.folder is None],
                "disableCreation": True,
            }
        )
    content_types = [
        {
            "name": kind.key,
            "pageBundle": False,
            "previewPath": kind.preview_path,
            "fileType": "md",
            "clearEmpty": True,
            "fields": _fm_fields(kind.model, skip=kind.body_field),
        }
        for kind in kinds
    ]
    return {
        "$schema": "https://frontmatter.codes/frontmatter.schema.json",
        "frontMatter.framework.id": "other",
        "frontMatter.preview.host": PREVIEW_HOST,
        "frontMatter.panel.openOnSupportedFile": True,
        "frontMatter.content.fmHighlight": True,
        "frontMatter.content.publicFolder": "content",
        "frontMatter.content.draftField": {"name": "draft", "type": "boolean"},
        "frontMatter.taxonomy.dateFormat": "yyyy-MM-dd",
        "frontMatter.content.pageFolders": folders,
        "frontMatter.taxonomy.contentTypes": content_types,
        "frontMatter.content.snippets": {
            f"Cellule {{{name}}}": _fm_snippet(name) for name in CELL_MODELS
        },
    }


def render_frontmatter_config() -> str:
    """``frontmatter.json``: Front Matter CMS folders, content types and cell snippets."""
    return json.dumps(frontmatter_config(), ensure_ascii=False, indent=2) + "\n"


def write_frontmatter_config(path: Path | str = FRONTMATTER_CONFIG_PATH) -> Path:
    """Write the Front Matter CMS configuration (``frontmatter.json`` by default)."""
    write_file(Path(path), render_frontmatter_config().encode("utf-8"))
    return Path(path)
