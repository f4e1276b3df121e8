"""Model reflection: what a field of a content model accepts, read from its annotation and
its Pydantic metadata, in terms the catalogue, the editor configuration and ``contenu new``
can turn into French descriptions, editor widgets and example values."""

from __future__ import annotations

import datetime as dt
import types
import typing
from collections.abc import Iterator
from dataclasses import dataclass, field, replace
from typing import Annotated, Any, Literal, Union, get_args, get_origin

import annotated_types
from pydantic import BaseModel, EmailStr, HttpUrl
from pydantic.fields import FieldInfo

from contenu.models.common import EntryId, Href, ImagePath
from contenu.models.field_kinds import declared_kind
from contenu.models.options import labels_in
from contenu.models.theme import HexColor

#: What a scalar field holds: each kind has a French name (guide.py) and an example value
#: (examples.py); a test fails when one is missing.
ScalarKind = Literal[
    "text", "link", "image", "entry-id", "color", "email", "url", "int", "float", "bool", "date"
]
#: What any field holds: "model", "list" and "choice" have sub-shapes.
ShapeKind = Literal["model", "list", "choice"] | ScalarKind


def _validators(alias: Any) -> frozenset[Any]:
    """The AfterValidator functions of an ``Annotated`` alias: they identify the alias."""
    return frozenset(getattr(m, "func", None) for m in _flatten(get_args(alias)[1:])) - {None}


def _pattern(alias: Any) -> str | None:
    return next(
        (m.pattern for m in _flatten(get_args(alias)[1:]) if getattr(m, "pattern", None)), None
    )


def _flatten(metadata: typing.Iterable[Any]) -> Iterator[Any]:
    for item in metadata:
        if isinstance(item, FieldInfo):
            yield from _flatten(item.metadata)
        else:
            yield item


_HREF_VALIDATORS = _validators(Href)
_IMAGE_VALIDATORS = _validators(ImagePath)
_ENTRY_ID_PATTERN = _pattern(EntryId)
_HEX_COLOR_PATTERN = _pattern(HexColor)


@dataclass(frozen=True)
class Shape:
    """What a field accepts, in terms a coach understands."""

    kind: ShapeKind
    optional: bool = False
    choices: tuple[Any, ...] = ()
    #: The French name of each choice (``models/options.py``), in the order of ``choices``.
    labels: tuple[str, ...] = ()
    item: Shape | None = None
    model: type[BaseModel] | None = None
    min_length: int | None = None
    max_length: int | None = None
    ge: float | None = None
    le: float | None = None
    pattern: str | None = None
    validators: frozenset[Any] = field(default_factory=frozenset)
    #: Text written over several lines (``Paragraph``).
    multiline: bool = False


def shape_of(annotation: Any, metadata: typing.Iterable[Any] = ()) -> Shape:
    """Analyse a field annotation (with its pydantic metadata) into a :class:`Shape`."""
    meta = list(metadata)
    optional = False
    tp = annotation
    while True:
        origin = get_origin(tp)
        if origin is Annotated:
            tp, *extra = get_args(tp)
            meta.extend(extra)
        elif origin in (Union, types.UnionType):
            args = [a for a in get_args(tp) if a is not type(None)]
            if len(args) != 1:
                raise TypeError(f"union not supported by the catalogue: {tp!r}")
            optional = True
            tp = args[0]
        else:
            break
    flat = list(_flatten(meta))
    constraints: dict[str, Any] = {}
    for m in flat:
        if isinstance(m, annotated_types.MinLen):
            constraints["min_length"] = m.min_length
        elif isinstance(m, annotated_types.MaxLen):
            constraints["max_length"] = m.max_length
        elif isinstance(m, annotated_types.Ge):
            constraints["ge"] = m.ge
        elif isinstance(m, annotated_types.Le):
            constraints["le"] = m.le
        elif getattr(m, "pattern", None):
            constraints["pattern"] = m.pattern
    funcs = frozenset(getattr(m, "func", None) for m in flat) - {None}
    origin = get_origin(tp)
    if origin is Literal:
        named = labels_in(meta)
        choices = get_args(tp)
        labels = tuple(named.get(str(c), str(c)) for c in choices)
        return Shape("choice", optional, choices=choices, labels=labels, **constraints)
    if origin is list:
        (item,) = get_args(tp)
        return Shape("list", optional, item=shape_of(item), **constraints)
    if isinstance(tp, type) and issubclass(tp, BaseModel):
        return Shape("model", optional, model=tp)
    kind: ScalarKind
    if tp is bool:
        kind = "bool"
    elif tp is int:
        kind = "int"
    elif tp is float:
        kind = "float"
    elif tp is dt.date:
        kind = "date"
    elif tp is EmailStr:
        kind = "email"
    elif tp is HttpUrl:
        kind = "url"
    elif tp is str:
        if funcs & _HREF_VALIDATORS:
            kind = "link"
        elif funcs & _IMAGE_VALIDATORS:
            kind = "image"
        elif constraints.get("pattern") == _ENTRY_ID_PATTERN:
            kind = "entry-id"
        elif constraints.get("pattern") == _HEX_COLOR_PATTERN:
            kind = "color"
        else:
            kind = "text"
    else:
        raise TypeError(f"type not supported by the catalogue: {tp!r}")
    multiline = declared_kind(meta) == "multiline"
    return Shape(kind, optional, validators=funcs, multiline=multiline, **constraints)


def field_shape(info: FieldInfo) -> Shape:
    # The field's own FieldInfo too: Pydantic merges an ``Annotated`` type's ``Field``
    # markers (the names of its choices, a kind) into it.
    shape = shape_of(info.annotation, [*info.metadata, info])
    return replace(shape, multiline=True) if declared_kind([info]) == "multiline" else shape


def alias(name: str, info: FieldInfo) -> str:
    """The key as a coach writes it in YAML."""
    return info.alias or name


def nested_models(roots: typing.Iterable[type[BaseModel]]) -> list[type[BaseModel]]:
    """Every object model reachable from ``roots`` (not the roots themselves), in order."""
    seen: list[type[BaseModel]] = []
    root_list = list(roots)

    def visit(shape: Shape) -> None:
        if shape.kind == "list" and shape.item is not None:
            visit(shape.item)
        elif (
            shape.kind == "model"
            and shape.model is not None
            and shape.model not in seen
            and shape.model not in root_list
        ):
            seen.append(shape.model)
            walk(shape.model)

    def walk(model: type[BaseModel]) -> None:
        for info in model.model_fields.values():
            visit(field_shape(info))

    for root in root_list:
        walk(root)
    return seen
