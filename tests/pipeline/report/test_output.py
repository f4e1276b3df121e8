"""The output formats (contenu.report.output) hold against hostile file names, fields and messages:
nothing a pull request writes becomes a GitHub workflow command, Markdown or HTML in the job
summary, or a control character in a terminal; and only the reporting step annotates."""

from __future__ import annotations

import html
import subprocess
import sys
from html.parser import HTMLParser
from pathlib import Path
from typing import Any

import pyromark
import pytest
import typer
from github_runner import commands
from hypothesis import given, settings
from hypothesis import strategies as st
from typer.testing import CliRunner

from contenu.report.diagnostics import Diagnostic
from contenu.report.labels import field_label
from contenu.report.output import (
    CI_BASE,
    CI_REPORT,
    MAX_SUMMARY_ROWS,
    console_text,
    format_github,
    format_terminal,
    guard_output,
    markdown_summary,
    md_text,
    report,
    visible,
    with_guarded_output,
)

GITHUB = {"GITHUB_ACTIONS": "true"}
REPORTING = {"GITHUB_ACTIONS": "true", CI_REPORT: "on"}

#: What an attacker would put in a file name, a key or a value quoted by a message.
HOSTILE = [
    "\n::warning file=x.md,line=1::injecté",
    "\r::error::injecté",
    "\r\n  ::stop-commands::jeton",
    "\u2028::add-mask::secret",
    "##[error]injecté",
    "##[set-env name=X;]1",
    "::error file=a,title=b::c",
    "%0A::warning::x",
    "a`b|c<img src=x onerror=alert(1)>",
    "[cliquez](https://evil.example) ![x](https://evil.example/x.png)",
    "<details><summary>x</summary>",
    "\x1b[2J\x1b[31mrouge\u202eevil\x00",
    "**gras** _it_ ~~barré~~ # titre\n| a | b |\n|---|---|",
    "&lt;script&gt; &amp; \\| \\",
]
hostile_text = st.one_of(
    st.sampled_from(HOSTILE),
    st.lists(
        st.one_of(st.sampled_from(HOSTILE), st.text(min_size=1, max_size=8)), min_size=1, max_size=4
    ).map("".join),
)


def diag(
    path: str = "content/a.md",
    message: str = "ne doit pas être vide",
    field: str = "title",
    *,
    line: int = 3,
    severity: Any = "error",
) -> Diagnostic:
    return Diagnostic(path, line, 1, field, message, severity, source="title: ''")


def unescaped_message(d: Diagnostic) -> str:
    """The annotation text GitHub shows for ``d``: the message, nothing invisible in it."""
    return visible(d.message, keep_newlines=True)


# --- workflow commands ------------------------------------------------------------------------


def test_an_annotation_round_trips_through_the_runner() -> None:
    d = diag("content/a,b:c.md", "100 % faux\nvraiment", "{card} actions[0].href")
    (command,) = commands(format_github(d))
    assert (command.name, command.data) == ("error", "100 % faux\nvraiment")
    assert command.properties == {
        "file": "content/a,b:c.md",
        "line": "3",
        "col": "1",
        "title": "Carte mise en avant › Bouton 1 › Lien",
    }


@settings(max_examples=150, deadline=None)
@given(path=hostile_text, message=hostile_text, field=hostile_text, source=hostile_text)
def test_hostile_text_never_becomes_a_workflow_command(
    path: str, message: str, field: str, source: str
) -> None:
    """Whatever the file name, field, message or source line, the runner sees exactly one
    command per annotated problem, carrying that problem's own text."""
    problems = [
        Diagnostic(path, 2, 1, field, message, "error", source),
        Diagnostic("content/b.md", 0, 0, field, message, "warning", source),
    ]
    output = report(problems, 2, env=REPORTING, changed={"content/b.md"})
    found = commands(output)
    assert sorted(c.name for c in found) == ["error", "warning"]
    by_name = {c.name: c for c in found}
    assert by_name["error"].properties["file"] == visible(path)
    assert by_name["error"].properties["title"] == (
        visible(field_label(field)) or "Erreur de contenu"
    )
    assert by_name["error"].data == unescaped_message(problems[0])
    assert by_name["warning"].properties["file"] == "content/b.md"


@settings(max_examples=100, deadline=None)
@given(text=hostile_text)
def test_console_messages_are_inert_on_github(text: str) -> None:
    assert commands(console_text(f"Chemin introuvable : {text}", GITHUB)) == []
    assert "\x1b" not in console_text(text, {})


def test_terminal_lines_escape_control_characters() -> None:
    shown = format_terminal(diag("content/\x1b[2Jx\u202e.md", "a\x07b", "t\ri"))
    assert "\x1b" not in shown and "\u202e" not in shown and "\x07" not in shown
    assert shown.startswith("content/\\x1b[2Jx\\u202e.md:3:1: «\u00a0t\\ri\u00a0»\u00a0: a\\x07b")


