"""The coaches' catalogue (docs/guide/catalogue.md) and the Front Matter CMS configuration
(frontmatter.json) are generated from the models: they must be up to date, complete, and
every example they show must pass the same validation as ``contenu check``."""

from __future__ import annotations

import importlib.util
import json
import re
import shutil
from pathlib import Path
from typing import Any, get_args

import pytest
import yaml
from hypothesis import given
from hypothesis import strategies as st
from pydantic import BaseModel, ValidationError

from contenu.catalogue.editor import render_frontmatter_config
from contenu.catalogue.examples import EXAMPLE_VALUES, GENERIC_VALUES
from contenu.catalogue.guide import KIND_NAMES, MODEL_NAMES, render_catalogue, write_catalogue
from contenu.catalogue.shapes import ScalarKind, Shape, field_shape, nested_models
from contenu.catalogue.yaml_text import to_yaml
from contenu.models import CELL_MODELS, COLLECTIONS, SINGLETON_FILES, Article, Page
from contenu.models.patterns import PATTERN_HINTS
from contenu.text.markdown_text import github_anchor

ROOT = Path(__file__).resolve().parents[3]
CATALOGUE = ROOT / "docs" / "guide" / "catalogue.md"
FRONTMATTER = ROOT / "frontmatter.json"
REGENERATE = "run `contenu catalogue` and commit the result"

EXAMPLE = re.compile(
    r"<!-- exemple : (fichier|cellule) ([a-z-]+) -->\n````markdown\n(.*?)\n````", re.S
)
CELL = re.compile(r"^```\{([a-z-]+)\}\n(.*?)^```$", re.S | re.M)
FRONTMATTER_BLOCK = re.compile(r"\A---\n(.*?)^---\n?(.*)\Z", re.S | re.M)

# File kinds as the catalogue names them in its example markers.
FILE_MODELS: dict[str, tuple[type[BaseModel], str | None]] = {
    **{s.kind: (s.model, None) for s in SINGLETON_FILES},
    "page": (Page, None),
    "article": (Article, None),
    **{c.kind: (c.model, c.model.BODY_FIELD) for c in COLLECTIONS},
}


@pytest.fixture(scope="module")
def catalogue() -> str:
    return render_catalogue()


def examples(text: str) -> list[tuple[str, str, str]]:
    return EXAMPLE.findall(text)


def validate_file(kind: str, text: str) -> None:
    """Validate an example file the way the pipeline reads one: frontmatter, then body cells."""
    model, body_field = FILE_MODELS[kind]
    match = FRONTMATTER_BLOCK.match(text)
    assert match, f"example of {kind} has no frontmatter"
    data: dict[str, Any] = yaml.safe_load(match.group(1)) or {}
    body = match.group(2).strip()
    if body_field:
        data[body_field] = body
    model.model_validate(data)
    for name, cell_yaml in CELL.findall(body):
        CELL_MODELS[name].model_validate(yaml.safe_load(cell_yaml) or {})


def validate_cell(name: str, text: str) -> None:
    cells = CELL.findall(text + "\n")
    assert [c[0] for c in cells] == [name], f"example of {{{name}}} is not one {{{name}}} block"
    CELL_MODELS[name].model_validate(yaml.safe_load(cells[0][1]) or {})


def test_committed_catalogue_is_up_to_date(catalogue: str) -> None:
    assert CATALOGUE.exists(), f"docs/guide/catalogue.md is missing: {REGENERATE}"
    assert CATALOGUE.read_text(encoding="utf-8") == catalogue, f"catalogue is stale: {REGENERATE}"


def test_rendering_is_deterministic(catalogue: str, tmp_path: Path) -> None:
    written = write_catalogue(tmp_path / "catalogue.md")
    assert written.read_bytes() == catalogue.encode("utf-8")
    assert render_catalogue() == catalogue


def test_every_file_kind_and_every_cell_has_one_example(catalogue: str) -> None:
    found = [(what, name) for what, name, _ in examples(catalogue)]
    expected = [("fichier", k) for k in FILE_MODELS] + [("cellule", n) for n in CELL_MODELS]
    assert sorted(found) == sorted(expected)


def test_every_example_validates(catalogue: str) -> None:
    for what, name, text in examples(catalogue):
        if what == "fichier":
            validate_file(name, text)
        else:
            validate_cell(name, text)


