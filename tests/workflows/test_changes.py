"""`contenu changements`: the French summary of a pull request, against a real git repository."""

from __future__ import annotations

import datetime as dt
import subprocess
from pathlib import Path

import pytest
import typer
from hypothesis import given
from hypothesis import strategies as st
from typer.testing import CliRunner

from contenu import changes as ch
from contenu.changes import CheckOutcome, FileChange, Kind, Section
from contenu.pipeline.emit import MONTHS

NBSP = "\u00a0"


def git(repo: Path, *args: str) -> str:
    return subprocess.run(
        ["git", "-c", "user.name=Test", "-c", "user.email=test@example.org",
         "-c", "commit.gpgsign=false", "-C", str(repo), *args],
        check=True, capture_output=True, text=True,
    ).stdout  # fmt: skip


def write(repo: Path, path: str, text: str) -> None:
    file = repo / "content" / path
    file.parent.mkdir(parents=True, exist_ok=True)
    file.write_text(text, encoding="utf-8")


def commit(repo: Path, message: str) -> str:
    git(repo, "add", "-A")
    git(repo, "commit", "-q", "--allow-empty", "-m", message)
    return git(repo, "rev-parse", "HEAD").strip()


HOME = """---
title: Accueil
---
```{testimonials}
title: Ils témoignent
items: [sophie]
```

```{articles}
limit: 3
```
"""
ABOUT = """---
title: À propos
---
````{testimonials}
title: Tous les témoignages
````
"""


@pytest.fixture
def repo(tmp_path: Path) -> Path:
    git(tmp_path, "init", "-q", "-b", "main")
    write(tmp_path, "pages/index.md", HOME)
    write(tmp_path, "pages/a-propos.md", ABOUT)
    write(tmp_path, "pages/blog.md", "---\ntitle: Blog\n---\n```{articles}\n```\n")
    write(tmp_path, "pages/contact.md", "---\ntitle: Contact\n---\n")
    write(tmp_path, "pages/ancienne.md", "---\ntitle: Ancienne\n---\n")
    write(tmp_path, "articles/colere.md", "---\ntitle: Colère\n---\nTexte.\n")
    write(tmp_path, "temoignages/sophie.md", "---\nname: Sophie\n---\nMerci.\n")
    write(tmp_path, "temoignages/marc.md", "---\nname: Marc\n---\nMerci.\n")
    write(tmp_path, "faq/prix.md", "---\nquestion: Combien ?\n---\n")
    write(tmp_path, "reglages/site.md", "---\nbrand: Renouer\n---\n")
    (tmp_path / "README.md").write_text("hors contenu\n", encoding="utf-8")
    commit(tmp_path, "base")
    return tmp_path


def pull_request(repo: Path) -> str:
    """A branch touching every kind of content file; returns the base commit."""
    base = git(repo, "rev-parse", "HEAD").strip()
    git(repo, "switch", "-q", "-c", "coach/modifs")
    write(repo, "pages/contact.md", "---\ntitle: Nous écrire\n---\n")
    write(repo, "articles/sommeil.md", "---\ntitle: Sommeil\ndraft: true\n---\n")
    write(repo, "articles/ecrans-à-la-maison.md", "---\ntitle: Écrans\n---\n")
    write(repo, "temoignages/marc.md", "---\nname: Marc D.\n---\nMerci beaucoup.\n")
    write(repo, "reglages/site.md", "---\nbrand: Renouer\ntagline: Hello\n---\n")
    write(repo, "images/photos/equipe.jpg", "not really a jpeg")
    (repo / "content/faq/prix.md").unlink()
    git(repo, "mv", "content/pages/ancienne.md", "content/pages/nouvelle.md")
    (repo / "README.md").write_text("changed outside content\n", encoding="utf-8")
    commit(repo, "modifications d’une coach")
    return base


