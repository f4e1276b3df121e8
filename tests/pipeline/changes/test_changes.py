"""`contenu changements`: the French summary of a pull request, against a real git repository
holding the shipped content. The summary reads everything from the pipeline's analysis, so
the central test here builds the same branch and checks that both say the same thing."""

from __future__ import annotations

import datetime as dt
import json
import re
import shutil
import subprocess
from pathlib import Path
from typing import Any

import pytest
from hypothesis import given
from hypothesis import strategies as st
from typer.testing import CliRunner

from contenu.changes.git import FileChange, GitError, Kind, git_changes, parse_name_status
from contenu.changes.summary import Row, Section, Summary, Target, render_rows, summarize
from contenu.cli import app
from contenu.models.paths import article_path
from contenu.report.output import format_terminal

CONTENT = Path(__file__).resolve().parents[3] / "content"
TODAY = "2026-01-15"
DAY = dt.date.fromisoformat(TODAY)
NBSP = "\u00a0"


def git(repo: Path, *args: str) -> str:
    return subprocess.run(
        ["git", "-c", "user.name=Test", "-c", "user.email=test@example.org",
         "-c", "commit.gpgsign=false", "-C", str(repo), *args],
        check=True, capture_output=True, text=True,
    ).stdout  # fmt: skip


def write(repo: Path, rel: str, text: str) -> None:
    file = repo / "content" / rel
    file.parent.mkdir(parents=True, exist_ok=True)
    file.write_text(text, encoding="utf-8")


def edit(repo: Path, rel: str, old: str, new: str) -> None:
    file = repo / "content" / rel
    text = file.read_text(encoding="utf-8")
    assert old in text, f"{old!r} not in {rel}"
    file.write_text(text.replace(old, new, 1), encoding="utf-8")


def commit(repo: Path, message: str) -> str:
    git(repo, "add", "-A")
    git(repo, "commit", "-q", "--allow-empty", "-m", message)
    return git(repo, "rev-parse", "HEAD").strip()


@pytest.fixture
def repo(tmp_path: Path) -> Path:
    """A git repository whose main branch holds the shipped content."""
    root = tmp_path / "depot"
    shutil.copytree(CONTENT, root / "content")
    (root / "pyproject.toml").write_text("")
    git(root, "init", "-q", "-b", "main")
    commit(root, "base")
    return root


ARTICLE = """---
title: {title}
excerpt: Un résumé de l’article.
date: 2025-11-02
category: Émotions
{extra}---

Le texte de l’article.
"""


def pull_request(repo: Path) -> str:
    """A coach's branch: one edit of each kind the summary names; returns the base commit."""
    base = git(repo, "rev-parse", "HEAD").strip()
    git(repo, "switch", "-q", "-c", "coach/modifs")
    write(repo, "articles/nouvel-article.md", ARTICLE.format(title="Nouvel article", extra=""))
    scheduled = ARTICLE.format(title="À venir", extra="publishDate: 2030-04-01\n")
    write(repo, "articles/a-venir.md", scheduled)
    edit(repo, "articles/estime-soi-enfant.md", "category: Confiance en soi\n",
         "category: Confiance en soi\ndraft: true\n")  # fmt: skip
    git(
        repo,
        "mv",
        "content/articles/routines-apaisantes.md",
        "content/articles/routines-du-soir.md",
    )
    edit(repo, "temoignages/karim-b.md", "Aujourd'hui", "Désormais")
    edit(repo, "pages/contact.md", "```{faq}", "Une phrase de plus.\n\n```{faq}")
    (repo / "content/faq/therapie.md").unlink()
    write(repo, "images/equipe/nouvelle.svg", '<svg xmlns="http://www.w3.org/2000/svg" '
          'width="10" height="10"></svg>\n')  # fmt: skip
    commit(repo, "modifications d’une coach")
    return base


