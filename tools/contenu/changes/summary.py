"""``contenu changements``: a French summary of what a pull request changes on the site.

A reviewer (often a coach) wants to know which public pages a change touches, not which
files. The summary runs the pipeline's analysis (discover → load → validate → collect, what
``contenu check`` runs) on the content where the branch started and on the content now, and
reads every answer from those two results: a file's public address, whether an article is
a draft or scheduled, which pages show an entry, and the problems ``contenu check`` reports.
It reads no content file itself, so it cannot disagree with the build. In GitHub Actions the
summary is appended to ``$GITHUB_STEP_SUMMARY`` and shows on the run's page.
"""

from __future__ import annotations

import datetime as dt
import os
import tempfile
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from pathlib import Path

from contenu.changes.git import (
    CONTENT_DIR,
    FileChange,
    GitError,
    Kind,
    branch_point,
    git_changes,
    is_null,
    write_tree,
)
from contenu.changes.words import (
    ANYWHERE,
    CHECK_ERRORS,
    CHECK_OK,
    EVERY_PAGE,
    FILES_CHANGED,
    LABELS,
    NOTE_SEPARATOR,
    NOTES,
    NOWHERE,
    TABLE_HEADER,
    TITLE,
    Section,
    entry_label,
)
from contenu.models import COLLECTIONS, SINGLETON_FILES, Article
from contenu.models.cells import ArticlesCell, CollectionCell
from contenu.models.paths import article_path, page_path
from contenu.pipeline.articles import ArticleCache, french_date, refresh
from contenu.pipeline.build import Builder, Outcome
from contenu.pipeline.discover import Source
from contenu.pipeline.graph import STATUS_WORDS, Status
from contenu.pipeline.listing import listing_paths
from contenu.pipeline.validate import FileResult
from contenu.text.markdown_text import inline_code, table, untrusted_cell
from contenu.text.plural import agree, plural
from contenu.text.typography import NBSP

_COLLECTION_OF = {c.folder: c for c in COLLECTIONS}
_SINGLETON_OF = {s.path: s for s in SINGLETON_FILES}


_SECTION_OF_KIND = {"page": Section.PAGES, "article": Section.ARTICLES, "entry": Section.ENTRIES,
                    "singleton": Section.SETTINGS, "image": Section.IMAGES}  # fmt: skip


@dataclass(frozen=True)
class Target:
    """What a content file is on the public site, in one version of the content."""

    section: Section
    label: str
    #: Public paths (``/blog/slug``), or a French phrase in « » when there is no single path.
    paths: tuple[str, ...] = ()
    status: Status | None = None  # articles only
    notes: tuple[str, ...] = ()