# --- mapping ------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("path", "section", "paths"),
    [
        ("pages/index.md", Section.PAGES, ("/",)),
        ("pages/ressource.md", Section.PAGES, ("/ressource",)),
        ("pages/appel-confirmation.md", Section.PAGES, ("/appel-confirmation",)),
        ("pages/404.md", Section.PAGES, ("« toute adresse inconnue »",)),
        ("articles/gerer-la-colere.md", Section.ARTICLES, ("/blog/gerer-la-colere",)),
        ("reglages/site.md", Section.SETTINGS, ("« toutes les pages »",)),
        ("reglages/mentions-legales.md", Section.SETTINGS, ("/mentions-legales",)),
        ("images/blog/colere.jpg", Section.IMAGES, ("/images/blog/colere.jpg",)),
        ("temoignages/inconnu.md", Section.ENTRIES, ("« affiché sur aucune page »",)),
        ("notes.txt", Section.OTHER, ()),
    ],
)
def test_each_kind_of_file_maps_to_its_public_address(
    path: str, section: Section, paths: tuple[str, ...]
) -> None:
    target = ch.describe(path)
    assert (target.section, target.paths) == (section, paths)


def test_a_404_page_is_named_as_such() -> None:
    assert ch.describe("pages/404.md").label == "Page d’erreur 404"


def test_collection_entries_map_to_the_pages_that_show_them(repo: Path) -> None:
    usage = ch.read_usage(repo / "content")
    # index.md lists only sophie; a-propos.md (four-backtick fence) shows every testimonial.
    assert ch.describe("temoignages/sophie.md", usage).paths == ("/", "/a-propos")
    assert ch.describe("temoignages/marc.md", usage).paths == ("/a-propos",)
    assert ch.describe("temoignages/marc.md", usage).label == "Témoignage « marc »"
    assert ch.describe("faq/prix.md", usage).paths == ("« affiché sur aucune page »",)


def test_an_article_is_also_listed_where_article_cards_are_shown(repo: Path) -> None:
    usage = ch.read_usage(repo / "content")
    target = ch.describe("articles/colere.md", usage)
    assert target.paths == ("/blog/colere",)
    assert target.note == "listé aussi sur `/`, `/blog`"


def test_draft_and_scheduled_articles_are_flagged(tmp_path: Path) -> None:
    draft = tmp_path / "draft.md"
    draft.write_text("---\ntitle: T\ndraft: true\n---\n", encoding="utf-8")
    later = tmp_path / "later.md"
    later.write_text("---\ntitle: T\npublishDate: 2030-04-01\n---\n", encoding="utf-8")
    past = tmp_path / "past.md"
    past.write_text("---\ntitle: T\npublishDate: 2020-04-01\n---\n", encoding="utf-8")
    today = dt.date(2026, 1, 1)
    assert ch._article_note(draft, today) == f"brouillon{NBSP}: ne sera pas publié"
    assert ch._article_note(later, today) == (
        f"programmé{NBSP}: mis en ligne automatiquement le 1er avril 2030"
    )
    assert ch._article_note(past, today) is None


@given(st.dates())
def test_french_dates_name_the_month_in_french(day: dt.date) -> None:
    text = ch.french_date(day)
    number, month, year = text.split(" ")
    assert month == MONTHS[day.month - 1]
    assert year == str(day.year)
    assert number == ("1er" if day.day == 1 else str(day.day))


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
    assert ch.parse_name_status(raw) == expected


def test_files_moved_across_the_content_boundary_are_added_or_removed() -> None:
    raw = "R100\0content/pages/a.md\0archive/a.md\0R100\0brouillons/b.md\0content/pages/b.md\0"
    assert ch.parse_name_status(raw) == [
        FileChange(Kind.DELETED, "pages/a.md"),
        FileChange(Kind.ADDED, "pages/b.md"),
    ]