def build(content: Path, tmp: Path, *extra: str) -> tuple[int, str, Path]:
    """``contenu build`` of ``content`` in its own root; returns exit code, output, out dir."""
    root = tmp / f"build{len(list(tmp.glob('build*')))}"
    root.mkdir()
    (root / "pyproject.toml").write_text("")
    out = root / "build"
    with pytest.MonkeyPatch.context() as mp:
        mp.chdir(root)
        for name in ("GITHUB_ACTIONS", "GITHUB_STEP_SUMMARY", "SITE_URL"):
            mp.delenv(name, raising=False)
        args = ["build", "--content", str(content), "--out", str(out), "--today", TODAY, *extra]
        result = CliRunner().invoke(app, args, catch_exceptions=False)
    return result.exit_code, result.output, out


def routes(out: Path) -> dict[str, dict[str, Any]]:
    index = json.loads((out / "routes.json").read_text(encoding="utf-8"))
    return {route["path"]: route for route in index}


def pages_showing(out: Path, cell_type: str, entry_id: str) -> set[str]:
    """Routes of the build whose ``cell_type`` cell lists the entry (or article) ``entry_id``."""
    found = set()
    for route in routes(out).values():
        data = out / "public" / "data" / "routes" / f"{route['key']}.json"
        bundle = json.loads(data.read_text(encoding="utf-8"))
        for cell in bundle["cells"]:
            ids = [e.get("id", e.get("slug")) for e in cell.get("entries") or []]
            if cell["type"] == cell_type and entry_id in ids:
                found.add(route["path"])
    return found


def row_of(summary: Summary, path: str) -> Row:
    return next(r for r in summary.rows if r.change.path == path)


def test_the_summary_and_the_build_agree(repo: Path, tmp_path: Path) -> None:
    base = pull_request(repo)
    summary = summarize(repo, base, DAY)
    assert summary.ok and summary.git_error is None
    code, output, out = build(repo / "content", tmp_path, "--drafts")
    assert code == 0, output
    built = routes(out)
    _, _, published_out = build(repo / "content", tmp_path)
    published = routes(published_out)

    # Every page or article the summary names is a route of the build, in the same state.
    for row in summary.rows:
        if row.change.kind is Kind.DELETED or row.target.section is not Section.ARTICLES:
            continue
        (path,) = row.target.paths
        assert built[path]["status"] == row.target.status, path
        assert (path in published) == (row.target.status == "published"), path
    assert row_of(summary, "articles/nouvel-article.md").target.status == "published"
    assert row_of(summary, "articles/a-venir.md").target.status == "scheduled"
    assert row_of(summary, "articles/estime-soi-enfant.md").target.status == "draft"

    renamed = row_of(summary, "articles/routines-du-soir.md")
    assert renamed.change == FileChange(
        Kind.RENAMED, "articles/routines-du-soir.md", "articles/routines-apaisantes.md"
    )
    assert renamed.before is not None
    assert renamed.before.paths == ("/blog/routines-apaisantes",)
    assert "/blog/routines-apaisantes" not in built
    assert renamed.target.paths == ("/blog/routines-du-soir",)

    # Where an entry or an article card shows is where the build puts it.
    karim = row_of(summary, "temoignages/karim-b.md").target
    assert set(karim.paths) == pages_showing(out, "testimonials", "karim-b") == {"/"}
    new = row_of(summary, "articles/nouvel-article.md").target
    listed = pages_showing(published_out, "articles", "nouvel-article")
    assert listed, "the build lists the new article nowhere"
    assert new.notes == ("listé aussi sur " + ", ".join(f"`{p}`" for p in sorted(listed)),)
    deleted = row_of(summary, "faq/therapie.md")
    assert deleted.change.kind is Kind.DELETED and deleted.target.paths == ("/contact",)
    assert row_of(summary, "pages/contact.md").target.paths == ("/contact",)
    assert row_of(summary, "images/equipe/nouvelle.svg").target.paths == (
        "/images/equipe/nouvelle.svg",
    )
    assert len(summary.rows) == 8

    text = summary.markdown()
    assert f"Comparaison avec `{base}`{NBSP}: 8 fichiers de contenu modifiés." in text
    assert "| `/blog/routines-apaisantes` → `/blog/routines-du-soir` |" in text
    assert f"(programmé{NBSP}: mis en ligne automatiquement le 1er avril 2030)" in text
    assert f"(brouillon{NBSP}: ne sera pas publié\u202f; était publié)" in text
    assert "| Suppression | Question de la FAQ « therapie » | `/contact` |" in text
    assert "✅ Le contenu est valide." in text
    assert "avertissement" not in text  # listed once, by the content check