def test_a_broken_example_is_caught(catalogue: str) -> None:
    """The validation above is not vacuous: removing a required key makes it fail."""
    cta = next(text for what, name, text in examples(catalogue) if name == "cta")
    broken = re.sub(r"^title: .*\n", "", cta, flags=re.M)
    with pytest.raises(ValidationError):
        validate_cell("cta", broken)
    article = next(text for what, name, text in examples(catalogue) if name == "article")
    with pytest.raises(ValidationError):
        validate_file("article", article.replace("date: 2024-03-15", "date: 15 mars"))


@pytest.mark.skipif(importlib.util.find_spec("contenu.cli") is None, reason="no CLI yet")
def test_examples_pass_contenu_check(catalogue: str, tmp_path: Path) -> None:
    """Beyond the models: each example, dropped into the real content, passes `contenu check`
    (links, contrast, graph). Only the example images must be provided."""
    from PIL import Image
    from typer.testing import CliRunner

    from contenu.cli import app

    content = tmp_path / "content"
    shutil.copytree(ROOT / "content", content)
    places = {
        **{s.kind: s.path for s in SINGLETON_FILES},
        **{c.kind: f"{c.folder}/exemple-catalogue.md" for c in COLLECTIONS},
        "page": "pages/exemple-catalogue.md",
        "article": "articles/exemple-catalogue.md",
    }
    cells: list[str] = []
    for what, name, text in examples(catalogue):
        if what == "fichier":
            target = content / places[name]
            target.write_text(text + "\n", encoding="utf-8")
        elif "page" in CELL_MODELS[name].PLACES:
            cells.append(text)
        else:  # a cell of the error page only
            error_page = content / "pages" / "404.md"
            error_page.write_text(error_page.read_text(encoding="utf-8") + f"\n{text}\n")
    (content / "pages" / "toutes-les-cellules.md").write_text(
        "---\ntitle: Toutes les cellules\ndescription: Chaque cellule du catalogue.\n---\n\n"
        + "\n\n".join(cells)
        + "\n",
        encoding="utf-8",
    )
    images = set(re.findall(r"/images/([\w./-]+\.(?:jpg|png))", catalogue))
    for image in images:
        if not (content / "images" / image).exists():
            Image.new("RGB", (1200, 630), (200, 200, 200)).save(content / "images" / image)
    with pytest.MonkeyPatch.context() as mp:
        mp.chdir(tmp_path)
        mp.delenv("GITHUB_ACTIONS", raising=False)
        mp.delenv("GITHUB_STEP_SUMMARY", raising=False)
        result = CliRunner().invoke(app, ["check"])
    assert result.exit_code == 0, result.output


def sections(text: str) -> dict[str, str]:
    """Level-3 sections by heading."""
    parts = re.split(r"^### (.+)$", text, flags=re.M)
    return {parts[i].strip(): parts[i + 1] for i in range(1, len(parts), 2)}


def models_in_catalogue() -> list[type[BaseModel]]:
    seen: list[type[BaseModel]] = []

    def visit(model: type[BaseModel]) -> None:
        if model in seen:
            return
        seen.append(model)
        for info in model.model_fields.values():
            for sub in _models_in(info.annotation):
                visit(sub)

    for model, _ in FILE_MODELS.values():
        visit(model)
    for model in CELL_MODELS.values():
        visit(model)
    return seen


def _models_in(annotation: Any) -> list[type[BaseModel]]:
    if isinstance(annotation, type) and issubclass(annotation, BaseModel):
        return [annotation]
    found: list[type[BaseModel]] = []
    for arg in getattr(annotation, "__args__", ()) or ():
        found += _models_in(arg)
    origin = getattr(annotation, "__origin__", None)
    if origin is not None and isinstance(origin, type) and issubclass(origin, BaseModel):
        found.append(origin)
    return found


def test_every_field_of_every_model_is_documented(catalogue: str) -> None:
    """Each model (file, cell or nested object) has a section whose table lists all its keys."""
    by_heading = sections(catalogue)
    missing: list[str] = []
    for model in models_in_catalogue():
        keys = [info.alias or name for name, info in model.model_fields.items()]
        tables = [body for body in by_heading.values() if all(f"| `{k}` |" in body for k in keys)]
        if not tables:
            missing.append(model.__name__)
    assert not missing, f"models without a complete table in the catalogue: {missing}"