def test_git_changes_of_a_branch(repo: Path) -> None:
    base = pull_request(repo)
    found = set(ch.git_changes(repo, base))
    assert found == {
        FileChange(Kind.MODIFIED, "pages/contact.md"),
        FileChange(Kind.ADDED, "articles/sommeil.md"),
        FileChange(Kind.ADDED, "articles/ecrans-à-la-maison.md"),
        FileChange(Kind.MODIFIED, "temoignages/marc.md"),
        FileChange(Kind.MODIFIED, "reglages/site.md"),
        FileChange(Kind.ADDED, "images/photos/equipe.jpg"),
        FileChange(Kind.DELETED, "faq/prix.md"),
        FileChange(Kind.RENAMED, "pages/nouvelle.md", "pages/ancienne.md"),
    }


def test_changes_on_main_after_the_branch_point_are_not_listed(repo: Path) -> None:
    base = pull_request(repo)
    git(repo, "switch", "-q", "main")
    write(repo, "pages/index.md", HOME + "\nChangé sur main.\n")
    commit(repo, "main moves on")
    git(repo, "switch", "-q", "coach/modifs")
    paths = {c.path for c in ch.git_changes(repo, "main")}
    assert "pages/index.md" not in paths
    assert "pages/contact.md" in paths
    assert ch.git_changes(repo, base) == ch.git_changes(repo, "main")


def test_a_null_base_lists_every_file_as_added(repo: Path) -> None:
    found = ch.git_changes(repo, "0" * 40)
    assert {c.kind for c in found} == {Kind.ADDED}
    assert FileChange(Kind.ADDED, "pages/index.md") in found


def test_an_unknown_base_is_a_french_error(repo: Path) -> None:
    with pytest.raises(ch.GitError, match="« nexiste-pas » est introuvable"):
        ch.git_changes(repo, "nexiste-pas")


# --- summary and command ------------------------------------------------------------------


def test_the_summary_lists_changes_with_public_paths(repo: Path) -> None:
    base = pull_request(repo)
    text, ok = ch.summarize(repo, base, check=lambda: CheckOutcome(True, ""))
    assert ok
    assert text.startswith("## Modifications du contenu\n")
    assert f"Comparaison avec `{base}`{NBSP}: 8 fichiers de contenu modifiés." in text
    assert "| Modification | Page « contact » | `/contact` | `content/pages/contact.md` |" in text
    assert "| Renommage | Page « nouvelle » | `/ancienne` → `/nouvelle` |" in text
    article = "| Ajout | Article « ecrans-à-la-maison » (listé aussi sur `/`, `/blog`) |"
    assert article + " `/blog/ecrans-à-la-maison` |" in text
    assert "Article « sommeil » (brouillon" in text
    assert "| Suppression | Question de la FAQ « prix » | « affiché sur aucune page » |" in text
    assert "| Modification | Réglages du site | « toutes les pages » |" in text
    assert "`/images/photos/equipe.jpg`" in text
    assert "README" not in text
    # Sections come in a fixed order, so reviewers find pages first.
    sections = (Section.PAGES, Section.ARTICLES, Section.ENTRIES, Section.SETTINGS, Section.IMAGES)
    order = [text.index(f"### {s.value}") for s in sections]
    assert order == sorted(order)
    assert text.rstrip().endswith("Aucun problème détecté.")


def test_the_summary_reports_failed_validation_in_a_safe_code_block(repo: Path) -> None:
    base = pull_request(repo)
    message = (
        "content/pages/contact.md, ligne 2, champ « title » : texte obligatoire\n"
        "```\n# pas un titre"
    )
    text, ok = ch.summarize(repo, base, check=lambda: CheckOutcome(False, message))
    assert not ok
    assert f"La vérification du contenu a échoué{NBSP}:" in text
    # The output's own ``` cannot close the block early.
    assert "````text\n" + message + "\n````" in text
    assert "Aucun problème détecté." not in text


def test_no_content_change(repo: Path) -> None:
    base = git(repo, "rev-parse", "HEAD").strip()
    (repo / "README.md").write_text("only the readme\n", encoding="utf-8")
    commit(repo, "readme")
    text, _ = ch.summarize(repo, base, check=lambda: CheckOutcome(True, ""))
    assert "Aucune modification du contenu." in text


