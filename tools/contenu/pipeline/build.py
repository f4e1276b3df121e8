"""Chains the stages and keeps a per-file cache (path + content hash → result), so the
watcher and the benchmark only re-parse the files that changed; with a ``ResultCache`` the
results also outlive the process (``contenu build`` after one change parses one file).
Large inputs are parsed by a pool of processes."""

from __future__ import annotations

import datetime as dt
import os
from collections.abc import Collection, Sequence
from concurrent.futures import ProcessPoolExecutor, ThreadPoolExecutor
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from contenu.images.image_check import published_bytes
from contenu.images.variants import ImageError, build_images, manifest_json
from contenu.models import IMAGES_FOLDER, SETTINGS_FILE
from contenu.models.bundle import DiagnosticItem, LiveUpdate
from contenu.models.site import SiteSettings
from contenu.pipeline import writer
from contenu.pipeline.articles import ArticleCache
from contenu.pipeline.collect import unpublished_only_images
from contenu.pipeline.discover import Source, discover, read_source
from contenu.pipeline.emit import (
    PUBLIC,
    EmitError,
    Options,
    Outputs,
    compile_outputs,
    digest,
)
from contenu.pipeline.graph import Graph
from contenu.pipeline.incremental import Collector
from contenu.pipeline.result_cache import Packed, ResultCache, pack
from contenu.pipeline.validate import FileResult, process
from contenu.pipeline.variables import Variables
from contenu.report.diagnostics import Diagnostic
from contenu.report.labels import SEPARATOR, place

PARALLEL_THRESHOLD = 200  # below this, starting processes costs more than it saves


#: Where ``contenu build`` writes (what ``nox -s build`` publishes) and where the preview
#: (``contenu dev``/``watch``) writes: two folders, so one never disturbs the other.
BUILD_OUT = Path("site/generated/build")
PREVIEW_OUT = Path("site/generated/preview")
LIVE_FILE = "live.json"


@dataclass(frozen=True)
class Project:
    """Where a build reads and writes, all derived from the repository root."""

    root: Path
    content: Path
    out: Path  # the build folder (emit.py's module docstring)
    variants: Path  # encoder cache of the responsive image variants, linked into out
    results: Path  # the results cache of ``contenu build`` (pipeline/result_cache.py)

    @classmethod
    def at(cls, root: Path, content: Path | None = None, out: Path | None = None) -> Project:
        root = root.resolve()
        out = (out or root / BUILD_OUT).resolve()
        return cls(
            root=root,
            content=(content or root / "content").resolve(),
            out=out,
            variants=out.parent / f".{out.name}-image-cache",
            results=out.parent / f".{out.name}-content-cache",
        )


def find_root(start: Path) -> Path:
    """The repository root: the nearest folder holding ``pyproject.toml`` or ``content/``."""
    start = start.resolve()
    for folder in (start, *start.parents):
        if (folder / "pyproject.toml").is_file():
            return folder
    for folder in (start, *start.parents):
        if (folder / "content").is_dir():
            return folder
    return start


Task = tuple[Source, bytes, Variables | None, bool]  # a file to parse; True: pack its result


def _process(task: Task) -> tuple[FileResult, Packed]:
    """Parse one file, and pack its result for the results cache when asked."""
    source, data, variables, packed = task
    result = process(source, data, variables)
    return result, pack(result) if packed else (b"", "")


@dataclass
class _StoredRoutes:
    """The articles' route files of the results cache, for the results the builder holds:
    a file is made from its result (the file's bytes and the text variables) and the
    emitter's context."""

    store: ResultCache
    builder: Builder

    def _made_from(self, rel: str) -> tuple[str, str]:
        variables = self.builder.variables
        return self.builder.cache[rel][1], variables.digest if variables is not None else ""

    def get(self, rel: str, context: str) -> bytes | None:
        return self.store.bundle(rel, *self._made_from(rel), context)

    def put(self, rel: str, context: str, data: bytes) -> None:
        self.store.put_bundle(rel, *self._made_from(rel), context, data)