@dataclass
class Version:
    """One version of ``content/`` as the pipeline analysed it."""

    outcome: Outcome
    sources: dict[str, Source]  # by path relative to content/, images included
    results: dict[str, FileResult]  # the Markdown files
    _cards: ArticleCache | None = field(default=None, repr=False)  # the published cards, once

    @classmethod
    def analyse(cls, folder: Path, today: dt.date) -> Version:
        builder = Builder(folder)
        outcome = builder.analyse(today)
        sources = {s.rel: s for s in builder.sources or []}
        return cls(outcome, sources, {r.source.rel: r for r in builder.results})

    def address(self, source: Source) -> str | None:
        if source.kind == "page":
            return None if source.name == "404" else page_path(source.name)
        return article_path(source.name) if source.kind == "article" else None

    def shown_on(self, cell: str, entry_id: str | None = None) -> tuple[str, ...]:
        """Public paths of the pages and articles with a ``{cell}`` cell (that shows the
        entry ``entry_id``: all entries, or ``entry_id`` listed in its ``items``)."""
        paths: set[str] = set()
        for result in self.results.values():
            address = self.address(result.source)
            if address is None or not result.components:
                continue
            for shown in result.cells:
                if shown.name != cell or shown.model is None:
                    continue
                items = shown.model.items if isinstance(shown.model, CollectionCell) else None
                if entry_id is None or items is None or entry_id in items:
                    paths.add(address)
        return tuple(sorted(paths))

    def listed_on(self, slug: str) -> tuple[str, ...]:
        """Where the build lists the article ``slug``: the listing pages the pipeline cuts
        (``listing.listing_paths``) and the pages whose ``{articles}`` cell with a ``limit``
        shows it."""
        graph = self.outcome.graph
        if graph is None:
            return ()
        if self._cards is None:
            self._cards = ArticleCache()
            refresh(self._cards, graph, drafts=False)
        visible = self._cards.visible
        category_of = {s: self._cards.articles[s].card.category for s in visible}
        paths: set[str] = set()
        for result in self.results.values():
            address = self.address(result.source)
            if address is None:
                continue
            for shown in result.cells:
                model = shown.model
                if not isinstance(model, ArticlesCell):
                    continue
                if model.limit is None:
                    paths |= set(listing_paths(slug, address, model.per_page, visible, category_of))
                elif slug in visible[: model.limit]:
                    paths.add(address)
        return tuple(sorted(paths))

    def status(self, source: Source) -> Status | None:
        graph = self.outcome.graph
        return graph.status.get(source.name) if graph and source.kind == "article" else None

    def errors(self, source: Source) -> int:
        return sum(d.is_error and d.path == source.display for d in self.outcome.diagnostics)

    def describe(self, rel: str) -> Target:
        """What the file ``rel`` is on the public site in this version."""
        source = self.sources.get(rel)
        if source is None or source.kind == "unknown":
            return Target(Section.OTHER, LABELS["other"].format(name=rel))
        if source.kind == "refused":  # never read: the reason is the one check gives
            return Target(
                Section.OTHER, LABELS["refused"].format(name=rel), notes=(source.problem,)
            )
        section = _SECTION_OF_KIND[source.kind]
        notes = (NOTES["error"],) if self.errors(source) else ()
        address = self.address(source)
        if source.kind == "page":
            if address is None:
                return Target(section, LABELS["not_found"], (ANYWHERE,))
            label = LABELS["home"] if address == "/" else LABELS["page"].format(name=source.name)
            return Target(section, label, (address,), notes=notes)
        if source.kind == "article":
            return self._article(source, notes)
        if source.kind == "entry":
            collection = _COLLECTION_OF[source.folder]
            label = entry_label(collection).format(name=source.name)
            paths = self.shown_on(collection.cell, source.name)
            return Target(section, label, paths or (NOWHERE,), notes=notes)
        if source.kind == "singleton":
            singleton = _SINGLETON_OF[source.rel]
            shown = self.shown_on(singleton.cell) if singleton.cell else (EVERY_PAGE,)
            return Target(section, singleton.title, shown, notes=notes)
        return Target(
            section, LABELS["image"].format(name=source.name.rsplit("/", 1)[-1]), ("/" + rel,)
        )

    def _article(self, source: Source, notes: tuple[str, ...]) -> Target:
        address = article_path(source.name)
        status = self.status(source)
        result = self.results[source.rel]
        if status == "draft":
            notes += (NOTES["draft"],)
        elif status == "scheduled" and isinstance(result.model, Article):
            assert result.model.publish_date is not None
            when = french_date(result.model.publish_date)
            notes += (NOTES["scheduled"].format(date=when),)
        elif status == "published":
            also = [p for p in self.listed_on(source.name) if p != address]
            if also:
                notes += (NOTES["listed"].format(paths=", ".join(inline_code(p) for p in also)),)
        return Target(
            Section.ARTICLES, LABELS["article"].format(name=source.name), (address,), status, notes
        )


@dataclass(frozen=True)
class Row:
    """One changed file: what it is now and, for a rename or a removal, what it was."""

    change: FileChange
    target: Target
    before: Target | None = None