def test_file_names_cannot_inject_markdown() -> None:
    change = FileChange(Kind.ADDED, "pages/x`|<img src=y>.md")
    text = ch.render_changes([change])
    row = text.splitlines()[-1]
    assert row.count(" | ") == 3  # the pipe in the name is escaped, the table keeps 4 columns
    assert "Page « x'\\|&lt;img src=y&gt; »" in row
    assert "`content/pages/x'\\|<img src=y>.md`" in row


def _command_app() -> typer.Typer:
    app = typer.Typer()
    app.command("changements")(ch.changes)
    app.command("autre")(lambda: None)  # two commands, so Typer keeps the sub-command name
    return app


def test_the_command_appends_to_the_github_step_summary(
    repo: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    base = pull_request(repo)
    summary = tmp_path / "summary.md"
    summary.write_text("## Avant\n", encoding="utf-8")
    monkeypatch.chdir(repo)
    monkeypatch.setenv("GITHUB_STEP_SUMMARY", str(summary))
    monkeypatch.setattr(ch, "run_check", lambda: CheckOutcome(False, "erreur de test"))
    result = CliRunner().invoke(_command_app(), ["changements", "--base", base])
    assert result.exit_code == 1
    assert "## Modifications du contenu" in result.output
    written = summary.read_text(encoding="utf-8")
    assert written.startswith("## Avant\n## Modifications du contenu")
    assert "erreur de test" in written


def test_the_command_needs_a_base() -> None:
    result = CliRunner().invoke(_command_app(), ["changements"])
    assert result.exit_code == 2
    assert "--base" in result.output


def test_the_command_fails_in_french_on_an_unknown_base(
    repo: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.chdir(repo)
    monkeypatch.delenv("GITHUB_STEP_SUMMARY", raising=False)
    monkeypatch.setattr(ch, "run_check", lambda: CheckOutcome(True, ""))
    result = CliRunner().invoke(_command_app(), ["changements", "--base", "inconnue"])
    assert result.exit_code == 1
    assert f"Impossible de comparer avec `inconnue`{NBSP}:" in result.output
    assert "Traceback" not in result.output


CHECK_TABLE = """## Vérification du contenu

❌ 1 erreur et 0 avertissement dans 40 fichiers vérifiés.

| Fichier | Ligne | Champ | Problème |
|---|---|---|---|
| `content/pages/contact.md` | 2 | title | Erreur : texte obligatoire |
"""


def test_the_checks_own_table_is_included_without_its_title() -> None:
    text = ch.render_check(CheckOutcome(False, "terminal text", CHECK_TABLE))
    assert text.startswith("❌ 1 erreur")
    assert "| `content/pages/contact.md` | 2 | title | Erreur : texte obligatoire |" in text
    assert "## Vérification du contenu" not in text
    assert "terminal text" not in text


def test_a_clean_check_says_so() -> None:
    clean = "## Vérification du contenu\n\n✅ Tout est en ordre : 40 fichiers vérifiés.\n"
    text = ch.render_check(CheckOutcome(True, "Tout est en ordre", clean))
    assert text.startswith("Aucun problème détecté.\n\n✅ Tout est en ordre")


def test_run_check_runs_contenu_check_and_collects_its_summary(
    repo: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The real `contenu check` on a broken content folder: a failure, in French."""
    pytest.importorskip("contenu.cli", reason="the contenu CLI is not wired yet")
    monkeypatch.chdir(repo)
    monkeypatch.setenv("GITHUB_ACTIONS", "true")
    monkeypatch.setenv("CONTENU_CI_REPORT", "on")  # as in the content job's step
    outcome = ch.run_check()
    assert not outcome.ok
    assert "Traceback" not in outcome.output
    assert "::error" not in outcome.output, "annotations belong to the content job only"
    assert outcome.markdown is not None
    assert "| Fichier |" in outcome.markdown
