"""The pull-request summary never fails and never links (issue 24): a refused file is a row
with the reason ``contenu check`` gives, and no file name becomes a link, an autolink, an
image, HTML or emphasis in GitHub's Markdown."""

from __future__ import annotations

import re
from pathlib import Path

import pyromark
from hypothesis import given
from hypothesis import strategies as st
from test_changes import DAY, commit, git, repo  # noqa: F401  (repo is a fixture)

from contenu.changes.git import FileChange, Kind
from contenu.changes.summary import Row, Section, Target, render_rows, summarize

HOSTILE_NAMES = [
    "[Relu et approuvé ✅](mailto:revue@example.org).png",
    "www.example.png",
    "https://example.org/x.png",
    "contact@example.org.png",
    "*gras* _penché_ ~~barré~~.png",
    "<img src=x onerror=alert(1)>.png",
    "a|b`c\\d.png",
]


def _label_cell(name: str) -> str:
    text = render_rows([Row(FileChange(Kind.ADDED, f"images/{name}"), Target(
        Section.IMAGES, f"Image « {name} »", (f"/images/{name}",)))])  # fmt: skip
    return text.rstrip("\n").split("\n")[-1]


def test_hostile_image_names_stay_text() -> None:
    for name in HOSTILE_NAMES:
        row = _label_cell(name)
        html = pyromark.html(row)
        assert "<a" not in html and "<img" not in html and "<em" not in html, row
        assert "<del" not in html and "<strong" not in html, row
        assert row.count(" | ") == 3, row  # the table keeps its four columns
        label = row.split(" | ")[1]
        # No autolink can start: every dot, colon and at sign of the name is escaped.
        assert not re.search(r"(?<!\\)[.:@]", label), label


@given(st.text(st.characters(blacklist_categories=["Cs"]), min_size=1, max_size=30))
def test_any_name_renders_as_the_literal_text(name: str) -> None:
    label = _label_cell(name).split(" | ")[1]
    html = pyromark.html(label)
    assert "<a" not in html and "<img" not in html and "<em" not in html


def test_a_refused_file_is_listed_with_its_reason(repo: Path) -> None:  # noqa: F811
    base = git(repo, "rev-parse", "HEAD").strip()
    (repo / "content/articles/2026").mkdir()
    (repo / "content/articles/2026/x.md").write_text("---\ntitle: x\n---\n", encoding="utf-8")
    (repo / "content/images/www.example.png").write_bytes(b"not an image")
    commit(repo, "a file in a sub-folder")
    summary = summarize(repo, base, DAY)
    text = summary.markdown()
    row = next(line for line in text.splitlines() if "2026" in line and "refusé" in line)
    assert "Fichier refusé « articles/2026/x\\.md »" in row
    assert "sous-dossier" in row or "dossier" in row  # the reason check gives
    assert "www\\.example\\.png" in text and not summary.ok
