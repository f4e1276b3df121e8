"""The results cache of `contenu build` (pipeline/result_cache.py): a second process parses
only what changed, and nothing it holds, damaged or not, changes what a build writes or says."""

from __future__ import annotations

import datetime as dt
import re
import shutil
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from contenu.pipeline import result_cache
from contenu.pipeline.build import Builder, Outcome, Project
from contenu.pipeline.emit import Options
from contenu.pipeline.result_cache import ResultCache, code_key

TODAY = "2026-01-15"
OPTIONS = Options(today=dt.date(2026, 1, 15))
BUILD = Path("site/generated/build")
CACHE = Path("site/generated/.build-content-cache/results")


def tree(folder: Path) -> dict[str, bytes]:
    return {
        p.relative_to(folder).as_posix(): p.read_bytes()
        for p in sorted(folder.rglob("*"))
        if p.is_file()
    }


def compiled(root: Path, *, cache: bool = True) -> tuple[Outcome, Builder]:
    """A new process's compile of ``root``/content, with the cache beside its build folder."""
    project = Project.at(root)
    store = ResultCache.open(project.results, project.content) if cache else None
    builder = Builder(project.content, workers=1, store=store)
    return builder.compile(OPTIONS), builder


def article(root: Path) -> Path:
    return sorted((root / "content" / "articles").glob("*.md"))[0]


def test_a_build_with_the_cache_writes_and_says_exactly_what_a_cold_build_does(
    site_root: Path, contenu: Callable[..., Any]
) -> None:
    assert contenu("build", "--today", TODAY).exit_code == 0  # the schemas, written once
    shutil.rmtree(site_root / CACHE.parent)
    shutil.rmtree(site_root / BUILD)
    cold = contenu("build", "--today", TODAY)
    assert cold.exit_code == 0, cold.output
    assert "avertissement" in cold.output  # the shipped content has warnings to repeat
    first = tree(site_root / BUILD)
    assert (site_root / CACHE).is_file()
    warm = contenu("build", "--today", TODAY)
    assert warm.output == cold.output  # the same diagnostics, the same summary
    assert tree(site_root / BUILD) == first
    outcome, _ = compiled(site_root)
    assert outcome.reparsed == 0  # every file came from the cache


def test_only_the_changed_file_is_parsed_again_and_the_site_follows(
    site_root: Path, contenu: Callable[..., Any]
) -> None:
    assert contenu("build", "--today", TODAY).exit_code == 0
    path = article(site_root)
    path.write_text(path.read_text("utf-8") + "\nUne phrase toute neuve ajoutée.\n", "utf-8")
    outcome, builder = compiled(site_root)
    assert outcome.reparsed == 1
    assert builder.save_results()
    assert contenu("build", "--today", TODAY).exit_code == 0
    warm = tree(site_root / BUILD)
    assert any("Une phrase toute neuve ajoutée." in d.decode() for d in warm.values())
    shutil.rmtree(site_root / CACHE.parent)
    shutil.rmtree(site_root / BUILD)
    assert contenu("build", "--today", TODAY).exit_code == 0
    assert tree(site_root / BUILD) == warm


def test_a_new_price_reaches_the_article_that_names_it_and_the_one_that_typed_it(
    site_root: Path, contenu: Callable[..., Any]
) -> None:
    """Every file depends on the settings' values: the variables it uses, and the warnings
    about a price typed by hand instead of ``{{ prix.pack }}``."""
    named, typed = sorted((site_root / "content" / "articles").glob("*.md"))[:2]
    named.write_text(named.read_text("utf-8") + "\nLe pack coûte {{ prix.pack }}.\n", "utf-8")
    typed.write_text(typed.read_text("utf-8") + "\nLe pack coûte 450 €.\n", "utf-8")
    # « 450 € » is a stale price at first (the pack costs 395 €), then the pack's own.
    own = "avertissement : « 450 € » est tapé à la main : écrivez"
    first = contenu("build", "--today", TODAY)
    assert first.exit_code == 0 and own not in first.plain.replace("\u00a0", " ")
    assert "« 450 € » est tapé à la main ;" in first.plain.replace("\u00a0", " ")
    settings_file = site_root / "content" / "reglages" / "site.md"
    text = settings_file.read_text("utf-8")
    settings_file.write_text(text.replace("amount: 395", "amount: 450", 1), "utf-8")
    second = contenu("build", "--today", TODAY)
    assert second.exit_code == 0
    assert own in second.plain.replace("\u00a0", " ")  # now the pack's price, typed by hand
    route = site_root / BUILD / "public" / "data" / "routes" / "blog" / f"{named.stem}.json"
    assert "450\u00a0€" in route.read_text("utf-8")
    assert "395\u00a0€" not in route.read_text("utf-8")
    warm = tree(site_root / BUILD)
    shutil.rmtree(site_root / CACHE.parent)
    cold = contenu("build", "--today", TODAY)
    assert cold.output == second.output and tree(site_root / BUILD) == warm