def test_the_guard_lets_only_annotations_through(capsys: pytest.CaptureFixture[str]) -> None:
    ours = format_github(diag())
    with guard_output(GITHUB):
        typer.echo("::warning file=x::injecté")
        print("##[error]injecté", file=sys.stderr)
        sys.stdout.write(":")  # a command split over two writes
        sys.stdout.write(":error::injecté\n")
        typer.echo(ours)
        sys.stdout.write("::notice::sans fin de ligne")
    out, err = capsys.readouterr()
    assert commands(out) == commands(ours)
    assert commands(err) == []
    assert "injecté" in out and "injecté" in err  # still readable, only inert


def test_the_guard_does_nothing_outside_github(capsys: pytest.CaptureFixture[str]) -> None:
    with guard_output({}):
        typer.echo("::warning::x")
    assert capsys.readouterr().out == "::warning::x\n"


def test_every_cli_command_runs_guarded(monkeypatch: pytest.MonkeyPatch) -> None:
    """A message the CLI prints with a file name in it (here a missing path) is inert."""
    monkeypatch.setenv("GITHUB_ACTIONS", "true")
    from contenu.cli import app

    result = CliRunner().invoke(app, ["check", "x\n::warning file=a::injecté"])
    assert result.exit_code == 2
    assert "injecté" in result.output
    assert commands(result.output) == []


def test_a_guarded_function_keeps_its_result() -> None:
    assert with_guarded_output(lambda x: x + 1)(1) == 2


# --- who reports --------------------------------------------------------------------------------


def test_only_the_reporting_step_annotates_and_writes_the_summary(tmp_path: Path) -> None:
    summary = tmp_path / "summary.md"
    problems = [diag(), diag("content/b.md", "à compléter", severity="warning")]
    env = {**GITHUB, "GITHUB_STEP_SUMMARY": str(summary)}
    quiet = report(problems, 2, env=env)
    assert commands(quiet) == []
    assert not summary.exists()
    loud = report(problems, 2, env={**env, CI_REPORT: "on"}, changed=set())
    assert [c.name for c in commands(loud)] == ["error"]  # b.md is not part of the change
    assert "| 3 | Titre | ne doit pas être vide |" in summary.read_text(encoding="utf-8")


def test_warnings_are_annotated_only_in_files_the_change_touches() -> None:
    problems = [
        diag("content/reglages/mentions-legales.md", "à compléter", severity="warning"),
        diag("content/articles/neuf.md", "à compléter", severity="warning"),
    ]
    output = report(problems, 2, env=REPORTING, changed={"content/articles/neuf.md"})
    assert [c.properties["file"] for c in commands(output)] == ["content/articles/neuf.md"]
    assert commands(report(problems, 2, env=REPORTING)) == []  # no base: summary only


def git(repo: Path, *args: str) -> None:
    subprocess.run(
        ["git", "-c", "user.name=T", "-c", "user.email=t@example.org", "-c",
         "commit.gpgsign=false", "-C", str(repo), *args],
        check=True, capture_output=True,
    )  # fmt: skip


def test_the_changed_files_come_from_git(tmp_path: Path) -> None:
    (tmp_path / "content").mkdir()
    (tmp_path / "content" / "ancien.md").write_text("a\n", encoding="utf-8")
    git(tmp_path, "init", "-q", "-b", "main")
    git(tmp_path, "add", "-A")
    git(tmp_path, "commit", "-q", "-m", "base")
    (tmp_path / "content" / "neuf.md").write_text("b\n", encoding="utf-8")
    git(tmp_path, "add", "-A")
    git(tmp_path, "commit", "-q", "-m", "change")
    problems = [
        diag("content/ancien.md", "à compléter", severity="warning"),
        diag("content/neuf.md", "à compléter", severity="warning"),
    ]
    env = {**REPORTING, CI_BASE: "HEAD~1"}
    output = report(problems, 2, env=env, root=tmp_path)
    assert [c.properties["file"] for c in commands(output)] == ["content/neuf.md"]
    for unknown in ("0" * 40, "nexiste-pas", "--output=/tmp/x"):
        output = report(problems, 2, env={**REPORTING, CI_BASE: unknown}, root=tmp_path)
        assert commands(output) == []


# --- job summary ----------------------------------------------------------------------------------

ALLOWED_TAGS = {
    "h2", "p", "table", "thead", "tbody", "tr", "th", "td", "code", "details", "summary",
    "strong",
}  # fmt: skip


