"""A ``FileResult`` as JSON and back, for the results cache (``result_cache.py``).

Plain JSON, never pickle: loading the cache runs no code it holds. The validated models are
stored as their JSON dump and validated again on the way back (Pydantic's validators are pure
and idempotent: French typography, normalised focus points…), and a diagnostic's message is
typeset again when it is made. ``encode`` checks both before anything is stored: a result
whose models or messages would not come back the same is never cached. Everything else is
text, whole numbers and lists, which JSON and UTF-8 give back exactly."""

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


def _diagnostic(d: Diagnostic) -> list[Any]:
    return [d.path, d.line, d.column, d.field, d.message, d.severity, d.source]


class NotExactError(ValueError):
    """A result that would not come back exactly from its JSON."""


def _checked(kind: type[BaseModel] | None, model: BaseModel | None) -> Any:
    """The dump of ``model``, once validated again into the same model (else ``NotExactError``)."""
    data = _dump(model)
    back = _model(kind, data)
    if type(back) is not type(model) or back != model:
        raise NotExactError(f"{type(model).__name__} does not come back from its JSON")
    return data


def encode(result: FileResult) -> bytes:
    """``result`` without its source (the file it was made from): the length of a JSON head,
    the head, then the rendered HTML (the bulk) as UTF-8 bytes, whose lengths the head lists:
    HTML, full of quotes, is four times slower to escape into JSON and to read back. Raises
    ``NotExactError`` (or a ``UnicodeError``) for a result ``decode`` would not give back."""
    if any(Diagnostic(*_diagnostic(d)).message != d.message for d in result.diagnostics):
        raise NotExactError("a message changes when typeset again")
    texts = [c.html.encode() for c in result.cells] + [result.body_html.encode()]
    head = {
        "model": _checked(model_for(result.source), result.model),
        "cells": [
            [c.name, c.line, _checked(CELL_MODELS.get(c.name) if c.name else None, c.model)]
            for c in result.cells
        ],
        "texts": [len(t) for t in texts],
        "words": result.words,
        "anchors": result.anchors,
        "refs": [_ref(r) for r in result.refs],
        "items": [[name, _ref(r)] for name, r in result.items],
        "components": result.components,
        "variables": result.variables,
        "diagnostics": [_diagnostic(d) for d in result.diagnostics],
        "positions": [[list(loc), list(at)] for loc, at in result.positions.items()],
        "lines": result.lines,
    }
    data = json.dumps(head, ensure_ascii=False, separators=(",", ":")).encode()
    return b"".join([str(len(data)).encode(), b"\n", data, *texts])


def _model(kind: type[BaseModel] | None, data: Any) -> BaseModel | None:
    if data is None:
        return None
    if kind is None:
        raise ValueError("a model for a file or cell that has none")
    return kind.model_validate(data)


def decode(blob: bytes, source: Source) -> FileResult:
    """The ``FileResult`` of ``source`` that ``encode`` wrote; raises on anything malformed."""
    size, _, rest = blob.partition(b"\n")
    end = int(size)
    head = json.loads(rest[:end])
    texts = []
    for length in head["texts"]:
        if not isinstance(length, int) or length < 0 or end + length > len(rest):
            raise ValueError("truncated")
        texts.append(rest[end : end + length].decode())
        end += length
    if end != len(rest) or len(texts) != len(head["cells"]) + 1:
        raise ValueError("not the texts of these cells")
    model = _model(model_for(source), head["model"])
    if model is not None and not isinstance(model, ContentModel):
        raise TypeError("not a content model")
    cells = [
        CellResult(name, line, _model(CELL_MODELS.get(name) if name else None, cell), html)
        for (name, line, cell), html in zip(head["cells"], texts, strict=False)
    ]
    return FileResult(
        source=source,
        model=model,
        cells=cells,
        body_html=texts[-1],
        words=head["words"],
        anchors=head["anchors"],
        refs=[Ref(*r) for r in head["refs"]],
        items=[(name, Ref(*r)) for name, r in head["items"]],
        components=head["components"],
        variables=head["variables"],
        diagnostics=[Diagnostic(*d) for d in head["diagnostics"]],
        positions={tuple(loc): (at[0], at[1]) for loc, at in head["positions"]},
        lines=head["lines"],
    )
