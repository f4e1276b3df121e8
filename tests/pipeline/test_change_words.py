"""The editor's pull request speaks the words of `contenu changements`: its module is
generated from contenu.changes and committed up to date."""

from __future__ import annotations

from pathlib import Path

from contenu.changes.generated_words import CHANGE_WORDS_PATH, change_words, generate_change_words

REPO = Path(__file__).resolve().parents[2]


def test_the_editors_words_are_up_to_date() -> None:
    on_disk = (REPO / CHANGE_WORDS_PATH).read_text(encoding="utf-8")
    assert on_disk == generate_change_words(), "stale: run `contenu schema` and commit it"


def test_the_words_are_those_of_the_summary() -> None:
    words = change_words()
    assert words["kinds"] == {"added": "Ajout", "modified": "Modification",
                              "deleted": "Suppression", "renamed": "Renommage"}  # fmt: skip
    assert words["labels"]["page"].format(name="contact") == "Page « contact »"  # type: ignore[index]
    assert words["collections"]["temoignages"].format(name="x") == "Témoignage « x »"  # type: ignore[index]
    assert words["articlePath"] == "/blog/{name}"
