"""The limits of ``contenu.pipeline.limits`` for the editor (« Le carnet »): each value, and
the French message ``contenu check`` gives when one is passed, made by the pipeline's own
code on a probe (the probe value then replaced by a ``{placeholder}``), so the carnet says
the same words at the field, before anything is saved or proposed. Written into
``content-model.gen.json`` (``editor_model.py``); never typed twice."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from contenu.catalogue.editor_messages import _file_messages, _no_example, _pick, _probe_source
from contenu.pipeline.collect import _check_categories, _check_images, _check_name
from contenu.pipeline.discover import Oversized, Source
from contenu.pipeline.graph import Graph
from contenu.pipeline.limits import (
    MAX_CATEGORIES,
    MAX_MARKDOWN_BYTES,
    MAX_MARKDOWN_TEXT,
    MAX_NAME_BYTES,
    MAX_NUMBER_DIGITS,
    MAX_YAML_DEPTH,
)
from contenu.pipeline.load import decode
from contenu.pipeline.validate import FileResult, process
from contenu.pipeline.yaml_messages import char_name
from contenu.report.diagnostics import typeset

#: Numbers no message contains, replaced by placeholders once the message is made.
_SIZE = 9_876_543
_COUNT = MAX_CATEGORIES + 1
_ARTICLE = (
    "---\ntitle: Un titre\nexcerpt: Un résumé de l’article.\ndate: 2024-01-02\n"
    "category: {category}\n---\n\nUn paragraphe.\n"
)


def _once(message: str, probe: str, name: str) -> str:
    assert message.count(probe) == 1, (message, probe)
    return message.replace(probe, "{" + name + "}")


def _too_big() -> str:
    _, problem = decode(Oversized.of(_SIZE))
    assert problem is not None
    return _once(problem, "9,9", "size")


def _too_deep() -> str:
    deep = "[" * (MAX_YAML_DEPTH + 1) + "]" * (MAX_YAML_DEPTH + 1)
    found = _file_messages("pages/zq.md", "page", f"---\nzq: {deep}\n---\n")
    return _once(_no_example(_pick(found, "niveaux")), typeset(char_name("[")), "opener")


def _opener_names() -> dict[str, str]:
    """How the message names what opens a level: a sign, or (a key) its first character."""
    names = {sign: typeset(char_name(sign)) for sign in "[{-?"}
    return names | {"other": _once(typeset(char_name("z")), "z", "char")}


def _name_too_long() -> str:
    name = "z" * (MAX_NAME_BYTES + 7)
    source = _probe_source(f"pages/{name}.md", "page")
    (diagnostic,) = _check_name(source)
    return _once(diagnostic.message, str(MAX_NAME_BYTES + 7), "size")


def _image_name_too_long() -> str:
    stem = "z" * (MAX_NAME_BYTES + 7)
    rel = f"images/{stem}.png"
    source = Source(Path(rel), rel, f"content/{rel}", "image", "images", stem)
    (diagnostic,) = _check_images([source])
    return _once(diagnostic.message, str(MAX_NAME_BYTES + 7), "size")


def _too_many_categories() -> str:
    graph = Graph()
    for n in range(_COUNT):
        source = _probe_source(f"articles/zq{n}.md", "article")
        result: FileResult = process(source, _ARTICLE.format(category=f"Zq{n:03d}").encode())
        assert result.model is not None, result.diagnostics
        graph.articles[source.name] = result
    message = next(d.message for d in _check_categories(graph) if str(MAX_CATEGORIES) in d.message)
    return _once(message, f"{_COUNT},", "count,").replace("{count,}", "{count},")


def limit_model() -> dict[str, Any]:
    return {
        "markdownBytes": MAX_MARKDOWN_BYTES,
        "markdownText": MAX_MARKDOWN_TEXT,
        "yamlDepth": MAX_YAML_DEPTH,
        "numberDigits": MAX_NUMBER_DIGITS,
        "nameBytes": MAX_NAME_BYTES,
        "categories": MAX_CATEGORIES,
        "messages": {
            "tooBig": _too_big(),
            "tooDeep": _too_deep(),
            "openers": _opener_names(),
            "nameTooLong": _name_too_long(),
            "imageNameTooLong": _image_name_too_long(),
            "tooManyCategories": _too_many_categories(),
        },
    }