@dataclass
class Outcome:
    diagnostics: list[Diagnostic]
    files_checked: int
    graph: Graph | None = None
    outputs: Outputs | None = None
    images_changed: bool = True  # False when the watcher said no image changed
    reparsed: int = 0

    @property
    def errors(self) -> list[Diagnostic]:
        return [d for d in self.diagnostics if d.is_error]

    @property
    def ok(self) -> bool:
        return not self.errors


@dataclass
class Builder:
    """Compiles a content directory; keep one alive to rebuild incrementally."""

    content: Path
    workers: int = field(default_factory=lambda: min(2, os.cpu_count() or 1))
    cache: dict[str, tuple[tuple[int, int], str, FileResult]] = field(default_factory=dict)
    written: dict[str, writer.Content] = field(default_factory=dict)  # what is on disk
    serial: int = 0  # rebuilds of the preview, for live.json
    articles: ArticleCache = field(default_factory=ArticleCache)  # emitted articles
    sources: list[Source] | None = None  # what the last analysis discovered
    by_path: dict[str, str] = field(default_factory=dict)  # absolute path → rel of sources
    results: list[FileResult] = field(default_factory=list)  # of the last analysis, in order
    variables: Variables | None = None  # of the last analysis (from the settings file)
    manifest: dict[str, Any] | None = None  # image manifest of the last compile
    store: ResultCache | None = None  # results of earlier processes (None: none kept)
    _documents: list[Source] = field(default_factory=list)
    _images: list[Source] = field(default_factory=list)
    _settings: list[Source] = field(default_factory=list)
    _by_rel: dict[str, Source] = field(default_factory=dict)
    _index: dict[str, int] = field(default_factory=dict)  # rel → position in results
    _published: dict[str, bytes] = field(default_factory=dict)  # image URL → published bytes
    collector: Collector = field(default_factory=Collector)  # the last collect, for the next

    def __post_init__(self) -> None:
        if self.store is not None:
            self.articles.stored = _StoredRoutes(self.store, self)

    def _known(self, changed: Collection[Path]) -> set[str] | None:
        """The content paths of ``changed`` when each is a file the last analysis already
        knew (an edit); None when a file appeared or disappeared (walk the folder again)."""
        if self.sources is None:
            return None
        rels = set()
        for path in changed:
            rel = self.by_path.get(str(Path(path).resolve()))
            if rel is None or not Path(path).is_file():
                return None
            rels.add(rel)
        return rels

    def _results(
        self,
        sources: Sequence[Source],
        only: set[str] | None = None,
        variables: Variables | None = None,
        prune: bool = True,
    ) -> tuple[list[FileResult], int]:
        todo: list[Task] = []
        hashes: dict[str, str] = {}
        stats: dict[str, tuple[int, int]] = {}
        values = variables.digest if variables is not None else ""
        keep = self.store is not None and self.store.writable
        for source in sources:
            if only is not None and source.rel not in only and source.rel in self.cache:
                continue  # the watcher said which files changed: the others are as they were
            stat = os.stat(source.path, follow_symlinks=False)
            stats[source.rel] = (stat.st_mtime_ns, stat.st_size)
            cached = self.cache.get(source.rel)
            # A file that used variables is redone when their values changed.
            current = cached is not None and cached[2].variables in ("", values)
            if cached is not None and current and cached[0] == stats[source.rel]:
                continue  # same size and modification time: not even read again
            data = read_source(source)
            sha = digest(data)
            hashes[source.rel] = sha
            if cached is not None and current and cached[1] == sha:
                self.cache[source.rel] = (stats[source.rel], sha, cached[2])
                continue
            stored = self.store.get(source, sha, values) if self.store is not None else None
            if stored is not None:
                self.cache[source.rel] = (stats[source.rel], sha, stored)
            else:
                todo.append((source, data, variables, keep))
        if len(todo) >= PARALLEL_THRESHOLD and self.workers > 1:
            # This process takes a share instead of waiting: its results need no pickling
            # back (the main cost of the pool), and on a busy machine one more runnable
            # process gets a larger slice of the cores.
            helpers = self.workers
            share = len(todo) * helpers // (helpers + 1)
            theirs, mine = todo[:share], todo[share:]
            chunk = max(1, len(theirs) // (helpers * 8))
            with ProcessPoolExecutor(helpers) as pool:
                pending = pool.map(_process, theirs, chunksize=chunk)
                fresh = [_process(item) for item in mine]
                fresh += pending
        else:
            fresh = [_process(item) for item in todo]
        for result, packed in fresh:
            rel = result.source.rel
            self.cache[rel] = (stats[rel], hashes[rel], result)
            if self.store is not None:
                self.store.put(rel, hashes[rel], values, packed)
        if only is None and prune:
            live = {s.rel for s in sources}
            for rel in list(self.cache):
                if rel not in live:
                    del self.cache[rel]
        return [self.cache[s.rel][2] for s in sources], len(todo)

    def analyse(self, today: dt.date, changed: Collection[Path] | None = None) -> Outcome:
        """Discover, load, validate and collect: every diagnostic of the content.

        ``changed`` (from the watcher) names the files saved since the last analysis; when
        they are all known files, the folder is not walked and no other file is looked at.
        """
        if not self.content.is_dir():
            missing = Diagnostic(str(self.content), 0, 0, "", "dossier de contenu introuvable")
            return Outcome([missing], 0)
        only = self._known(changed) if changed is not None else None
        if only is None or self.sources is None:
            self.sources = discover(self.content)
            self.by_path = {str(s.path): s.rel for s in self.sources}
            self._documents = [s for s in self.sources if s.kind != "image"]
            self._images = [s for s in self.sources if s.kind == "image"]
            self._settings = [s for s in self._documents if s.rel == SETTINGS_FILE]
            self._by_rel = {s.rel: s for s in self._documents}
            only = None
        documents = self._documents
        # The settings come first: their values are the text variables of every other file.
        settings_results, reparsed = self._results(self._settings, only, prune=False)
        model = settings_results[0].model if settings_results else None
        variables = Variables.of(model, today.year) if isinstance(model, SiteSettings) else None
        if (variables and variables.digest) != (self.variables and self.variables.digest):
            only = None  # new values: every file that uses a variable must be redone
        self.variables = variables
        if only is None:
            self.results, count = self._results(documents, None, variables)
            self._index = {r.source.rel: i for i, r in enumerate(self.results)}
        else:
            edited = [self._by_rel[rel] for rel in sorted(only) if rel in self._by_rel]
            fresh, count = self._results(edited, only, variables)
            for result in fresh:
                self.results[self._index[result.source.rel]] = result
        reparsed += count
        images = self._images
        results = self.results
        saved = None if only is None or not only <= self._index.keys() else sorted(only)
        graph, diagnostics = self.collector.collect(
            results, images, self.content.name, today,
            None if saved is None else [results[self._index[rel]] for rel in saved],
        )  # fmt: skip
        return Outcome(diagnostics, len(results), graph, reparsed=reparsed)

    def compile(self, options: Options, changed: Collection[Path] | None = None) -> Outcome:
        """Analyse, then compute the build's files in memory when there is no error. With
        ``options.images_out`` the responsive image variants are made (in a thread, while
        the files are parsed: Pillow encodes without holding the interpreter)."""
        folder = (self.content / IMAGES_FOLDER).resolve()
        touched = (
            changed is None
            or self.manifest is None
            or any(Path(p).resolve().is_relative_to(folder) for p in changed)
        )
        with ThreadPoolExecutor(1) as images_thread:
            images = (
                images_thread.submit(
                    build_images, folder, options.images_out, files=self._image_files(changed)
                )
                if touched and options.images_out is not None and folder.is_dir()
                else None
            )
            outcome = self.analyse(options.today, changed)
            outcome.images_changed = touched
            manifest: dict[str, Any] = {} if touched else dict(self.manifest or {})
            if images is not None:
                try:
                    manifest = manifest_json(images.result())
                except ImageError as exc:
                    found = Diagnostic(f"{self.content.name}/{exc.name}", 0, 0, "", exc.problem)
                    if found not in outcome.diagnostics:  # analyse reported it already
                        outcome.diagnostics.append(found)
            if outcome.ok:
                self.manifest = manifest
        if outcome.ok and outcome.graph is not None:
            if not options.drafts:  # an image only drafts show is not published before them
                hidden = unpublished_only_images(outcome.graph, self.results)
                every = outcome.graph.images
                outcome.graph.images = {u: s for u, s in every.items() if u not in hidden}
                manifest = {u: info for u, info in manifest.items() if u not in hidden}
            outcome.graph.image_manifest = manifest
            try:
                outcome.outputs = compile_outputs(outcome.graph, options, self.articles)
            except EmitError as exc:
                outcome.diagnostics.append(Diagnostic(str(self.content.name), 0, 0, "", str(exc)))
        return outcome

    def save_results(self) -> bool:
        """Keep the results of the last analysis for the next process (``store``, when it
        is writable); False when nothing was written."""
        if self.store is None or self.sources is None:
            return False
        return self.store.save(s.rel for s in self._documents)

    def _image_files(self, changed: Collection[Path] | None) -> list[Path]:
        """The images ``discover`` accepts (never a symbolic link), read by the encoder."""
        if changed is not None and self.sources is not None and self._known(changed):
            sources = self.sources
        else:
            sources = discover(self.content)
        return [s.path for s in sources if s.kind == "image"]

    def files(self, outcome: Outcome, variants: Path) -> dict[str, writer.Content]:
        """Every file of the build folder: the emitted files, the images as published
        (``public/images``) and their variants (``public/img``, linked from ``variants``)."""
        assert outcome.outputs is not None and outcome.graph is not None
        files: dict[str, writer.Content] = dict(outcome.outputs.files)
        images = outcome.graph.images
        # A save that touched no image (the watcher says so) publishes the same bytes: the
        # images are not read, nor the SVGs sanitised, again.
        if outcome.images_changed or self._published.keys() != images.keys():
            self._published = {url: published_bytes(s.path) for url, s in images.items()}
        for url, data in self._published.items():
            files[PUBLIC + url] = data
        for info in outcome.graph.image_manifest.values():
            for variant in info["variants"]:
                name = variant["path"].removeprefix("/img/")
                files[f"{PUBLIC}/img/{name}"] = variants / name
        return files

    def write(self, outcome: Outcome, project: Project) -> int:
        """Publish a successful compile as a whole: the previous build folder stays as it
        was until the new one is complete (contenu.pipeline.writer). Returns the files written."""
        return writer.publish_tree(project.out, self.files(outcome, project.variants))

    def update(self, outcome: Outcome, project: Project) -> list[str]:
        """The watcher's path: rewrite only the files that changed, then ``live.json``."""
        changed = writer.update_tree(
            project.out, self.files(outcome, project.variants), self.written
        )
        self.live(project, changed, outcome.diagnostics)
        return changed

    def live(self, project: Project, changed: list[str], diagnostics: Sequence[Diagnostic]) -> None:
        """``live.json``, written after the files it names: the preview refreshes from it."""
        self.serial += 1
        errors = [_overlay_item(d) for d in diagnostics if d.is_error]
        public = [rel.removeprefix(PUBLIC + "/") for rel in changed if rel.startswith(PUBLIC)]
        update = LiveUpdate(serial=self.serial, changed=public, diagnostics=errors)
        writer.write_file(project.out / LIVE_FILE, update.model_dump_json(by_alias=True).encode())


def _overlay_item(diag: Diagnostic) -> DiagnosticItem:
    """A problem as the preview's error box shows it: the cell and the field by their French
    names (contenu.report.labels), never by their keys."""
    cell, parts = place(diag.field)
    label = SEPARATOR.join(parts) or None
    return DiagnosticItem.model_validate(diag.to_json() | {"cell": cell, "label": label})
