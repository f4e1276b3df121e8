"""The models a content file can hold and every model nested in their fields: what the
labels, the editor's rules and their tests walk, walked one way."""

from __future__ import annotations

import typing
from collections.abc import Iterable
from typing import Any

from pydantic import BaseModel


def models_in(annotation: Any) -> list[type[BaseModel]]:
    """The Pydantic models inside an annotation (``list[Link] | None`` → ``[Link]``)."""
    if isinstance(annotation, type) and issubclass(annotation, BaseModel):
        return [annotation]
    return [m for arg in typing.get_args(annotation) for m in models_in(arg)]


def reachable_models(roots: Iterable[type[BaseModel]]) -> list[type[BaseModel]]:
    """``roots`` and every model their fields hold, at any depth, each once. The order is
    fixed (depth first, the last root first): where two models give one field name two
    titles, the first one met wins, always the same."""
    found: list[type[BaseModel]] = []
    seen: set[type[BaseModel]] = set()
    todo = list(roots)
    while todo:
        model = todo.pop()
        if model in seen:
            continue
        seen.add(model)
        found.append(model)
        for info in model.model_fields.values():
            todo += models_in(info.annotation)
    return found
