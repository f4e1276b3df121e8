"""Stage 4, collect: what needs every file at once. The shipped content goes through the
first three stages (stage_inputs.shipped), one file is changed, and collect's graph and
cross-file diagnostics are checked directly."""

from __future__ import annotations

import datetime as dt

from hypothesis import given
from hypothesis import strategies as st
from stage_inputs import CONTENT, one, shipped

from contenu.models import COLLECTIONS, REQUIRED_PAGES, SINGLETON_FILES, Article
from contenu.pipeline.collect import collect, contrast_ratio
from contenu.pipeline.discover import Source
from contenu.pipeline.graph import Graph, article_status
from contenu.pipeline.validate import FileResult

TODAY = dt.date(2026, 1, 15)
PAGE = "---\ntitle: Essai\ndescription: Une page d’essai.\n---\n\n"


def run(
    replace: dict[str, str] | None = None, remove: frozenset[str] = frozenset()
) -> tuple[Graph, list[tuple[str, int, str]]]:
    """collect on the shipped content with changes: the graph and (path, line, severity)
    of every diagnostic collect adds to those of the files."""
    results, images = shipped(replace, remove)
    return _collect(results, images)


def _collect(
    results: list[FileResult], images: list[Source]
) -> tuple[Graph, list[tuple[str, int, str]]]:
    graph, diagnostics = collect(results, images, "content", TODAY)
    own = {d for r in results for d in r.diagnostics}
    return graph, [(d.path, d.line, d.severity) for d in diagnostics if d not in own]


def test_the_shipped_content_makes_a_complete_graph_with_no_cross_file_problem() -> None:
    graph, problems = run()
    assert problems == []
    assert graph.settings is not None and graph.legal is not None
    assert set(REQUIRED_PAGES) <= set(graph.pages)
    assert {c.folder for c in COLLECTIONS} == set(graph.entries)
    assert set(graph.status.values()) == {"published"} and len(graph.articles) == 6
    assert "/images/og-default.png" in graph.images


def test_missing_required_files_are_errors_without_a_line() -> None:
    settings = SINGLETON_FILES[0].path
    _, problems = run(remove=frozenset({"pages/merci.md", settings}))
    assert ("content/pages/merci.md", 0, "error") in problems
    assert (f"content/{settings}", 0, "error") in problems


def test_links_images_and_anchors_are_checked_against_the_other_files() -> None:
    body = (
        "[ok](/contact) [ok aussi](/blog/routines-apaisantes)\n\n"
        "[cassé](/contactez)\n\n[ancre](/contact#nulle-part)\n\n![image](/images/absente.png)\n\n"
        "[relatif](contact)\n\n[externe](https://exemple.fr/x)\n"
    )
    _, problems = run({"pages/essai.md": PAGE + body})
    assert sorted(line for path, line, _ in problems if path == "content/pages/essai.md") == [
        8, 10, 12, 14
    ]  # fmt: skip


def test_a_link_to_an_unpublished_article_is_a_warning_unless_it_is_as_unpublished() -> None:
    original = (CONTENT / "articles" / "routines-apaisantes.md").read_text(encoding="utf-8")
    text = original.replace("\n---\n", "\ndraft: true\n---\n", 1)
    link = "[voir](/blog/routines-apaisantes)\n"
    graph, problems = run({
        "articles/routines-apaisantes.md": text,
        "pages/essai.md": PAGE + link,
        "articles/brouillon.md": text + "\n" + link,
    })  # fmt: skip
    assert graph.status["routines-apaisantes"] == "draft"
    assert ("content/pages/essai.md", 6, "warning") in problems
    assert not [p for p in problems if p[0] == "content/articles/brouillon.md"]


def test_items_must_exist_and_entries_shown_nowhere_are_warnings() -> None:
    cell = "```{faq}\nitems:\n  - tarifs\n  - inconnue\n```\n"
    _, problems = run({"pages/contact.md": PAGE + cell})
    assert ("content/pages/contact.md", 9, "error") in problems  # « inconnue »
    orphans = {path for path, _, severity in problems if severity == "warning"}
    # contact.md showed every question; now only « tarifs » is shown anywhere.
    assert "content/faq/tarifs.md" not in orphans
    assert {"content/faq/visio.md", "content/faq/therapie.md"} <= orphans


def test_an_invalid_collection_cell_silences_the_orphan_warnings_of_its_folder() -> None:
    cell = "```{faq}\nitems: pas une liste\n```\n"
    _, problems = run({"pages/contact.md": PAGE + cell})
    assert not [p for p in problems if p[0].startswith("content/faq/")]


def test_names_of_pages_articles_and_entries_must_be_slugs() -> None:
    _, problems = run({"pages/À propos.md": PAGE, "faq/Prix.md": "---\nquestion: Q ?\n---\nR.\n"})
    assert ("content/pages/À propos.md", 1, "error") in problems
    assert ("content/faq/Prix.md", 1, "error") in problems


def test_files_outside_the_known_folders_are_not_reported_twice() -> None:
    """discover refuses them (test_content_layout.py); collect adds nothing of its own."""
    _, problems = run({"brouillons/idee.md": PAGE})
    assert problems == []


def test_low_theme_contrast_is_an_error_at_the_colour() -> None:
    text = (CONTENT / SINGLETON_FILES[0].path).read_text(encoding="utf-8")
    low = text.replace('muted: "#5f5952"', 'muted: "#d9d4cf"')
    assert low != text
    _, problems = run({SINGLETON_FILES[0].path: low})
    line = low.split("\n").index('  muted: "#d9d4cf"') + 1
    assert (f"content/{SINGLETON_FILES[0].path}", line, "error") in problems


colours = st.from_regex(r"#[0-9a-f]{6}", fullmatch=True)


@given(colours, colours)
def test_contrast_is_symmetric_and_between_1_and_21(a: str, b: str) -> None:
    assert contrast_ratio(a, b) == contrast_ratio(b, a)
    assert 1 <= contrast_ratio(a, b) <= 21.0001
    assert contrast_ratio(a, a) == 1


@given(
    draft=st.booleans(),
    publish=st.none() | st.dates(dt.date(2000, 1, 1), dt.date(2100, 1, 1)),
    today=st.dates(dt.date(2000, 1, 1), dt.date(2100, 1, 1)),
)
def test_article_status(draft: bool, publish: dt.date | None, today: dt.date) -> None:
    article = Article(
        title="T", excerpt="E", date=dt.date(2024, 1, 1), category="C", draft=draft,
        publishDate=publish,
    )  # type: ignore[call-arg]  # fmt: skip
    expected = "draft" if draft else "scheduled" if publish and publish > today else "published"
    assert article_status(article, today) == expected


def test_one_file_of_each_kind_lands_in_its_place_in_the_graph() -> None:
    results, images = shipped()
    extra = one("temoignages/nouveau.md", "---\nname: N.\nrole: Maman\n---\nMerci.\n")
    graph, _ = _collect([*results, extra], images)
    assert graph.entries["temoignages"]["nouveau"] is extra
