"""A ``FileResult`` as JSON and back, for the results cache (``result_cache.py``).

Plain JSON, never pickle: loading the cache runs no code it holds. The validated models are
stored as their JSON dump and validated again on the way back (Pydantic's validators are pure
and idempotent: French typography, normalised focus points…); ``exact`` checks that for each
result before it is stored, so a model that would not come back the same is never cached."""

from __future__ import annotations

import json
from typing import Any

from pydantic import BaseModel

from contenu.models import CELL_MODELS
from contenu.models.common import ContentModel
from contenu.pipeline.discover import Source
from contenu.pipeline.validate import CellResult, FileResult, Ref, model_for
from contenu.report.diagnostics import Diagnostic


def _dump(model: BaseModel | None) -> Any:
    if model is None:
        return None
    return model.model_dump(mode="json", by_alias=True, exclude_unset=True)


def _ref(ref: Ref) -> list[Any]:
    return [ref.url, ref.line, ref.column, ref.field, ref.source_line]


def encode(result: FileResult) -> bytes:
    """The JSON of ``result`` without its source (the file it was made from)."""
    data = {
        "model": _dump(result.model),
        "cells": [[c.name, c.line, _dump(c.model), c.html] for c in result.cells],
        "body": result.body_html,
        "words": result.words,
        "anchors": result.anchors,
        "refs": [_ref(r) for r in result.refs],
        "items": [[name, _ref(r)] for name, r in result.items],
        "components": result.components,
        "variables": result.variables,
        "diagnostics": [
            [d.path, d.line, d.column, d.field, d.message, d.severity, d.source]
            for d in result.diagnostics
        ],
        "positions": [[list(loc), list(at)] for loc, at in result.positions.items()],
        "lines": result.lines,
    }
    return json.dumps(data, ensure_ascii=False, separators=(",", ":")).encode()


def _model(kind: type[BaseModel] | None, data: Any) -> BaseModel | None:
    if data is None:
        return None
    if kind is None:
        raise ValueError("a model for a file or cell that has none")
    return kind.model_validate(data)


def decode(blob: bytes, source: Source) -> FileResult:
    """The ``FileResult`` of ``source`` that ``encode`` wrote; raises on anything malformed."""
    data = json.loads(blob)
    model = _model(model_for(source), data["model"])
    if model is not None and not isinstance(model, ContentModel):
        raise TypeError("not a content model")
    cells = [
        CellResult(name, line, _model(CELL_MODELS.get(name) if name else None, cell), html)
        for name, line, cell, html in data["cells"]
    ]
    return FileResult(
        source=source,
        model=model,
        cells=cells,
        body_html=data["body"],
        words=data["words"],
        anchors=data["anchors"],
        refs=[Ref(*r) for r in data["refs"]],
        items=[(name, Ref(*r)) for name, r in data["items"]],
        components=data["components"],
        variables=data["variables"],
        diagnostics=[Diagnostic(*d) for d in data["diagnostics"]],
        positions={tuple(loc): (at[0], at[1]) for loc, at in data["positions"]},
        lines=data["lines"],
    )


def exact(blob: bytes, result: FileResult) -> bool:
    """Whether ``blob`` brings ``result`` back exactly (models, diagnostics and all)."""
    try:
        back = decode(blob, result.source)
    except Exception:
        return False
    same_types = type(back.model) is type(result.model) and all(
        type(a.model) is type(b.model) for a, b in zip(back.cells, result.cells, strict=False)
    )
    sources = [d.source for d in back.diagnostics] == [d.source for d in result.diagnostics]
    return same_types and sources and back == result
