"""`contenu changements`: a French summary of what a pull request changes on the site.

A reviewer (often a coach) wants to know which public pages a change touches, not which
files: the summary maps every changed file of ``content/`` to its public address, then runs
the same validation as ``contenu check`` and lists its problems. In GitHub Actions the
summary is appended to ``$GITHUB_STEP_SUMMARY`` and shows on the run's page.
"""

from __future__ import annotations

import datetime as dt
import enum
import html
import os
import re
import subprocess
import sys
import tempfile
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import typer
import yaml

from contenu.models import (
    ARTICLES_FOLDER,
    COLLECTIONS,
    IMAGES_FOLDER,
    PAGES_FOLDER,
    Collection,
)
from contenu.pipeline.articles import french_date
from contenu.typography import NBSP, NNBSP

CONTENT_DIR = "content"
#: git's well-known id of the empty tree: the base when there is no previous commit.
EMPTY_TREE = "4b825dc642cb6eb9a060e54bf8d69288fbee4904"
_NULL_SHA = re.compile(r"^0{40}$")
_ANSI = re.compile(r"\x1b\[[0-9;?]*[A-Za-z]")


class Kind(enum.Enum):
    """What happened to a file, in the words of the summary."""

    ADDED = "Ajout"
    MODIFIED = "Modification"
    DELETED = "Suppression"
    RENAMED = "Renommage"


@dataclass(frozen=True)
class FileChange:
    """One line of ``git diff --name-status``; paths are relative to ``content/``."""

    kind: Kind
    path: str
    old_path: str | None = None


class Section(enum.Enum):
    """Groups of the summary, in display order."""

    PAGES = "Pages"
    ARTICLES = "Articles"
    ENTRIES = "Éléments réutilisables (témoignages, FAQ, équipe…)"
    SETTINGS = "Réglages"
    IMAGES = "Images"
    OTHER = "Autres fichiers"


@dataclass(frozen=True)
class Target:
    """What a content file is on the public site."""

    section: Section
    label: str
    #: Public paths (``/blog/slug``), or a French phrase in « » when there is no single path.
    paths: tuple[str, ...] = ()
    note: str | None = None


@dataclass(frozen=True)
class CheckOutcome:
    """Result of the content validation: its exit status and its French messages."""

    ok: bool
    output: str
    #: The check's own Markdown summary (a table of problems), when it wrote one.
    markdown: str | None = None


@dataclass
class Usage:
    """Which pages show collections and article lists (read from the current content)."""

    #: cell name -> list of (public path, ids listed by ``items`` or None for all)
    cells: dict[str, list[tuple[str, frozenset[str] | None]]] = field(default_factory=dict)

    def pages_showing(self, cell: str, entry_id: str | None = None) -> tuple[str, ...]:
        return tuple(
            sorted(
                {
                    path
                    for path, items in self.cells.get(cell, [])
                    if entry_id is None or items is None or entry_id in items
                }
            )
        )


# --- git -----------------------------------------------------------------------------------


def parse_name_status(output: str) -> list[FileChange]:
    """Parse ``git diff --name-status -z`` output, keeping only files under ``content/``."""
    fields = output.split("\0")
    if fields and fields[-1] == "":
        fields.pop()
    changes: list[FileChange] = []
    i = 0
    while i < len(fields):
        status = fields[i]
        letter = status[:1]
        if letter in ("R", "C"):
            old, new = fields[i + 1], fields[i + 2]
            i += 3
            old_rel, new_rel = _relative(old), _relative(new)
            if letter == "R" and old_rel and new_rel:
                change = FileChange(Kind.RENAMED, new_rel, old_rel)
            elif new_rel:  # a copy, or a file moved into content/
                change = FileChange(Kind.ADDED, new_rel)
            else:  # moved out of content/
                change = FileChange(Kind.DELETED, old_rel)
        else:
            path = fields[i + 1]
            i += 2
            kind = {"A": Kind.ADDED, "D": Kind.DELETED}.get(letter, Kind.MODIFIED)
            change = FileChange(kind, _relative(path))
        if change.path:
            changes.append(change)
    return changes


def _relative(repo_path: str) -> str:
    prefix = CONTENT_DIR + "/"
    return repo_path[len(prefix) :] if repo_path.startswith(prefix) else ""


class GitError(Exception):
    """A git command failed; the message is French and meant for the user."""


