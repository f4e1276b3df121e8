"""The articles' route files kept in the results cache (pipeline/result_cache.py, issue 33):
a new process takes an unchanged article's file from it, and after any change of what the
file is made from (the article, the settings the emitter reads, its status, the drafts
shown) or a damaged entry, it writes exactly what a build without the cache writes."""

from __future__ import annotations

import dataclasses
import datetime as dt
import json
import re
from collections.abc import Callable
from pathlib import Path

import pytest

from contenu.pipeline.build import Builder, Outcome, Project
from contenu.pipeline.emit import Options
from contenu.pipeline.result_cache import ResultCache
from contenu.pipeline.routes import RouteMaker

OPTIONS = Options(today=dt.date(2026, 1, 15))
CACHE = Path("site/generated/.build-content-cache/results")


def compiled(root: Path, options: Options = OPTIONS, *, cache: bool = True) -> Outcome:
    """A new process's compile of ``root``/content, its cache saved as `contenu build` does."""
    project = Project.at(root)
    store = ResultCache.open(project.results, project.content) if cache else None
    builder = Builder(project.content, workers=1, store=store)
    outcome = builder.compile(options)
    assert outcome.ok, outcome.diagnostics
    builder.save_results()
    return outcome


def files(outcome: Outcome) -> dict[str, bytes]:
    assert outcome.outputs is not None
    return outcome.outputs.files


def articles(root: Path) -> list[Path]:
    return sorted((root / "content" / "articles").glob("*.md"))


def edit(path: Path, pattern: str, replacement: str) -> None:
    text = path.read_text("utf-8")
    new = re.sub(pattern, replacement, text, count=1, flags=re.MULTILINE)
    assert new != text
    path.write_text(new, "utf-8")


def test_an_unchanged_article_is_not_made_again(
    site_root: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    first = compiled(site_root)
    made: list[str] = []
    article = RouteMaker.article
    monkeypatch.setattr(
        RouteMaker, "article", lambda self, slug: made.append(slug) or article(self, slug)
    )
    assert files(compiled(site_root)) == files(first)
    assert made == []
    changed = articles(site_root)[0]
    changed.write_text(changed.read_text("utf-8") + "\nUne phrase ajoutée.\n", "utf-8")
    warm = files(compiled(site_root))
    assert made == [changed.stem]  # its own file only
    assert warm == files(compiled(site_root, cache=False))


def _brand(root: Path) -> Options:
    edit(root / "content" / "reglages" / "site.md", r"^brand: .*$", "brand: Renouer Plus")
    return OPTIONS


def _share_image(root: Path) -> Options:
    images = root / "content" / "images"
    (images / "og-autre.png").write_bytes((images / "og-default.png").read_bytes())
    settings = root / "content" / "reglages" / "site.md"
    edit(settings, r"^defaultOgImage: .*$", "defaultOgImage: /images/og-autre.png")
    return OPTIONS


def _scheduled_then_published(root: Path) -> Options:
    """The first build shows an article scheduled for the 20th (drafts shown); the second
    runs on the 20th, when it is published: same file bytes, another status."""
    edit(articles(root)[0], r"^date: .*$", "date: 2026-01-10\npublishDate: 2026-01-20")
    compiled(root, dataclasses.replace(OPTIONS, drafts=True))
    return dataclasses.replace(OPTIONS, drafts=True, today=dt.date(2026, 1, 20))


def _drafts_shown(root: Path) -> Options:
    return dataclasses.replace(OPTIONS, drafts=True)


def _stored_file_damaged(root: Path) -> Options:
    """One byte of a kept route file altered (its own digest no longer matches)."""
    data = bytearray((root / CACHE).read_bytes())
    head = data.index(b"\n")
    size = data.index(b"\n", head + 1)
    index = json.loads(data[size + 1 : size + 1 + int(data[head + 1 : size])])
    *_, offset, length = next(iter(index["bundles"].values()))
    data[size + 1 + int(data[head + 1 : size]) + offset + length // 2] ^= 0x20
    (root / CACHE).write_bytes(bytes(data))
    return OPTIONS


@pytest.mark.parametrize(
    "change",
    [_brand, _share_image, _scheduled_then_published, _drafts_shown, _stored_file_damaged],
)
def test_after_a_change_the_build_is_the_cold_one(
    site_root: Path, change: Callable[[Path], Options]
) -> None:
    before = files(compiled(site_root))
    options = change(site_root)
    warm = files(compiled(site_root, options))
    cold = files(compiled(site_root, options, cache=False))
    assert warm == cold
    if change not in (_stored_file_damaged, _drafts_shown):  # these change no article
        blog = {name for name in cold if "/routes/blog/" in name and name in before}
        assert any(cold[name] != before[name] for name in blog)  # the change reached them
