"""The live preview's incremental path (a ``Builder`` kept alive, told which file was saved,
then ``update`` rewriting only what changed) gives what ``contenu build`` publishes: after
any sequence of edits, the same diagnostics and the same build folder as a cold build."""

from __future__ import annotations

import datetime as dt
import re
import shutil
import tempfile
from pathlib import Path

from hypothesis import HealthCheck, example, given, settings
from hypothesis import strategies as st

from contenu.pipeline.build import LIVE_FILE, Builder, Outcome, Project
from contenu.pipeline.emit import Options

CONTENT = Path(__file__).resolve().parents[3] / "content"
TODAY = dt.date(2026, 1, 15)
ARTICLES = sorted(p.stem for p in (CONTENT / "articles").glob("*.md"))
SETTINGS = "reglages/site.md"


def _sub(pattern: str, new: str, text: str) -> str:
    return re.sub(pattern, new, text, count=1, flags=re.MULTILINE)


#: Edits of one article: text a reader sees, its card, its status, its place in the listing,
#: its anchors, its links (good and broken), its category (a second spelling is an error).
ARTICLE_EDITS = {
    "sentence": lambda t: t + "\nUne phrase ajoutée.\n",
    "heading": lambda t: t + "\n## Section absente\n\nDu texte.\n",
    "title": lambda t: _sub(r"^title: .*$", 'title: "Un titre neuf"', t),
    "excerpt": lambda t: _sub(r"^excerpt: .*$", "excerpt: Un autre résumé.", t),
    "date": lambda t: _sub(r"^date: .*$", "date: 2025-12-31", t),
    "future": lambda t: _sub(r"^date: .*$", "date: 2026-03-01", t),
    "scheduled": lambda t: _sub(r"^date: (.*)$", r"date: \1\npublishDate: 2026-02-01", t),
    "draft": lambda t: _sub(r"^date: (.*)$", r"date: \1\ndraft: true", t),
    "category": lambda t: _sub(r"^category: .*$", "category: Nouvelle catégorie", t),
    "spelling": lambda t: _sub(r"^category: (.*)$", lambda m: f"category: {m[1].lower()}", t),
    "link": lambda t: t + f"\nVoir [l’autre article](/blog/{ARTICLES[0]}#section-absente).\n",
    "good-link": lambda t: t + f"\nVoir [l’autre article](/blog/{ARTICLES[-1]}).\n",
    "broken-yaml": lambda t: t.replace("title:", "title: [", 1),
}
SETTINGS_EDITS = {
    "footer": lambda t: t.replace("Écrivez-nous", "Écrivez-moi", 1),
    "tagline": lambda t: _sub(r"^tagline: .*$", "tagline: Une autre accroche", t),
    "brand": lambda t: t.replace("brand: Renouer", "brand: Renouons", 1),
}

edits = st.one_of(
    st.tuples(
        st.just("article"), st.sampled_from(ARTICLES), st.sampled_from(sorted(ARTICLE_EDITS))
    ),
    st.tuples(st.just("settings"), st.just(SETTINGS), st.sampled_from(sorted(SETTINGS_EDITS))),
    st.tuples(st.just("new"), st.sampled_from(ARTICLES), st.just("copy")),
    st.tuples(st.just("delete"), st.sampled_from(ARTICLES), st.just("delete")),
    st.tuples(st.just("restore"), st.sampled_from(ARTICLES), st.just("original")),
)


def _apply(content: Path, kind: str, name: str, edit: str) -> Path:
    """Save one edit the way an editor does; the path the watcher reports."""
    if kind == "settings":
        path = content / name
        path.write_text(SETTINGS_EDITS[edit](path.read_text("utf-8")), encoding="utf-8")
        return path
    path = content / "articles" / f"{name}.md"
    if kind == "new":
        copy = content / "articles" / f"copie-de-{name}.md"
        copy.write_text((CONTENT / "articles" / f"{name}.md").read_text("utf-8"), "utf-8")
        return copy
    if kind == "delete":
        path.unlink(missing_ok=True)
    elif kind == "restore" or not path.exists():
        shutil.copyfile(CONTENT / "articles" / f"{name}.md", path)
    else:
        path.write_text(ARTICLE_EDITS[edit](path.read_text("utf-8")), encoding="utf-8")
    return path


def _tree(folder: Path) -> dict[str, bytes]:
    return {
        p.relative_to(folder).as_posix(): p.read_bytes()
        for p in sorted(folder.rglob("*"))
        if p.is_file() and p.name != LIVE_FILE
    }


def _same(warm: Outcome, cold: Outcome) -> None:
    assert warm.diagnostics == cold.diagnostics
    assert warm.ok == cold.ok
    if cold.ok:
        assert warm.outputs is not None and cold.outputs is not None
        assert warm.outputs.files == cold.outputs.files


@settings(
    max_examples=40,
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.function_scoped_fixture],
)
@given(st.lists(edits, min_size=1, max_size=5), st.booleans())
# A link to a missing anchor, then the anchor written in the linked article.
@example([("article", ARTICLES[1], "link"), ("article", ARTICLES[0], "heading")], True)
# A second spelling of a category, then more text in that article: the error stays.
@example([("article", ARTICLES[1], "spelling"), ("article", ARTICLES[1], "sentence")], True)
def test_edits_applied_incrementally_give_a_cold_build(
    steps: list[tuple[str, str, str]], drafts: bool
) -> None:
    """``drafts``: the preview (``contenu dev``, ``watch``) or ``watch --no-drafts``."""
    options = Options(drafts=drafts, today=TODAY)
    with tempfile.TemporaryDirectory() as folder:
        root = Path(folder)
        shutil.copytree(CONTENT, root / "content")
        (root / "pyproject.toml").write_text("")
        preview = Project.at(root, out=root / "preview")
        published = Project.at(root, out=root / "build")
        warm = Builder(preview.content, workers=1)
        first = warm.compile(options)
        assert first.ok
        warm.update(first, preview)
        for step in steps:
            saved = _apply(preview.content, *step)
            incremental = warm.compile(options, changed={saved})
            fresh = Builder(preview.content, workers=1)
            cold = fresh.compile(options)
            _same(incremental, cold)
            if cold.ok:
                warm.update(incremental, preview)
                fresh.write(cold, published)
                assert _tree(preview.out) == _tree(published.out)
