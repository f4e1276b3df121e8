"""The editor's generated model data (site/src/editor/core/generated/model.gen.json): up to
date with the models, every cell type named and summed up in French, and every message
template free of the probes it was made with."""

from __future__ import annotations

import json
from pathlib import Path

import yaml

from contenu.catalogue.editor_data import EDITOR_DATA_PATH, editor_data, render_editor_data
from contenu.models import CELL_MODELS
from contenu.models.cells import Place
from contenu.pipeline.discover import Source, classify
from contenu.pipeline.validate import process
from contenu.text.typography import french_typography

REPO = Path(__file__).resolve().parents[2]
STALE = f"stale: run `contenu schema` and commit {EDITOR_DATA_PATH}"


def test_the_committed_editor_data_is_up_to_date() -> None:
    assert (REPO / EDITOR_DATA_PATH).read_text(encoding="utf-8") == render_editor_data(), STALE


def test_every_cell_type_has_a_french_name_summary_and_valid_example() -> None:
    cells = editor_data()["cells"]
    assert [c["name"] for c in cells] == list(CELL_MODELS)
    for cell in cells:
        assert cell["label"] and cell["summary"].endswith("."), cell["name"]
        assert f"cells/{cell['name']}" in editor_data()["schemas"]


def test_no_template_keeps_a_probe_value() -> None:
    text = json.dumps(editor_data()["messages"], ensure_ascii=False)
    for probe in ("zq", "987653", "987654"):
        assert probe not in text


# --- What « Ajouter une cellule » writes, and where -----------------------------------------

#: A document of each place a cell may go in, before its cell.
DOCUMENTS: dict[Place, tuple[str, str]] = {
    "page": ("pages/essai.md", "---\ntitle: Essai\ndescription: Une page d’essai.\n---\n"),
    "not-found": ("pages/404.md", "---\ntitle: Introuvable\ndescription: Rien ici.\n---\n"),
    "article": (
        "articles/essai.md",
        "---\ntitle: Essai\nexcerpt: Un résumé.\ndate: 2024-03-15\ncategory: Émotions\n---\n",
    ),
}


def verdict(place: Place, name: str, body: str) -> list[tuple[str, str]]:
    rel, front = DOCUMENTS[place]
    kind, folder, stem = classify(rel)
    source = Source(REPO / "content" / rel, rel, f"content/{rel}", kind, folder, stem)
    text = f"{front}\n```{{{name}}}\n{body}```\n"
    return [(d.severity, d.message) for d in process(source, text.encode()).diagnostics]


def test_a_new_cell_makes_up_no_link_no_image_and_no_alt_text() -> None:
    for cell in editor_data()["cells"]:
        start = yaml.safe_load(cell["start"]) or {}
        written = json.dumps(start, ensure_ascii=False)
        assert "/images/" not in written and '"href"' not in written, cell["name"]
        assert '"alt"' not in written and '"image"' not in written, cell["name"]


def test_a_new_cell_is_valid_where_it_goes_but_for_what_is_left_to_choose() -> None:
    """In each document it goes in, a new cell's only errors are its empty required fields;
    anywhere else, `contenu check` says so with the words the editor was given."""
    for cell in editor_data()["cells"]:
        for place in DOCUMENTS:
            said = verdict(place, cell["name"], cell["start"])
            errors = [message for severity, message in said if severity == "error"]
            if place in cell["places"]:
                assert place not in cell["misplaced"]
                assert all("manque" in m for m in errors), (cell["name"], place, errors)
            else:
                message = french_typography(cell["misplaced"][place])
                assert message in errors, (cell["name"], place, errors)


def test_the_404_message_goes_in_the_404_page_only_and_the_banner_not_in_articles() -> None:
    # The case: « Page introuvable (404) » offered in an article.
    assert set(CELL_MODELS["not-found"].PLACES) == {"not-found"}
    assert "article" not in CELL_MODELS["hero"].PLACES
    assert all(
        place in model.PLACES
        for name, model in CELL_MODELS.items()
        if name not in {"not-found", "hero"}
        for place in DOCUMENTS
    )