def test_a_broken_file_fails_the_summary_as_it_fails_the_build(repo: Path, tmp_path: Path) -> None:
    base = git(repo, "rev-parse", "HEAD").strip()
    git(repo, "switch", "-q", "-c", "coach/erreur")
    edit(repo, "temoignages/karim-b.md", "rating: 5", "rating: 9")
    write(repo, "articles/sans-date.md", ARTICLE.format(title="Sans date", extra="").replace(
        "date: 2025-11-02\n", ""))  # fmt: skip
    commit(repo, "deux erreurs")
    summary = summarize(repo, base, DAY)
    code, output, _ = build(repo / "content", tmp_path)
    assert code == 1 and not summary.ok
    assert summary.check is not None
    errors = summary.check.errors
    assert {e.path for e in errors} == {
        "content/temoignages/karim-b.md", "content/articles/sans-date.md"
    }  # fmt: skip
    for error in errors:  # the same problems, at the same places, as the build prints
        assert format_terminal(error).splitlines()[0] in output
    text = summary.markdown()
    assert "❌ 2 erreurs à corriger" in text
    assert "Témoignage « karim-b » (contient une erreur, voir la vérification)" in text
    assert re.search(r"\| `content/articles/sans-date.md` \|", text)


# --- git ----------------------------------------------------------------------------------

_names = st.text(
    alphabet=st.characters(blacklist_categories=("Cs", "Cc"), blacklist_characters="/\0"),
    min_size=1, max_size=12,
).map(lambda s: f"content/pages/{s}.md")  # fmt: skip


@given(st.lists(st.tuples(st.sampled_from("AMDTR"), _names, _names), max_size=8))
def test_name_status_parsing_round_trips(rows: list[tuple[str, str, str]]) -> None:
    raw, expected = "", []
    for letter, path, other in rows:
        if letter == "R":
            raw += f"R087\0{other}\0{path}\0"
            expected.append(FileChange(Kind.RENAMED, path[8:], other[8:]))
        else:
            raw += f"{letter}\0{path}\0"
            kind = {"A": Kind.ADDED, "D": Kind.DELETED}.get(letter, Kind.MODIFIED)
            expected.append(FileChange(kind, path[8:]))
    assert parse_name_status(raw) == expected


def test_files_moved_across_the_content_boundary_are_added_or_removed() -> None:
    raw = "R100\0content/pages/a.md\0archive/a.md\0R100\0brouillons/b.md\0content/pages/b.md\0"
    assert parse_name_status(raw) == [
        FileChange(Kind.DELETED, "pages/a.md"),
        FileChange(Kind.ADDED, "pages/b.md"),
    ]


def test_changes_on_main_after_the_branch_point_are_not_listed(repo: Path) -> None:
    base = pull_request(repo)
    git(repo, "switch", "-q", "main")
    edit(repo, "pages/index.md", "```{hero}", "Changé sur main.\n\n```{hero}")
    commit(repo, "main moves on")
    git(repo, "switch", "-q", "coach/modifs")
    by_name = {r.change.path for r in summarize(repo, "main", DAY).rows}
    assert "pages/index.md" not in by_name
    assert by_name == {r.change.path for r in summarize(repo, base, DAY).rows}


def test_uncommitted_and_new_files_are_part_of_the_summary(repo: Path) -> None:
    """Like `contenu check`, the summary reads the content on disk."""
    base = git(repo, "rev-parse", "HEAD").strip()
    edit(repo, "pages/merci.md", "```{hero}", "Merci encore.\n\n```{hero}")
    write(repo, "faq/nouvelle.md", "---\nquestion: Nouvelle ?\n---\nOui.\n")
    assert set(git_changes(repo, base)) == {
        FileChange(Kind.MODIFIED, "pages/merci.md"),
        FileChange(Kind.ADDED, "faq/nouvelle.md"),
    }
    row = row_of(summarize(repo, base, DAY), "faq/nouvelle.md")
    assert row.target.paths == ("/contact",)  # the {faq} cell there shows every question


