"""The limits the carnet applies at the field are limits.py's, in contenu check's words: each
generated template, filled with another value than its probe, is what the pipeline says."""

from __future__ import annotations

from pathlib import Path

from contenu.catalogue.editor_limits import limit_model
from contenu.catalogue.editor_messages import _probe_source
from contenu.pipeline import limits
from contenu.pipeline.collect import _check_images, _check_name
from contenu.pipeline.discover import Oversized, Source
from contenu.pipeline.load import decode

MODEL = limit_model()
SAYS = MODEL["messages"]


def test_every_limit_of_limits_py_is_exported() -> None:
    values = {name: getattr(limits, name) for name in dir(limits) if name.startswith("MAX_")}
    exported = {
        "MAX_MARKDOWN_BYTES": "markdownBytes",
        "MAX_MARKDOWN_TEXT": "markdownText",
        "MAX_YAML_DEPTH": "yamlDepth",
        "MAX_NUMBER_DIGITS": "numberDigits",
        "MAX_NAME_BYTES": "nameBytes",
        "MAX_CATEGORIES": "categories",
    }
    assert set(values) == set(exported), "a new limit: export it for the carnet"
    assert {MODEL[key] for key in exported.values()} == set(values.values())


def test_the_size_template_is_the_pipelines_message() -> None:
    _, problem = decode(Oversized.of(1_190_000))
    assert problem == SAYS["tooBig"].replace("{size}", "1,2")


def test_the_name_templates_are_the_pipelines_messages() -> None:
    name = "n" * 230
    (page,) = _check_name(_probe_source(f"pages/{name}.md", "page"))
    assert page.message == SAYS["nameTooLong"].replace("{size}", "230")
    rel = f"images/{name}.jpg"
    (image,) = _check_images([Source(Path(rel), rel, f"content/{rel}", "image", "images", name)])
    assert image.message == SAYS["imageNameTooLong"].replace("{size}", "230")
