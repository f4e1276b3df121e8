"""The one writer (contenu.pipeline.writer): a build's folder is replaced as a whole or not at
all; a failure, an exception or a stop signal in the middle leaves the previous folder byte for
byte, and no stray staging folder behind."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import textwrap
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from contenu.pipeline import writer


def tree(folder: Path) -> dict[str, bytes]:
    return {
        p.relative_to(folder).as_posix(): p.read_bytes()
        for p in sorted(folder.rglob("*"))
        if p.is_file()
    }


def siblings(folder: Path) -> list[str]:
    return sorted(p.name for p in folder.parent.iterdir() if p.name != folder.name)


OLD = {"public/data/site.json": b'{"v":1}\n', "routes.json": b"[]\n", "public/a/b/c.txt": b"c"}
NEW = {"public/data/site.json": b'{"v":2}\n', "public/img/x.webp": b"x", "routes.json": b"[1]\n"}


def test_publish_replaces_the_whole_folder(tmp_path: Path) -> None:
    target = tmp_path / "build"
    writer.publish_tree(target, OLD)
    writer.publish_tree(target, NEW)
    assert tree(target) == NEW  # files of the old build that the new one lacks are gone
    assert siblings(target) == []


@pytest.mark.parametrize("stop", [OSError("disque plein"), KeyboardInterrupt()])
def test_a_failure_midway_leaves_the_previous_folder(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, stop: BaseException
) -> None:
    target = tmp_path / "build"
    writer.publish_tree(target, OLD)
    real_put, written = writer._put, []

    def failing_put(path: Path, content: writer.Content) -> None:
        if len(written) == 2:
            raise stop
        written.append(path)
        real_put(path, content)

    monkeypatch.setattr(writer, "_put", failing_put)
    with pytest.raises(type(stop)):
        writer.publish_tree(target, {**NEW, "public/z/1": b"1", "public/z/2": b"2"})
    assert tree(target) == OLD
    assert siblings(target) == []


def test_linked_files_are_hard_links_and_keep_their_bytes(tmp_path: Path) -> None:
    cached = tmp_path / "cache" / "x-480.abc.webp"
    cached.parent.mkdir()
    cached.write_bytes(b"webp")
    target = tmp_path / "build"
    writer.publish_tree(target, {"public/img/x-480.abc.webp": cached})
    published = target / "public" / "img" / "x-480.abc.webp"
    assert published.read_bytes() == b"webp" and os.path.samefile(published, cached)


def test_a_new_tree_links_the_old_tree_s_files_that_hold_the_same_bytes(tmp_path: Path) -> None:
    """A rebuild after one change writes that change only; the old tree, swapped out, is
    never written through (each tree keeps exactly its bytes)."""
    target = tmp_path / "build"
    writer.publish_tree(target, OLD)
    kept = {rel: os.stat(target / rel).st_ino for rel in OLD}
    elsewhere = tmp_path / "outside" / "c.txt"
    elsewhere.parent.mkdir()
    elsewhere.write_bytes(b"c")
    (target / "public/a/b/c.txt").unlink()
    (target / "public/a/b/c.txt").symlink_to(elsewhere)  # never followed nor linked
    writer.publish_tree(target, {**OLD, "public/data/site.json": b'{"v":3}\n'})
    assert tree(target) == {**OLD, "public/data/site.json": b'{"v":3}\n'}
    assert os.stat(target / "routes.json").st_ino == kept["routes.json"]
    assert os.stat(target / "public/data/site.json").st_ino != kept["public/data/site.json"]
    copied = target / "public/a/b/c.txt"
    assert not copied.is_symlink() and not os.path.samefile(copied, elsewhere)
    assert siblings(target) == ["outside"]


def test_a_file_the_site_also_links_is_linked_again(tmp_path: Path) -> None:
    """The site build hard-links the build folder's files into the site it publishes: a
    rebuild still links those that hold the same bytes instead of writing them again."""
    target = tmp_path / "build"
    writer.publish_tree(target, OLD)
    site = tmp_path / "dist" / "routes.json"
    site.parent.mkdir()
    os.link(target / "routes.json", site)
    writer.publish_tree(target, OLD)
    assert tree(target) == OLD
    assert os.path.samefile(target / "routes.json", site)


def test_leftovers_of_a_killed_run_are_removed(tmp_path: Path) -> None:
    target = tmp_path / "build"
    writer.publish_tree(target, OLD)
    (tmp_path / ".build.tmp-123").mkdir()
    (tmp_path / ".build.old-456").mkdir()
    writer.publish_tree(target, NEW)
    assert siblings(target) == []


_KILLED_RUN = textwrap.dedent(
    """
    import sys, time
    from pathlib import Path
    from contenu.pipeline import writer
    writer.stop_signals_raise()
    real = writer._put
    def slow(path, content):
        real(path, content)
        print("wrote", flush=True)
        time.sleep(0.05)
    writer._put = slow
    files = {f"public/data/routes/{i}.json": b"new" for i in range(200)}
    try:
        writer.publish_tree(Path(sys.argv[1]), files)
    except KeyboardInterrupt:
        sys.exit(130)
    """
)


def test_a_stop_signal_midway_leaves_the_previous_folder(tmp_path: Path) -> None:
    target = tmp_path / "build"
    writer.publish_tree(target, OLD)
    process = subprocess.Popen(
        [sys.executable, "-c", _KILLED_RUN, str(target)], stdout=subprocess.PIPE, text=True
    )
    assert process.stdout is not None
    for _ in range(5):  # a few files are staged
        assert process.stdout.readline().startswith("wrote")
    process.send_signal(signal.SIGTERM)
    assert process.wait(timeout=30) == 130
    assert tree(target) == OLD
    assert siblings(target) == []


def test_update_rewrites_only_what_changed_and_reports_it(tmp_path: Path) -> None:
    target = tmp_path / "preview"
    known: dict[str, writer.Content] = {}
    assert writer.update_tree(target, OLD, known) == sorted(OLD)
    unchanged = target / "routes.json"
    before = unchanged.stat().st_mtime_ns
    time.sleep(0.01)
    changed = writer.update_tree(target, {**OLD, "public/data/site.json": b'{"v":3}\n'}, known)
    assert changed == ["public/data/site.json"]
    assert unchanged.stat().st_mtime_ns == before
    assert writer.update_tree(target, {"routes.json": b"[]\n"}, known) == [
        "public/a/b/c.txt",
        "public/data/site.json",
    ]
    assert tree(target) == {"routes.json": b"[]\n"}
    assert not (target / "public").exists()  # emptied folders go too


_names = st.lists(
    st.text("abcxyz", min_size=1, max_size=3).map(lambda s: f"public/{s}.json"),
    unique=True,
    max_size=6,
)


@settings(max_examples=40, deadline=None)
@given(first=_names, second=_names, data=st.data())
def test_update_and_publish_agree(
    tmp_path_factory: pytest.TempPathFactory, first: list[str], second: list[str], data: Any
) -> None:
    """Whatever the two builds hold, the incremental path ends where a full publish does."""
    files: Callable[[list[str]], dict[str, writer.Content]] = lambda names: {  # noqa: E731
        n: data.draw(st.binary(max_size=8)) for n in names
    }
    one, two = files(first), files(second)
    a, b = tmp_path_factory.mktemp("a") / "out", tmp_path_factory.mktemp("b") / "out"
    known: dict[str, writer.Content] = {}
    writer.update_tree(a, one, known)
    writer.update_tree(a, two, known)
    writer.publish_tree(b, two)
    assert tree(a) == tree(b) == {k: v for k, v in two.items() if isinstance(v, bytes)}