def test_a_null_base_lists_every_file_as_added(repo: Path) -> None:
    summary = summarize(repo, "0" * 40, DAY)
    assert {r.change.kind for r in summary.rows} == {Kind.ADDED}
    assert row_of(summary, "pages/index.md").target.label == "Page d’accueil"
    assert summary.markdown().count("Première version") == 1


def test_an_unknown_base_is_a_french_error_and_the_content_is_still_checked(repo: Path) -> None:
    summary = summarize(repo, "nexiste-pas", DAY)
    assert not summary.ok and summary.rows == []
    assert summary.git_error is not None and "« nexiste-pas » est introuvable" in summary.git_error
    assert f"Impossible de comparer avec `nexiste-pas`{NBSP}:" in summary.markdown()
    assert "✅ Le contenu est valide." in summary.markdown()


def test_symbolic_links_of_the_base_are_never_followed(repo: Path) -> None:
    base = git(repo, "rev-parse", "HEAD").strip()
    (repo / "content" / "pages" / "lien.md").symlink_to("/etc/passwd")
    commit(repo, "a link")
    git(repo, "switch", "-q", "-c", "suite")
    (repo / "content" / "pages" / "lien.md").unlink()
    commit(repo, "no more link")
    summary = summarize(repo, git(repo, "rev-parse", "HEAD~1").strip(), DAY)
    deleted = row_of(summary, "pages/lien.md")
    assert deleted.change.kind is Kind.DELETED
    assert deleted.target.section is Section.OTHER  # never read as a page
    assert summarize(repo, base, DAY).rows == []


# --- rendering and command ----------------------------------------------------------------


def test_file_names_cannot_inject_markdown() -> None:
    change = FileChange(Kind.ADDED, "autres/x`|<img src=y>.md")
    text = render_rows([Row(change, Target(Section.OTHER, f"Fichier « {change.path} »"))])
    row = text.splitlines()[-1]
    assert row.count(" | ") == 3  # the pipe in the name is escaped, the table keeps 4 columns
    assert "Fichier « autres/x\\`\\|\\<img src=y\\>\\.md »" in row
    assert "`content/autres/x'\\|<img src=y>.md`" in row


def test_no_content_change(repo: Path) -> None:
    base = git(repo, "rev-parse", "HEAD").strip()
    (repo / "README.md").write_text("only the readme\n", encoding="utf-8")
    commit(repo, "readme")
    assert "Aucune modification du contenu." in summarize(repo, base, DAY).markdown()


def test_the_command_appends_to_the_github_step_summary(
    repo: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    base = pull_request(repo)
    edit(repo, "temoignages/karim-b.md", "rating: 5", "rating: 9")  # not committed: still seen
    summary = tmp_path / "summary.md"
    summary.write_text("## Avant\n", encoding="utf-8")
    monkeypatch.chdir(repo)
    monkeypatch.setenv("GITHUB_STEP_SUMMARY", str(summary))
    monkeypatch.delenv("GITHUB_ACTIONS", raising=False)
    args = ["changements", "--base", base, "--today", TODAY]
    result = CliRunner().invoke(app, args, catch_exceptions=False)
    assert result.exit_code == 1
    assert "## Modifications du contenu" in result.output
    written = summary.read_text(encoding="utf-8")
    assert written.startswith("## Avant\n## Modifications du contenu")
    assert "❌ 1 erreur à corriger" in written
    assert "Témoignage « karim-b » (contient une erreur, voir la vérification)" in written
    assert "::error" not in result.output  # annotations belong to the content job only


def test_the_command_needs_a_base(repo: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(repo)
    result = CliRunner().invoke(app, ["changements"])
    assert result.exit_code == 2
    assert "--base" in result.output


def test_the_command_fails_in_french_on_an_unknown_base(
    repo: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.chdir(repo)
    monkeypatch.delenv("GITHUB_STEP_SUMMARY", raising=False)
    result = CliRunner().invoke(app, ["changements", "--base", "inconnue"])
    assert result.exit_code == 1
    assert f"Impossible de comparer avec `inconnue`{NBSP}:" in result.output
    assert "Traceback" not in result.output


def test_git_errors_are_french(tmp_path: Path) -> None:
    with pytest.raises(GitError):
        git_changes(tmp_path, "HEAD")  # not a repository
    assert article_path("x") == "/blog/x"
