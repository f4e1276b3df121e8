"""The editor app's generated model (``site/src/editor/generated/content-model.gen.json``)
is what the models say: committed up to date, and its « Nouveau » templates are the files
``contenu new`` writes, once the editor fills in the title, the date and the image."""

from __future__ import annotations

import datetime as dt
import json
from pathlib import Path

import pytest

from contenu.catalogue.editor_model import EDITOR_MODEL_PATH, generate_editor_model
from contenu.catalogue.scaffold import KINDS, create

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
    # The same file, but for its help, which speaks of the carnet's controls.
    head, body = filled.split("\n---\n", 1)
    assert written.startswith(head + "\n---\n")
    assert body.count("\n") == written.split("\n---\n", 1)[1].count("\n")


@pytest.mark.parametrize("kind", sorted(KINDS))
def test_a_new_documents_help_speaks_of_the_carnet_not_of_its_file(kind: str) -> None:
    template = json.loads(generate_editor_model())["templates"][kind]
    body = template.split("\n---\n", 1)[1]
    for words in ("draft", "true", "false", "corps du fichier", "en-tête", "YAML"):
        assert words not in body, (kind, words, body)
    if kind == "article":  # the issue's « Enlevez « draft: true » »: its check box now
        assert "Décochez la case « Brouillon » pour le publier." in body
