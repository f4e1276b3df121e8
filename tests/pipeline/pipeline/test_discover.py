"""Stage 1, discover: every file of the content folder, once, sorted, with what it is. The
kinds come from the registries of contenu.models, so these tests read them too."""

from __future__ import annotations

from pathlib import Path

from hypothesis import given
from hypothesis import strategies as st

from contenu.models import COLLECTIONS, SINGLETON_FILES
from contenu.pipeline.discover import classify, discover


def test_each_registered_type_is_recognised_by_its_folder() -> None:
    assert classify("pages/contact.md") == ("page", "pages", "contact")
    assert classify("articles/gerer-la-colere.md") == ("article", "articles", "gerer-la-colere")
    for collection in COLLECTIONS:
        rel = f"{collection.folder}/une-entree.md"
        assert classify(rel) == ("entry", collection.folder, "une-entree")
    for singleton in SINGLETON_FILES:
        kind, folder, name = classify(singleton.path)
        assert (kind, folder) == ("singleton", singleton.path.split("/")[0])
        assert singleton.path.endswith(f"/{name}.md")


def test_images_are_images_at_any_depth_whatever_their_name() -> None:
    for rel in ("images/a.png", "images/equipe/claire.jpg", "images/x/y/z.svg"):
        assert classify(rel) == ("image", "images", rel)


def test_what_no_folder_expects_is_unknown() -> None:
    assert classify("pages/blog/index.md")[0] == "unknown"  # no sub-folders of pages
    assert classify("pages/notes.txt")[0] == "unknown"
    assert classify("brouillons/idee.md")[0] == "unknown"
    assert classify("reglages/autre.md")[0] == "unknown"
    assert classify("lisez-moi.md")[0] == "unknown"


def test_discover_lists_every_file_sorted_with_its_place(tmp_path: Path) -> None:
    content = tmp_path / "content"
    files = ["pages/index.md", "faq/prix.md", "images/equipe/a.jpg", "notes.txt", "pages/b.md"]
    for rel in files:
        (content / rel).parent.mkdir(parents=True, exist_ok=True)
        (content / rel).write_text("x", encoding="utf-8")
    found = discover(content)
    assert [s.rel for s in found] == sorted(files)
    page = next(s for s in found if s.rel == "pages/index.md")
    assert page.path == (content / "pages" / "index.md").resolve()
    assert page.display == "content/pages/index.md"
    assert (page.kind, page.folder, page.name) == ("page", "pages", "index")


def test_hidden_files_and_the_guide_pointer_are_skipped(tmp_path: Path) -> None:
    content = tmp_path / "contenu-test"
    for rel in (".git/config", "pages/.brouillon.md", ".DS_Store", "README.md", "faq/README.md"):
        (content / rel).parent.mkdir(parents=True, exist_ok=True)
        (content / rel).write_text("x", encoding="utf-8")
    found = discover(content)
    # Only the README.md at the top points coaches to their guide; others are content.
    assert [s.rel for s in found] == ["faq/README.md"]
    assert found[0].display == "contenu-test/faq/README.md"  # messages name the folder


names = st.text(st.characters(blacklist_characters="/\0", blacklist_categories=("Cs",)), min_size=1)


@given(st.lists(names, min_size=1, max_size=4))
def test_classify_answers_for_any_path(parts: list[str]) -> None:
    rel = "/".join(parts)
    kind, folder, name = classify(rel)
    assert kind in {"singleton", "page", "article", "entry", "image", "unknown"}
    assert folder == (parts[0] if len(parts) > 1 else "")
    if kind in {"page", "article", "entry"}:
        assert f"{folder}/{name}.md" == rel