def test_every_internal_link_points_to_a_heading(catalogue: str) -> None:
    anchors = {github_anchor(h) for h in re.findall(r"^#{1,6} (.+)$", catalogue, flags=re.M)}
    links = set(re.findall(r"\]\(#([^)]+)\)", catalogue))
    assert links, "the catalogue has no internal links"
    assert links <= anchors, f"links to missing headings: {sorted(links - anchors)}"


def test_catalogue_speaks_french(catalogue: str) -> None:
    """Coach-facing: French typography, no English type names leaking from Python."""
    for leak in ("str", "int", "bool", "NoneType", "Optional", "list[", "Literal"):
        assert f"| {leak}" not in catalogue and f"({leak})" not in catalogue
    assert "’" in catalogue and "«" in catalogue


@given(st.text())
def test_example_yaml_round_trips_any_text(value: str) -> None:
    """Examples are emitted with a custom YAML dumper: any string must read back unchanged."""
    assert yaml.safe_load(to_yaml({"key": value, "list": [value]})) == {
        "key": value,
        "list": [value],
    }


@given(st.text())
def test_github_anchor_is_a_fixed_point(heading: str) -> None:
    anchor = github_anchor(heading)
    assert " " not in anchor and github_anchor(anchor) == anchor


@pytest.mark.parametrize(
    ("anchor", "heading"),
    [
        ("cellule-pain-points", "Cellule pain-points"),
        ("objet-textes-de-linterface", "Objet Textes de l’interface"),
        ("mentions-légales-éditeur-et-hébergeur", "Mentions légales (éditeur et hébergeur)"),
    ],
)
def test_github_anchor(anchor: str, heading: str) -> None:
    assert github_anchor(heading) == anchor


# ------------------------------------------------------------------------------------------
# frontmatter.json (Front Matter CMS)
# ------------------------------------------------------------------------------------------


@pytest.fixture(scope="module")
def fm_config() -> dict[str, Any]:
    return json.loads(render_frontmatter_config())


def test_committed_frontmatter_config_is_up_to_date() -> None:
    assert FRONTMATTER.exists(), f"frontmatter.json is missing: {REGENERATE}"
    assert FRONTMATTER.read_text(encoding="utf-8") == render_frontmatter_config(), (
        f"frontmatter.json is stale: {REGENERATE}"
    )


def test_content_types_mirror_the_models(fm_config: dict[str, Any]) -> None:
    types = {t["name"]: t for t in fm_config["frontMatter.taxonomy.contentTypes"]}
    assert set(types) == set(FILE_MODELS)
    for name, (model, body_field) in FILE_MODELS.items():
        expected = [info.alias or n for n, info in model.model_fields.items() if n != body_field]
        assert [f["name"] for f in types[name]["fields"]] == expected, name
        required = {info.alias or n for n, info in model.model_fields.items() if info.is_required()}
        assert {f["name"] for f in types[name]["fields"] if f.get("required")} == required, name


def test_nested_fields_mirror_nested_models(fm_config: dict[str, Any]) -> None:
    site = next(
        t for t in fm_config["frontMatter.taxonomy.contentTypes"] if t["name"] == "reglages"
    )
    prices = next(f for f in site["fields"] if f["name"] == "prices")
    assert prices["type"] == "fields"
    pack = next(f for f in prices["fields"] if f["name"] == "pack")
    assert [f["name"] for f in pack["fields"]] == [
        "label",
        "amount",
        "currency",
        "durationMinutes",
        "note",
    ]
    amount = next(f for f in pack["fields"] if f["name"] == "amount")
    # Cents allowed (« 395,50 »): a decimal number.
    assert amount["type"] == "number" and amount["numberOptions"] == {"min": 0, "isDecimal": True}


def test_article_fields_use_editor_widgets(fm_config: dict[str, Any]) -> None:
    article = next(
        t for t in fm_config["frontMatter.taxonomy.contentTypes"] if t["name"] == "article"
    )
    fields = {f["name"]: f for f in article["fields"]}
    assert fields["draft"]["type"] == "draft"
    assert fields["date"]["type"] == "datetime" and fields["date"]["dateFormat"] == "yyyy-MM-dd"
    assert fields["publishDate"]["type"] == "datetime"
    assert fields["readTime"]["numberOptions"] == {"min": 1, "max": 120}
    assert all(f.get("description") for f in article["fields"])