def _git(repo: Path, *args: str) -> str:
    try:
        done = subprocess.run(
            ["git", "-C", str(repo), *args],
            capture_output=True,
            check=False,
            text=True,
            encoding="utf-8",
        )
    except FileNotFoundError as error:
        raise GitError("git est introuvable : installez-le pour comparer les versions.") from error
    if done.returncode != 0:
        raise GitError(done.stderr.strip() or f"git {' '.join(args)} a échoué")
    return done.stdout


def git_changes(repo: Path, base: str) -> list[FileChange]:
    """Changes of ``content/`` between the merge base of ``base`` and HEAD, and HEAD."""
    if _NULL_SHA.match(base):
        # A push that created the branch has no previous commit: everything is new.
        diff_args = [EMPTY_TREE, "HEAD"]
    else:
        try:
            _git(repo, "rev-parse", "--verify", "--quiet", f"{base}^{{commit}}")
        except GitError as error:
            raise GitError(
                f"la version de comparaison « {base} » est introuvable dans l’historique git "
                "(récupérez tout l’historique, par exemple avec « git fetch --unshallow »)."
            ) from error
        diff_args = [f"{base}...HEAD"]
    out = _git(repo, "diff", "--name-status", "-z", "-M", *diff_args, "--", CONTENT_DIR + "/")
    return parse_name_status(out)


# --- mapping to the public site ------------------------------------------------------------


def page_path(name: str) -> str | None:
    """Public path of ``pages/<name>.md``; None for the 404 page, which has no address."""
    if name == "404":
        return None
    if name == "index":
        return "/"
    return "/" + name.removesuffix("/index")


def describe(path: str, usage: Usage | None = None, content_dir: Path | None = None) -> Target:
    """What the file ``path`` (relative to ``content/``) is on the public site."""
    usage = usage or Usage()
    parts = path.split("/")
    stem = parts[-1].removesuffix(".md")
    folder = parts[0] if len(parts) > 1 else ""
    is_markdown = path.endswith(".md")

    if folder == PAGES_FOLDER and is_markdown:
        name = "/".join(parts[1:]).removesuffix(".md")
        public = page_path(name)
        if public is None:
            return Target(Section.PAGES, "Page d’erreur 404", ("« toute adresse inconnue »",))
        label = "Page d’accueil" if public == "/" else f"Page « {name} »"
        return Target(Section.PAGES, label, (public,))

    if folder == ARTICLES_FOLDER and is_markdown and len(parts) == 2:
        also = tuple(p for p in usage.pages_showing("articles") if p != f"/blog/{stem}")
        note = _article_note(content_dir / path if content_dir else None)
        if also and note is None:  # drafts and scheduled articles are not listed yet
            listed = ", ".join(_code(p) for p in also)
            note = _join_notes(note, f"listé aussi sur {listed}")
        return Target(Section.ARTICLES, f"Article « {stem} »", (f"/blog/{stem}",), note)

    collection = _collection(folder)
    if collection is not None and is_markdown:
        pages = usage.pages_showing(collection.cell, stem)
        label = f"{collection.label[:1].upper()}{collection.label[1:]} « {stem} »"
        if pages:
            return Target(Section.ENTRIES, label, pages)
        return Target(Section.ENTRIES, label, ("« affiché sur aucune page »",))

    if path == "reglages/site.md":
        return Target(Section.SETTINGS, "Réglages du site", ("« toutes les pages »",))
    if path == "reglages/mentions-legales.md":
        return Target(
            Section.SETTINGS, "Mentions légales (éditeur, hébergeur)", ("/mentions-legales",)
        )

    if folder == IMAGES_FOLDER:
        return Target(Section.IMAGES, f"Image « {parts[-1]} »", ("/" + path,))

    return Target(Section.OTHER, f"Fichier « {path} »")


def _collection(folder: str) -> Collection | None:
    return next((c for c in COLLECTIONS if c.folder == folder), None)


def _join_notes(*notes: str | None) -> str | None:
    present = [n for n in notes if n]
    return f"{NNBSP}; ".join(present) if present else None


def _article_note(file: Path | None, today: dt.date | None = None) -> str | None:
    """Whether an article will not be visible after merging (draft or scheduled)."""
    if file is None or not file.is_file():
        return None
    front = _frontmatter(file.read_text(encoding="utf-8"))
    if front.get("draft") is True:
        return f"brouillon{NBSP}: ne sera pas publié"
    publish = front.get("publishDate")
    if isinstance(publish, str):
        try:
            publish = dt.date.fromisoformat(publish)
        except ValueError:
            return None
    today = today or dt.date.today()
    if isinstance(publish, dt.date) and publish > today:
        return f"programmé{NBSP}: mis en ligne automatiquement le {french_date(publish)}"
    return None