class Cells(HTMLParser):
    """The tags and the text of every table cell of rendered HTML."""

    def __init__(self) -> None:
        super().__init__(convert_charrefs=True)
        self.tags: list[str] = []
        self.rows: list[list[str]] = []
        self._cell: list[str] | None = None

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        self.tags.append(tag)
        if tag == "tr":
            self.rows.append([])
        elif tag in ("td", "th"):
            self._cell = []

    def handle_endtag(self, tag: str) -> None:
        if tag in ("td", "th") and self._cell is not None:
            self.rows[-1].append("".join(self._cell))
            self._cell = None

    def handle_data(self, data: str) -> None:
        if self._cell is not None:
            self._cell.append(data)


def rendered(markdown: str) -> Cells:
    parser = Cells()
    parser.feed(pyromark.html(markdown, options=pyromark.Options.ENABLE_TABLES))
    return parser


@settings(max_examples=150, deadline=None)
@given(path=hostile_text, message=hostile_text, field=hostile_text)
def test_the_summary_shows_hostile_text_literally(path: str, message: str, field: str) -> None:
    problems = [diag(path, message, field), diag(path, message, field, severity="warning")]
    page = rendered(markdown_summary(problems, 7))
    assert set(page.tags) <= ALLOWED_TAGS, page.tags
    header = ["Fichier", "Ligne", "Champ", "Problème"]
    expected = [
        visible(path),
        "3",
        shown(visible(field_label(field)) or "—"),
        shown(visible(problems[0].message)),
    ]
    assert page.rows == [header, expected, header, expected]


def shown(cell: str) -> str:
    """A table cell's text as Markdown shows it: spaces and tabs at its ends trimmed (the
    path keeps its own: it is inside <code>)."""
    return cell.strip(" \t")


def test_md_text_escapes_what_markdown_would_read() -> None:
    assert md_text("a|b") == "a\\|b"
    assert md_text("x\ny") == "x\\\\ny"
    assert html.unescape(pyromark.html(md_text("[a](b) <i>"))).strip() == "<p>[a](b) <i></p>"


def test_the_summary_says_how_to_fix_in_the_web_editor() -> None:
    text = markdown_summary([diag()], 3)
    assert "« Commit changes… »" in text.replace("\u00a0", " ")
    assert "enregistrer (valider les modifications)" in text
    assert "poussez" not in text and "http.server" not in text
    clean = markdown_summary([], 3)
    assert "apercu-des-pages" in clean  # the pages to look at, without a terminal


def test_permanent_warnings_are_folded_under_the_errors() -> None:
    text = markdown_summary([diag(), diag("content/b.md", "à compléter", severity="warning")], 3)
    assert text.index("| Titre | ne doit pas être vide |") < text.index("<details>")
    assert "1 avertissement (ne bloque pas la publication)" in text


def test_a_huge_report_stays_within_githubs_summary_limit() -> None:
    problems = [diag(f"content/{i:05}.md", "x" * 400) for i in range(MAX_SUMMARY_ROWS + 50)]
    text = markdown_summary(problems, len(problems))
    assert len(text.encode("utf-8")) < 1024 * 1024
    assert "et 50 autres" in text.replace("\u00a0", " ")


# --- the reproduction of issue 12, item 6, through the real command ----------------------------

INJECTING_NAMES = [
    "a\n::warning file=README.md,line=1::injecté.md",
    "b\n::stop-commands::jeton.md",
    "c\r::error::injecté.md",
    "d ##[error]injecté.md",
    "e`|<b>[x](https:evil.example).md",
]


@pytest.mark.parametrize("name", INJECTING_NAMES)
def test_a_hostile_file_name_injects_nothing(
    name: str, write: Any, site_root: Path, contenu: Any, tmp_path: Path
) -> None:
    """A content file named to inject workflow commands or Markdown: the runner sees only
    our annotations, each on a file of content/, and the summary shows the name as text."""
    write(site_root, f"articles/{name}", "---\ntitle: Sans date\n---\nTexte.\n")
    summary = tmp_path / "summary.md"
    result = contenu("check", env={**REPORTING, "GITHUB_STEP_SUMMARY": str(summary)})
    found = commands(result.output)
    assert found, "the broken file is reported"
    for command in found:
        # An injected command would be another one, or carry no file or another file.
        assert command.name in {"error", "warning"}, command
        assert command.properties.get("file", "").startswith("content/articles/"), command
    page = rendered(summary.read_text(encoding="utf-8"))
    assert set(page.tags) <= ALLOWED_TAGS, page.tags
    assert all(len(row) == 4 for row in page.rows)


def test_counts_agree_with_their_number() -> None:
    # A coach who fixed everything but one file reads « 1 fichier vérifié », not « fichiers ».
    assert report([], 1, env={}).endswith("Tout est en ordre : 1 fichier vérifié.")
    assert report([], 12, env={}).endswith("Tout est en ordre : 12 fichiers vérifiés.")