def test_no_field_writes_keys_the_models_refuse(fm_config: dict[str, Any]) -> None:
    """Front Matter's `block` fields add a `fieldGroup` key to each item; our models forbid it."""

    def walk(fields: list[dict[str, Any]]) -> None:
        for f in fields:
            assert f["type"] not in ("block", "fieldCollection", "tags", "categories", "slug"), f
            walk(f.get("fields", []))

    for content_type in fm_config["frontMatter.taxonomy.contentTypes"]:
        walk(content_type["fields"])


# Keys of a content-type field that Front Matter CMS accepts (its configuration schema sets
# additionalProperties: false on fields); the subset this project uses.
FM_FIELD_KEYS = {
    "type", "name", "title", "description", "default", "required", "hidden", "single",
    "multiple", "choices", "numberOptions", "dateFormat", "isPublishDate", "fields",
}  # fmt: skip
FM_FIELD_TYPES = {"string", "number", "datetime", "boolean", "image", "choice", "draft", "fields",
                  "list", "heading"}  # fmt: skip


def test_fields_only_use_keys_front_matter_knows(fm_config: dict[str, Any]) -> None:
    def walk(fields: list[dict[str, Any]]) -> None:
        for f in fields:
            assert set(f) <= FM_FIELD_KEYS, f
            assert f["type"] in FM_FIELD_TYPES, f
            assert set(f.get("numberOptions", {})) <= {"min", "max", "step", "isDecimal"}
            walk(f.get("fields", []))

    for content_type in fm_config["frontMatter.taxonomy.contentTypes"]:
        walk(content_type["fields"])


def test_page_folders_exist_and_have_one_content_type(fm_config: dict[str, Any]) -> None:
    types = {t["name"] for t in fm_config["frontMatter.taxonomy.contentTypes"]}
    for folder in fm_config["frontMatter.content.pageFolders"]:
        path = ROOT / folder["path"].replace("[[workspace]]/", "")
        assert path.is_dir(), f"{folder['path']} does not exist"
        assert set(folder["contentTypes"]) <= types
        assert folder["title"] and folder["title"][0].isupper()
        # Front Matter only infers the type of a file from a folder with a single content type.
        if not folder.get("disableCreation"):
            assert len(folder["contentTypes"]) == 1


def test_cell_snippets_validate(fm_config: dict[str, Any]) -> None:
    snippets = fm_config["frontMatter.content.snippets"]
    assert len(snippets) == len(CELL_MODELS)
    for name in CELL_MODELS:
        body = "\n".join(snippets[f"Cellule {{{name}}}"]["body"])
        validate_cell(name, body)


# ------------------------------------------------------------------------------------------
# Every name and example the catalogue needs exists: a missing one fails here, never shows
# a Python class name or silently falls back in the coaches' documents.
# ------------------------------------------------------------------------------------------


def test_every_object_of_the_catalogue_has_a_french_name() -> None:
    roots = [model for model, _ in FILE_MODELS.values()] + list(CELL_MODELS.values())
    unnamed = [m.__name__ for m in nested_models(roots) if m not in MODEL_NAMES]
    assert not unnamed, f"add their French names to MODEL_NAMES (catalogue/guide.py): {unnamed}"


def test_every_scalar_kind_has_a_name_and_an_example_value() -> None:
    kinds = set(get_args(ScalarKind))
    assert set(KIND_NAMES) == kinds
    assert set(GENERIC_VALUES) == kinds


def test_every_example_override_names_a_field() -> None:
    roots = [model for model, _ in FILE_MODELS.values()] + list(CELL_MODELS.values())
    fields = {
        f"{model.__name__}.{info.alias or name}"
        for model in [*roots, *nested_models(roots)]
        for name, info in model.model_fields.items()
    }
    assert set(EXAMPLE_VALUES) <= fields, sorted(set(EXAMPLE_VALUES) - fields)


def test_every_pattern_of_the_models_has_a_french_hint() -> None:
    """The error message and the catalogue both explain a pattern with PATTERN_HINTS."""
    roots = [model for model, _ in FILE_MODELS.values()] + list(CELL_MODELS.values())
    patterns: set[str] = set()

    def collect(shape: Shape) -> None:
        if shape.pattern:
            patterns.add(shape.pattern)
        if shape.item is not None:
            collect(shape.item)

    for model in [*roots, *nested_models(roots)]:
        for info in model.model_fields.values():
            collect(field_shape(info))
    assert patterns, "no pattern found: the walk is broken"
    assert patterns <= set(PATTERN_HINTS), sorted(patterns - set(PATTERN_HINTS))