def _frontmatter(text: str) -> dict[str, Any]:
    if not text.startswith("---"):
        return {}
    end = text.find("\n---", 3)
    if end < 0:
        return {}
    try:
        data = yaml.safe_load(text[3:end])
    except yaml.YAMLError:
        return {}
    return data if isinstance(data, dict) else {}


_FENCE = re.compile(r"^(?P<fence>`{3,}|~{3,})\{(?P<name>[a-z][a-z0-9-]*)\}\s*$")


def cells_of(text: str) -> list[tuple[str, frozenset[str] | None]]:
    """Component cells of a page body: (fence name, ids listed by ``items`` or None)."""
    found: list[tuple[str, frozenset[str] | None]] = []
    lines = text.splitlines()
    i = 0
    while i < len(lines):
        match = _FENCE.match(lines[i])
        i += 1
        if not match:
            continue
        fence, body = match["fence"], []
        while i < len(lines) and not lines[i].startswith(fence):
            body.append(lines[i])
            i += 1
        i += 1
        try:
            data = yaml.safe_load("\n".join(body))
        except yaml.YAMLError:
            data = None
        items = data.get("items") if isinstance(data, dict) else None
        ids = frozenset(str(x) for x in items) if isinstance(items, list) else None
        found.append((match["name"], ids))
    return found


def read_usage(content_dir: Path) -> Usage:
    """Where each component cell appears, from the pages and articles on disk."""
    usage = Usage()
    sources: list[tuple[str, Path]] = []
    pages = content_dir / PAGES_FOLDER
    if pages.is_dir():
        for file in sorted(pages.rglob("*.md")):
            public = page_path(file.relative_to(pages).as_posix().removesuffix(".md"))
            sources.append((public or "« page 404 »", file))
    articles = content_dir / ARTICLES_FOLDER
    if articles.is_dir():
        sources.extend((f"/blog/{f.stem}", f) for f in sorted(articles.glob("*.md")))
    for public, file in sources:
        for name, items in cells_of(file.read_text(encoding="utf-8")):
            usage.cells.setdefault(name, []).append((public, items))
    return usage


# --- rendering -----------------------------------------------------------------------------


def _code(text: str) -> str:
    """Inline code that file names from a pull request cannot break out of."""
    clean = text.replace("`", "'").replace("\n", " ").replace("|", "\\|")
    return f"`{clean}`"


def _cell(text: str) -> str:
    """Table cell text: file names come from the pull request, so no HTML and no pipes."""
    clean = html.escape(text, quote=False).replace("`", "'").replace("\n", " ")
    return clean.replace("|", "\\|")


def _paths(target: Target) -> str:
    return ", ".join(p if p.startswith("«") else _code(p) for p in target.paths) or "—"


def render_changes(
    changes: Sequence[FileChange],
    usage: Usage | None = None,
    content_dir: Path | None = None,
) -> str:
    """The Markdown tables of the summary, one per section."""
    if not changes:
        return "Aucune modification du contenu.\n"
    rows: dict[Section, list[str]] = {}
    for change in changes:
        target = describe(change.path, usage, content_dir)
        address, label = _paths(target), _cell(target.label)
        files = _code(f"{CONTENT_DIR}/{change.path}")
        if change.old_path is not None:
            old = describe(change.old_path, usage)
            address = f"{_paths(old)} → {address}"
            files = f"{_code(f'{CONTENT_DIR}/{change.old_path}')} → {files}"
        if change.kind is not Kind.DELETED and target.note:
            label += f" ({target.note})"
        row = f"| {change.kind.value} | {label} | {address} | {files} |"
        rows.setdefault(target.section, []).append(row)

    out: list[str] = []
    for section in Section:
        if section not in rows:
            continue
        out += [
            f"### {section.value}",
            "",
            "| Changement | Élément | Adresse publique | Fichier |",
            "| --- | --- | --- | --- |",
            *rows[section],
            "",
        ]
    return "\n".join(out)


