"""The lengths a field's help recommends (``contenu.rules.Length``, a page's title and
description), checked on a file whose model is valid: outside it, a warning with the count
at the field. The carnet applies the same records (site/src/editor/emulated/pydantic.ts)."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

from pydantic import BaseModel

from contenu.models.walk import models_in
from contenu.rules import lengths

Loc = tuple[str | int, ...]


def advice(model: type[BaseModel], data: Any, loc: Loc = ()) -> Iterator[tuple[Loc, str]]:
    """Each field of ``data`` (valid for ``model``) outside its recommended length: where
    it is and the French warning. ``data`` is the block as written, its variables not
    replaced: the count is what the coach sees in the field (docs/decisions.md)."""
    if not isinstance(data, dict):
        return
    for name, info in model.model_fields.items():
        key = info.alias or name
        if key not in data:
            continue
        value = data[key]
        if isinstance(value, str):
            for length in lengths(info.metadata):
                problem = length.problem(value)
                if problem is not None:
                    yield (*loc, key), problem
        for nested in models_in(info.annotation):
            items = value if isinstance(value, list) else [value]
            for index, item in enumerate(items):
                at = (*loc, key, index) if isinstance(value, list) else (*loc, key)
                yield from advice(nested, item, at)
