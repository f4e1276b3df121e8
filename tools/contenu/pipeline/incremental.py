"""``collect`` kept between the preview's saves: a save that changes an article's text only
(not what other files' checks read of it) re-checks that article, not the thousands of
others. Anything else (a new or deleted file, the settings, a page, a new title's anchor, a
status or a category) goes through ``collect`` whole. Either way the diagnostics come sorted
(file, line, column), so both paths give the same list (tests/pipeline/pipeline/
test_incremental.py)."""

from __future__ import annotations

import dataclasses
import datetime as dt
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any

from contenu.models import Article
from contenu.pipeline.collect import article_diagnostics, collect
from contenu.pipeline.discover import Source
from contenu.pipeline.graph import CELL_TO_FOLDER, Graph, article_status
from contenu.pipeline.validate import FileResult
from contenu.report.diagnostics import Diagnostic


def article_facts(result: FileResult, today: dt.date) -> tuple[Any, ...] | None:
    """What the checks of other files read of an article: its status (links to a draft), its
    category (one spelling per category) and its anchors (links to ``#part``). None for an
    invalid article, or one that shows collection entries (which entries are orphans)."""
    model = result.model
    if not isinstance(model, Article) or result.items:
        return None
    if any(cell.name in CELL_TO_FOLDER for cell in result.cells):
        return None
    return article_status(model, today), model.category, tuple(result.anchors)


@dataclass
class Collector:
    """The last ``collect``: its graph (before the builder filters its images) and its
    diagnostics, for the day and the content folder it was made for."""

    graph: Graph | None = None
    diagnostics: list[Diagnostic] = field(default_factory=list)
    made_for: tuple[str, dt.date] | None = None

    def _unchanged_facts(self, edited: Sequence[FileResult], today: dt.date) -> bool:
        assert self.graph is not None
        for result in edited:
            old = self.graph.articles.get(result.source.name)
            if result.source.kind != "article" or old is None:
                return False
            facts = article_facts(result, today)
            if facts is None or facts != article_facts(old, today):
                return False
        return True

    def collect(
        self,
        results: Sequence[FileResult],
        images: Sequence[Source],
        content_name: str,
        today: dt.date,
        edited: Sequence[FileResult] | None = None,
    ) -> tuple[Graph, list[Diagnostic]]:
        """``collect(results, images, content_name, today)``; ``edited`` (the results of the
        files the watcher saw saved, already in ``results``) allows the short path."""
        made_for = (content_name, today)
        if (
            edited is not None
            and self.graph is not None
            and self.made_for == made_for
            and self._unchanged_facts(edited, today)
        ):
            graph = dataclasses.replace(self.graph, articles=dict(self.graph.articles))
            for result in edited:
                graph.articles[result.source.name] = result
            paths = {result.source.display for result in edited}
            kept = [d for d in self.diagnostics if d.path not in paths]
            fresh = [d for r in edited for d in article_diagnostics(r, graph, today)]
            diagnostics = sorted(kept + fresh)
        else:
            graph, found = collect(results, images, content_name, today)
            diagnostics = sorted(found)
        self.graph, self.diagnostics, self.made_for = graph, diagnostics, made_for
        # The builder filters the copy's images and sets its manifest, never this graph's.
        return dataclasses.replace(graph), list(diagnostics)
