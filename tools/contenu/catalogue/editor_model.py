"""``site/src/editor/generated/content-model.gen.json``: what the editor app (« Le carnet »)
needs beside the core's model (kinds, cells, schemas, messages: ``editor_data``): the path
and size rules of the pipeline (its local file API applies them), the templates of
``contenu new`` (the same text, with markers where the title, the date and an image go), the
French labels of fields and the kinds of field. Read from the models, never written by hand:
a new content type or field reaches the editor with ``contenu schema``.
"""

from __future__ import annotations

import datetime as dt
import json
from pathlib import Path
from typing import Any

from pydantic import BaseModel

from contenu.catalogue.kinds import file_kinds
from contenu.catalogue.scaffold import KINDS, Context
from contenu.catalogue.shapes import alias, field_shape
from contenu.images.image_check import MAX_FILE_BYTES, MAX_PIXELS, MAX_SVG_BYTES, MIME
from contenu.models import CELL_MODELS, COLLECTIONS, IMAGES_FOLDER, SINGLETON_FILES
from contenu.models.field_kinds import ADVANCED_KEYWORD, FIELD_KIND_KEYWORD, FIELD_KINDS
from contenu.pipeline.discover import _IMAGE_SUFFIXES
from contenu.pipeline.limits import MAX_MARKDOWN_BYTES, MAX_MARKDOWN_TEXT
from contenu.render import markdown
from contenu.report.labels import FIELD_LABELS, ITEM_LABELS

EDITOR_MODEL_PATH = Path("site/src/editor/generated/content-model.gen.json")

#: Markers the editor replaces in a template (a title no coach types, a date no one writes).
TITLE_MARK = "TITRE-A-REMPLACER"
DATE_MARK = dt.date(1901, 2, 3)
IMAGE_MARK = f"/{IMAGES_FOLDER}/IMAGE-A-REMPLACER"


class _MarkedContext(Context):
    """The scaffold's context with a marker where it would pick an existing image."""

    def image(self) -> str:
        return IMAGE_MARK


def _template(kind: str) -> str:
    return KINDS[kind].template(_MarkedContext(TITLE_MARK, DATE_MARK, Path("content"), True))


def _field_orders() -> dict[str, list[str]]:
    """The fields of every model in the order the model declares them (the JSON Schemas list
    them alphabetically), by model name (a schema's ``$defs`` key) and by schema key."""
    orders: dict[str, list[str]] = {}
    pending: list[tuple[str, type[BaseModel]]] = [(k.key, k.model) for k in file_kinds()]
    pending += [(f"cells/{name}", model) for name, model in CELL_MODELS.items()]
    seen: set[type[BaseModel]] = set()
    while pending:
        key, model = pending.pop()
        orders[key] = [alias(name, info) for name, info in model.model_fields.items()]
        if model in seen:
            continue
        seen.add(model)
        for info in model.model_fields.values():
            shape = field_shape(info)
            while shape.kind == "list" and shape.item is not None:
                shape = shape.item
            if shape.kind == "model" and shape.model is not None:
                pending.append((shape.model.__name__, shape.model))
    return dict(sorted(orders.items()))


def _sanitiser() -> dict[str, Any]:
    """The build's HTML allow-list (nh3 in ``render/markdown.py``), which the carnet's own
    sanitiser applies to every piece of HTML it draws, and where HTML is in a built cell."""
    html_fields: dict[str, list[list[str]]] = {"prose": [["html"]]}
    for collection in COLLECTIONS:
        html_fields[collection.cell] = [["entries", "*", collection.model.BODY_FIELD]]
    return {
        "tags": sorted(markdown.TAGS),
        "attributes": {tag: sorted(names) for tag, names in sorted(markdown.ATTRIBUTES.items())},
        "genericAttributes": sorted(markdown.GENERIC_ATTRIBUTES),
        "cleanContentTags": sorted(markdown.CLEAN_CONTENT_TAGS),
        "urlSchemes": sorted(markdown.URL_SCHEMES),
        "styleProperties": sorted(markdown.STYLE_PROPERTIES),
        "externalRel": markdown.EXTERNAL_REL,
        "htmlFields": dict(sorted(html_fields.items())),
        # The tags pyromark writes that need no sanitising (the text preview skips it as the
        # build does, site/src/editor/prose/render.ts).
        "plainTags": list(markdown.PLAIN_TAG_NAMES),
    }


def editor_model() -> dict[str, Any]:
    singles = [s.path for s in SINGLETON_FILES]
    folders = [k.folder for k in file_kinds() if k.folder]
    return {
        "markdownFolders": folders,
        "singleFiles": singles,
        "imagesFolder": IMAGES_FOLDER,
        "imageSuffixes": sorted(_IMAGE_SUFFIXES),
        "limits": {
            "markdownBytes": MAX_MARKDOWN_BYTES,
            "markdownText": MAX_MARKDOWN_TEXT,
            "imageBytes": MAX_FILE_BYTES,
            "svgBytes": MAX_SVG_BYTES,
            # Checked in the browser before an image is stored (the image picker).
            "imagePixels": MAX_PIXELS,
        },
        # The types ``contenu check`` publishes, by extension (the picker's own check).
        "imageTypes": MIME,
        "templates": {key: _template(key) for key in KINDS},
        "marks": {"title": TITLE_MARK, "date": DATE_MARK.isoformat(), "image": IMAGE_MARK},
        "fieldOrder": _field_orders(),
        "fieldLabels": FIELD_LABELS,
        # The kinds of field the models name (models/field_kinds.py), and the schemas'
        # keyword that names each property's: the carnet has one folder per kind.
        "fieldKinds": list(FIELD_KINDS),
        "fieldKindKeyword": FIELD_KIND_KEYWORD,
        "advancedKeyword": ADVANCED_KEYWORD,
        "itemLabels": ITEM_LABELS,
        "sanitiser": _sanitiser(),
    }


def generate_editor_model() -> str:
    return json.dumps(editor_model(), ensure_ascii=False, indent=1) + "\n"