def render_check(outcome: CheckOutcome) -> str:
    """The validation part of the summary."""
    if outcome.markdown and outcome.markdown.strip():
        # The check's own summary, without its title (the summary has one already).
        body = re.sub(r"^#+ [^\n]*\n+", "", outcome.markdown.strip()) + "\n"
        has_problems = "| Fichier |" in body
        return body if has_problems or not outcome.ok else f"Aucun problème détecté.\n\n{body}"
    text = _ANSI.sub("", outcome.output).strip()
    if outcome.ok and not text:
        return "Aucun problème détecté.\n"
    intro = (
        "Aucun problème bloquant. Messages de la vérification" + NBSP + ":"
        if outcome.ok
        else "La vérification du contenu a échoué" + NBSP + ":"
    )
    longest = max((len(m) for m in re.findall(r"`+", text)), default=0)
    fence = "`" * max(3, longest + 1)
    return f"{intro}\n\n{fence}text\n{text}\n{fence}\n"


def render_summary(
    base: str,
    changes: Sequence[FileChange],
    outcome: CheckOutcome,
    usage: Usage | None = None,
    content_dir: Path | None = None,
    git_error: str | None = None,
) -> str:
    """The whole French Markdown summary."""
    count = len(changes)
    plural = "s" if count > 1 else ""
    if git_error:
        header = f"Impossible de comparer avec {_code(base)}{NBSP}: {_cell(git_error)}"
    elif _NULL_SHA.match(base):
        header = f"Première version{NBSP}: {count} fichier{plural} de contenu."
    else:
        header = (
            f"Comparaison avec {_code(base)}{NBSP}: "
            f"{count} fichier{plural} de contenu modifié{plural}."
        )
    parts = [
        "## Modifications du contenu",
        "",
        header,
        "",
        render_changes(changes, usage, content_dir) if not git_error else "",
        "## Vérification du contenu",
        "",
        render_check(outcome),
    ]
    return "\n".join(parts)


# --- validation ----------------------------------------------------------------------------


def run_check() -> CheckOutcome:
    """Run ``contenu check`` in a child process, as a developer would.

    The child does not see GITHUB_ACTIONS, so the diff is not annotated a second time (the
    content job does that), and writes its Markdown summary to a file of ours, which the
    summary then includes.
    """
    with tempfile.TemporaryDirectory() as tmp:
        summary = Path(tmp) / "check.md"
        env = {k: v for k, v in os.environ.items() if k != "GITHUB_ACTIONS"}
        env |= {
            "GITHUB_STEP_SUMMARY": str(summary),
            "NO_COLOR": "1",
            "TERM": "dumb",
            "PYTHONIOENCODING": "utf-8",
        }
        code = "from contenu.cli import app; app(prog_name='contenu')"
        done = subprocess.run(
            [sys.executable, "-c", code, "check"],
            capture_output=True,
            check=False,
            text=True,
            encoding="utf-8",
            env=env,
        )
        markdown = summary.read_text(encoding="utf-8") if summary.is_file() else None
    output = "\n".join(s for s in (done.stdout.strip(), done.stderr.strip()) if s)
    return CheckOutcome(ok=done.returncode == 0, output=output, markdown=markdown)


# --- command -------------------------------------------------------------------------------


def summarize(
    repo: Path,
    base: str,
    check: Callable[[], CheckOutcome] = run_check,
) -> tuple[str, bool]:
    """Build the summary for ``repo``; returns (Markdown, whether everything is fine)."""
    content_dir = repo / CONTENT_DIR
    git_error: str | None = None
    try:
        found = git_changes(repo, base)
    except GitError as error:
        found, git_error = [], str(error)
    outcome = check()
    usage = read_usage(content_dir)
    summary = render_summary(base, found, outcome, usage, content_dir, git_error)
    return summary, outcome.ok and git_error is None


def write_step_summary(markdown: str, environ: Iterable[tuple[str, str]] | None = None) -> bool:
    """Append to ``$GITHUB_STEP_SUMMARY`` when it is set; True if written."""
    target = dict(environ if environ is not None else os.environ.items()).get("GITHUB_STEP_SUMMARY")
    if not target:
        return False
    with open(target, "a", encoding="utf-8") as handle:
        handle.write(markdown.rstrip("\n") + "\n\n")
    return True


def changes(
    base: str = typer.Option(
        ...,
        "--base",
        help="Version de comparaison (branche ou identifiant de commit), "
        "par exemple « main » ou la base de la demande de fusion.",
    ),
) -> None:
    """Résume les pages et articles ajoutés, modifiés ou supprimés, puis vérifie le contenu."""
    summary, ok = summarize(Path.cwd(), base, check=run_check)
    typer.echo(summary)
    write_step_summary(summary)
    if not ok:
        raise typer.Exit(code=1)