def _damaged(data: bytes) -> list[tuple[str, bytes]]:
    head_end = data.index(b"\n")
    size_end = data.index(b"\n", head_end + 1)
    index_end = size_end + int(data[head_end + 1 : size_end])
    middle = (index_end + len(data)) // 2
    flipped = bytearray(data)
    flipped[middle] ^= 0x20  # a letter's case inside a rendered text
    return [
        ("empty", b""),
        ("truncated in the head", data[: head_end // 2]),
        ("truncated in the index", data[: (head_end + index_end) // 2]),
        ("truncated in the results", data[:middle]),
        ("one byte of a result altered", bytes(flipped)),
        ("another code's cache", data.replace(b"contenu-results 2 ", b"contenu-results 2 0", 1)),
        ("an index that points past the end", data.replace(b'",0,', b'",99999999,', 1)),
        ("not a cache at all", b"\x00\xff" * 100),
    ]


@pytest.fixture
def cold_and_cache(site_root: Path) -> tuple[Outcome, bytes]:
    outcome, builder = compiled(site_root)
    assert builder.save_results()
    return outcome, (site_root / CACHE).read_bytes()


def _same_as_cold(root: Path, cold: Outcome) -> None:
    outcome, _ = compiled(root)
    assert outcome.diagnostics == cold.diagnostics
    assert [d.source for d in outcome.diagnostics] == [d.source for d in cold.diagnostics]
    assert outcome.outputs is not None and cold.outputs is not None
    assert outcome.outputs.files == cold.outputs.files


def test_a_damaged_cache_is_no_cache(
    site_root: Path, cold_and_cache: tuple[Outcome, bytes]
) -> None:
    cold, data = cold_and_cache
    for what, damaged in _damaged(data):
        (site_root / CACHE).write_bytes(damaged)
        try:
            _same_as_cold(site_root, cold)
        except AssertionError as exc:
            raise AssertionError(what) from exc


@settings(
    max_examples=25, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture]
)
@given(data=st.data())
def test_any_byte_changed_or_cut_gives_the_cold_build(
    site_root: Path, cold_and_cache: tuple[Outcome, bytes], data: st.DataObject
) -> None:
    cold, cache = cold_and_cache
    at = data.draw(st.integers(0, len(cache) - 1), label="position")
    damaged = bytearray(cache)
    if data.draw(st.booleans(), label="cut there"):
        damaged = damaged[:at]
    else:
        damaged[at] = data.draw(st.integers(0, 255).filter(lambda b: b != cache[at]))
    (site_root / CACHE).write_bytes(bytes(damaged))
    _same_as_cold(site_root, cold)


def test_a_file_with_an_error_is_read_again_and_reported_again(
    site_root: Path, contenu: Callable[..., Any]
) -> None:
    path = article(site_root)
    path.write_text(re.sub(r"(?m)^date: .*$", "date: demain", path.read_text("utf-8")), "utf-8")
    first = contenu("build", "--today", TODAY)
    assert first.exit_code == 1
    assert (site_root / CACHE).is_file()  # the other files are kept for the next run
    outcome, _ = compiled(site_root)
    assert outcome.reparsed == 1
    assert contenu("build", "--today", TODAY).output == first.output


def test_check_reads_the_cache_and_never_writes_it(
    site_root: Path, contenu: Callable[..., Any]
) -> None:
    """`contenu check` runs on pull requests: it writes nothing anywhere."""
    assert contenu("check", "--today", TODAY).exit_code == 0
    assert not (site_root / CACHE.parent).exists()
    assert contenu("build", "--today", TODAY).exit_code == 0
    kept = (site_root / CACHE).read_bytes()
    path = article(site_root)
    path.write_text(path.read_text("utf-8") + "\nEncore une phrase.\n", "utf-8")
    assert contenu("check", "--today", TODAY).exit_code == 0
    assert (site_root / CACHE).read_bytes() == kept


def test_the_key_changes_with_the_code_and_the_content_folder(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    package = tmp_path / "contenu"
    shutil.copytree(result_cache.PACKAGE, package, ignore=shutil.ignore_patterns("__pycache__"))
    monkeypatch.setattr(result_cache, "PACKAGE", package)
    clear = result_cache.code_digest.cache_clear  # the code of one process does not change
    clear()
    content = tmp_path / "content"
    before = code_key(content)
    assert code_key(content) == before
    assert code_key(tmp_path / "autre") != before
    markdown = package / "render" / "markdown.py"
    markdown.write_text(markdown.read_text("utf-8") + "\n# a change\n", "utf-8")
    clear()
    assert code_key(content) != before
    clear()  # the next test's code is this package's
