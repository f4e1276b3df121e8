"""The editor's generated model data (site/src/editor/core/generated/model.gen.json): up to
date with the models, every cell type named and summed up in French, and every message
template free of the probes it was made with."""

from __future__ import annotations

import json
from pathlib import Path

from contenu.codegen.editor_data import EDITOR_DATA_PATH, editor_data, render_editor_data
from contenu.models import CELL_MODELS

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