@dataclass
class Summary:
    """The summary of a branch, ready to render."""

    base: str
    rows: list[Row] = field(default_factory=list)
    check: Outcome | None = None  # the current content, as ``contenu check`` sees it
    git_error: str | None = None

    @property
    def ok(self) -> bool:
        return self.git_error is None and self.check is not None and self.check.ok

    def markdown(self) -> str:
        count = len(self.rows)
        if self.git_error:
            header = f"Impossible de comparer avec {inline_code(self.base)}{NBSP}: "
            header += untrusted_cell(self.git_error)
        elif is_null(self.base):
            header = f"Première version{NBSP}: {plural(count, 'fichier')} de contenu."
        else:
            header = f"Comparaison avec {inline_code(self.base)}{NBSP}: " + FILES_CHANGED.format(
                count=count, s=agree(count, "", "s")
            )
        parts = [TITLE, "", header, ""]
        if not self.git_error:
            parts.append(render_rows(self.rows))
        if self.check is not None:
            parts += ["", check_status(self.check)]
        return "\n".join(parts)


def check_status(check: Outcome) -> str:
    """One line on the content's validity: the errors and warnings themselves are listed once,
    by the « Contenu » check, not again here."""
    errors = len(check.errors)
    if not errors:
        return CHECK_OK
    return CHECK_ERRORS.format(count=errors, s=agree(errors, "", "s"))


def _paths(target: Target) -> str:
    return ", ".join(p if p.startswith("«") else inline_code(p) for p in target.paths) or "—"


def render_rows(rows: Sequence[Row]) -> str:
    """The Markdown tables of the changed files, one per section."""
    if not rows:
        return "Aucune modification du contenu.\n"
    by_section: dict[Section, list[list[str]]] = {}
    for row in rows:
        change, target = row.change, row.target
        address, label = _paths(target), untrusted_cell(target.label)
        files = inline_code(f"{CONTENT_DIR}/{change.path}")
        if row.before is not None and change.old_path is not None:
            address = f"{_paths(row.before)} → {address}"
            files = f"{inline_code(f'{CONTENT_DIR}/{change.old_path}')} → {files}"
        if change.kind is not Kind.DELETED and target.notes:
            label += f" ({NOTE_SEPARATOR.join(target.notes)})"
        by_section.setdefault(target.section, []).append([change.kind.value, label, address, files])
    out: list[str] = []
    header = list(TABLE_HEADER)
    for section in Section:
        if section in by_section:
            out += [f"### {section.value}", "", *table(header, by_section[section]), ""]
    return "\n".join(out)


def _row(change: FileChange, now: Version, before: Version | None) -> Row:
    if change.kind is Kind.DELETED:
        assert before is not None
        return Row(change, before.describe(change.path))
    target = now.describe(change.path)
    old_rel = change.old_path if change.kind is Kind.RENAMED else change.path
    old = before.describe(old_rel) if before is not None and old_rel is not None else None
    if old is not None and old.status and target.status and old.status != target.status:
        notes = (*target.notes, NOTES["was"].format(status=STATUS_WORDS[old.status]))
        target = Target(target.section, target.label, target.paths, target.status, notes)
    return Row(change, target, old if change.kind is Kind.RENAMED else None)


def summarize(repo: Path, base: str, today: dt.date) -> Summary:
    """Compare the content of ``repo`` (as it is on disk) with the content where its branch
    left ``base``; the current content is also checked, as ``contenu check`` would."""
    content = repo / CONTENT_DIR
    summary = Summary(base)
    try:
        start = branch_point(repo, base)
        changes = git_changes(repo, start)
        with tempfile.TemporaryDirectory(prefix="contenu-base-") as folder:
            before_dir = Path(folder) / CONTENT_DIR  # messages then name content/… paths
            write_tree(repo, start, before_dir)
            before = None if is_null(base) else Version.analyse(before_dir, today)
    except GitError as error:
        summary.git_error = str(error)
        summary.check = Builder(content).analyse(today)
        return summary
    now = Version.analyse(content, today)
    summary.check = now.outcome
    summary.rows = [_row(change, now, before) for change in changes]
    return summary


def write_step_summary(markdown: str, environ: Iterable[tuple[str, str]] | None = None) -> bool:
    """Append to ``$GITHUB_STEP_SUMMARY`` when it is set; True if written."""
    target = dict(environ if environ is not None else os.environ.items()).get("GITHUB_STEP_SUMMARY")
    if not target:
        return False
    with open(target, "a", encoding="utf-8") as handle:
        handle.write(markdown.rstrip("\n") + "\n\n")
    return True
