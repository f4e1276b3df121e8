"""What each field of a model is edited with in the carnet (``site/src/editor/fields/<kind>/``).

A field's kind is named by its model, never guessed from its help or its key: the types that
need their own widget carry their kind (``Href`` a link, ``Paragraph`` a text area, ``Image``
the image picker), and the plain types are named by what they are (a ``Literal`` a choice, a
``date`` a date…). ``contenu schema`` writes the kind of every property of ``schema/*.json``
under :data:`FIELD_KIND_KEYWORD` (``codegen/schemas.py``); editors that do not know the
keyword ignore it, as JSON Schema allows.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any, Literal, get_args

from pydantic import Field
from pydantic.fields import FieldInfo

#: Every kind a model may name; the carnet has one folder per kind (a test checks both sides).
FieldKind = Literal[
    "text", "multiline", "link", "date", "number", "boolean", "choice", "image", "object", "list",
    "category", "icon",
]  # fmt: skip
FIELD_KINDS: tuple[str, ...] = get_args(FieldKind)

#: The JSON Schema keyword that carries a property's kind.
FIELD_KIND_KEYWORD = "x-field"


#: The JSON Schema keyword that marks a technical field (a pixel event, an anchor, the
#: search engines' instruction): the carnet folds such fields under « Réglages avancés ».
ADVANCED_KEYWORD = "x-advanced"


def advanced() -> dict[str, Any]:
    """A technical field's mark, for its ``Field``'s ``json_schema_extra``."""
    return {ADVANCED_KEYWORD: True}


def field_kind(kind: FieldKind) -> Any:
    """The marker that names a type's kind, for ``Annotated[...]``: ``Field`` metadata the
    JSON Schema of every field of that type carries."""
    return Field(json_schema_extra={FIELD_KIND_KEYWORD: kind})


def model_kind(kind: FieldKind) -> dict[str, Any]:
    """A model's kind, for its ``model_config``'s ``json_schema_extra``."""
    return {FIELD_KIND_KEYWORD: kind}


def declared_kind(metadata: Iterable[Any]) -> str | None:
    """The kind named by ``Field`` metadata (an alias's markers, a field's own ``Field``)."""
    for item in metadata:
        if isinstance(item, FieldInfo):
            extra = item.json_schema_extra
            if isinstance(extra, dict) and isinstance(extra.get(FIELD_KIND_KEYWORD), str):
                return str(extra[FIELD_KIND_KEYWORD])
            found = declared_kind(item.metadata)
            if found is not None:
                return found
    return None
