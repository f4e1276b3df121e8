"""Inputs for the tests of one pipeline stage: a Source for any path, one file through
load + validate, and the shipped content through the first three stages, so a stage's test
can change one file and look at that stage's answer only."""

from __future__ import annotations

from pathlib import Path

from contenu.models import SETTINGS_FILE
from contenu.models.site import SiteSettings
from contenu.pipeline.discover import Source, classify, discover
from contenu.pipeline.validate import FileResult, process
from contenu.pipeline.variables import Variables

CONTENT = Path(__file__).resolve().parents[2] / "content"
#: The front matter of a valid article, without its closing "---": tests add lines to it.
ARTICLE_FRONT = "---\ntitle: Un titre\nexcerpt: Un résumé.\ndate: 2024-03-15\ncategory: Émotions\n"


def source(rel: str = "articles/essai.md") -> Source:
    """The Source ``discover`` would give ``content/<rel>`` (the file need not exist)."""
    kind, folder, name = classify(rel)
    return Source(Path("/nulle-part/content") / rel, rel, f"content/{rel}", kind, folder, name)


def one(rel: str, text: str, variables: Variables | None = None) -> FileResult:
    """Load and validate one file, as the runner does."""
    return process(source(rel), text.encode("utf-8"), variables)


def shipped(
    replace: dict[str, str] | None = None, remove: frozenset[str] = frozenset()
) -> tuple[list[FileResult], list[Source]]:
    """The shipped content, loaded and validated, with some files replaced, added or removed:
    the results and the image sources, ready for ``collect``."""
    replace = dict(replace or {})
    sources = {s.rel: s for s in discover(CONTENT) if s.rel not in remove}
    for rel in replace:
        sources[rel] = source(rel)
    data = {
        rel: replace[rel].encode("utf-8") if rel in replace else s.path.read_bytes()
        for rel, s in sources.items()
        if s.kind != "image"
    }
    settings = (
        process(sources[SETTINGS_FILE], data[SETTINGS_FILE]).model
        if SETTINGS_FILE in data
        else None
    )
    variables = Variables.of(settings) if isinstance(settings, SiteSettings) else None
    results = [process(sources[rel], data[rel], variables) for rel in sorted(data)]
    images = [s for s in sources.values() if s.kind == "image"]
    return results, images
