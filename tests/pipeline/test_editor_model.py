"""The editor app's generated model (``site/src/editor/generated/content-model.gen.json``)
is what the models say: committed up to date, and its « Nouveau » templates are the files
``contenu new`` writes, once the editor fills in the title, the date and the image."""

from __future__ import annotations

import datetime as dt
import json
from pathlib import Path

import pytest

from contenu.codegen.editor_model import EDITOR_MODEL_PATH, generate_editor_model
from contenu.scaffold import KINDS, create

REPO = Path(__file__).resolve().parents[2]


def test_the_committed_editor_model_is_up_to_date() -> None:
    committed = (REPO / EDITOR_MODEL_PATH).read_text(encoding="utf-8")
    assert committed == generate_editor_model(), "stale: run `contenu schema` and commit it"


@pytest.mark.parametrize("kind", sorted(KINDS))
def test_a_template_filled_in_is_the_file_contenu_new_writes(kind: str, tmp_path: Path) -> None:
    content = tmp_path / "content"
    (content / "images" / "equipe").mkdir(parents=True)
    (content / "images" / "equipe" / "claire.jpg").write_bytes(b"")
    today = dt.date(2026, 3, 14)
    written = create(kind, "Parler sans crier", content, today).read_text(encoding="utf-8")
    model = json.loads(generate_editor_model())
    marks = model["marks"]
    filled = (
        model["templates"][kind]
        .replace(marks["title"], "Parler sans crier")
        .replace(marks["date"], today.isoformat())
        .replace(marks["image"], "/images/equipe/claire.jpg")
    )
    assert filled == written
