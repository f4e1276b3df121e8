"""The one writer: every file the pipeline produces goes through this module.

A build never leaves a half-written output. ``publish_tree`` stages a whole tree in a
temporary sibling folder (hard-linking the previous tree's files that hold the same bytes:
no file of a tree is ever written through) and swaps it in with one atomic exchange, so the
previous tree stays byte-identical until the new one is complete; an exception or a stop
signal (SIGINT, SIGTERM) removes the staging folder. ``update_tree`` (the watcher's
incremental path) replaces each changed file with an atomic rename. ``write_file`` does the
same for one file.
A run killed outright (SIGKILL) can only leave a hidden ``.<name>.tmp-*`` or ``.<name>.old-*``
sibling, which the next run removes.
"""

from __future__ import annotations

import contextlib
import ctypes
import ctypes.util
import os
import shutil
import signal
import stat
import tempfile
from collections.abc import Iterator, Mapping
from pathlib import Path

#: What a file of a tree holds: its bytes, or an existing file (an image variant in the
#: encoder's cache) to hard-link, or to copy where a link is impossible.
Content = bytes | Path

_STOP_SIGNALS = {signal.SIGINT, signal.SIGTERM}
_RENAME_EXCHANGE = 2  # linux/fs.h
_AT_FDCWD = -100


def _libc_renameat2() -> object | None:
    try:
        libc = ctypes.CDLL(ctypes.util.find_library("c"), use_errno=True)
        return libc.renameat2
    except (OSError, AttributeError):
        return None


_renameat2 = _libc_renameat2()


def _exchange(a: Path, b: Path) -> bool:
    """Swap two paths in one system call (Linux ``renameat2``); False where unsupported."""
    if _renameat2 is None:
        return False
    result = _renameat2(  # type: ignore[operator]
        _AT_FDCWD, os.fsencode(a), _AT_FDCWD, os.fsencode(b), _RENAME_EXCHANGE
    )
    return bool(result == 0)


@contextlib.contextmanager
def signals_deferred() -> Iterator[None]:
    """Hold SIGINT/SIGTERM back while paths are being swapped: they arrive right after."""
    previous = signal.pthread_sigmask(signal.SIG_BLOCK, _STOP_SIGNALS)
    try:
        yield
    finally:
        signal.pthread_sigmask(signal.SIG_SETMASK, previous)


def _stop(signum: int, frame: object) -> None:
    raise KeyboardInterrupt


def stop_signals_raise() -> None:
    """Make SIGTERM behave like Ctrl-C, so ``finally`` blocks clean their staging folders."""
    with contextlib.suppress(ValueError):  # not the main thread: leave the handlers alone
        signal.signal(signal.SIGTERM, _stop)


def clean_leftovers(target: Path) -> None:
    """Remove the staging folders a killed run left next to ``target``."""
    if not target.parent.is_dir():
        return
    for prefix in (f".{target.name}.tmp-", f".{target.name}.old-"):
        for stray in target.parent.glob(prefix + "*"):
            if stray.is_dir() and not stray.is_symlink():
                shutil.rmtree(stray, ignore_errors=True)
            else:
                stray.unlink(missing_ok=True)


def _put(path: Path, content: Content) -> None:
    if isinstance(content, Path):
        try:
            os.link(content, path)
            return
        except OSError:
            content = content.read_bytes()
    fd = os.open(path, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o644)
    try:
        view = memoryview(content)
        while view:
            view = view[os.write(fd, view) :]
    finally:
        os.close(fd)


def _holds(old: Path, content: bytes) -> bool:
    """Whether ``old`` is a regular file (no symbolic link) that holds exactly ``content``.
    It may have other links: the site build hard-links every file of the build folder into
    the site it stages (site/scripts/build-cache.mjs, ``linkTree``), and neither side ever
    writes through a link; refusing them made every rebuild inside ``nox -s build`` write all
    its files again (1.2 CPU-s more after a one-article change at 4,000 articles, measured)."""
    try:
        fd = os.open(old, os.O_RDONLY | os.O_NOFOLLOW)
    except OSError:
        return False
    with os.fdopen(fd, "rb") as handle:
        info = os.fstat(fd)
        if not stat.S_ISREG(info.st_mode) or info.st_size != len(content):
            return False
        return handle.read() == content


def _fill(folder: Path, files: Mapping[str, Content], previous: Path | None = None) -> None:
    """Put ``files`` in ``folder``; a file of the ``previous`` tree that holds the same bytes
    is hard-linked instead of written: creating thousands of small files costs twenty times
    more than linking them (measured), and a rebuild after one change keeps almost all."""
    for sub in sorted({rel.rpartition("/")[0] for rel in files} - {""}):
        (folder / sub).mkdir(parents=True, exist_ok=True)
    for rel, content in files.items():
        if previous is not None and isinstance(content, bytes) and _holds(previous / rel, content):
            with contextlib.suppress(OSError):
                os.link(previous / rel, folder / rel)
                continue
        _put(folder / rel, content)


def _swap_in(staged: Path, target: Path) -> None:
    """Put ``staged`` at ``target``; the old ``target`` (if any) is deleted afterwards."""
    with signals_deferred():
        if not target.exists():
            os.rename(staged, target)
            return
        if _exchange(staged, target):
            old = staged  # after the exchange, the staging path holds the old tree
        else:
            old = Path(tempfile.mkdtemp(prefix=f".{target.name}.old-", dir=target.parent))
            os.rename(target, old / "tree")
            os.rename(staged, target)
    shutil.rmtree(old, ignore_errors=True)


def publish_tree(target: Path, files: Mapping[str, Content]) -> int:
    """Make ``target`` hold exactly ``files`` (relative path → content), all at once."""
    target.parent.mkdir(parents=True, exist_ok=True)
    clean_leftovers(target)
    staged = Path(tempfile.mkdtemp(prefix=f".{target.name}.tmp-", dir=target.parent))
    try:
        staged.chmod(0o755)
        _fill(staged, files, target if target.is_dir() and not target.is_symlink() else None)
        _swap_in(staged, target)
    except BaseException:
        shutil.rmtree(staged, ignore_errors=True)
        raise
    return len(files)


def _on_disk(path: Path, content: Content) -> bool:
    """Whether ``path`` already holds ``content`` (the same bytes, or the same linked file)."""
    if isinstance(content, Path):
        try:
            return os.path.samefile(content, path)
        except OSError:
            return False
    try:
        return path.read_bytes() == content
    except OSError:
        return False


def update_tree(
    target: Path, files: Mapping[str, Content], known: dict[str, Content] | None = None
) -> list[str]:
    """Make ``target`` hold exactly ``files`` by replacing only what changed, each file
    atomically (the watcher's path: unchanged files keep their bytes and dates). ``known``
    (what the caller last wrote there, kept between calls) saves reading files back; a linked
    file's name carries its content's hash, so the same name means the same bytes. Returns
    the relative paths written or deleted."""
    if not target.is_dir():
        publish_tree(target, files)
        changed = sorted(files)
    else:
        if known:
            existing = set(known)
        else:
            existing = {p.relative_to(target).as_posix() for p in target.rglob("*") if p.is_file()}

        def unchanged(rel: str, content: Content) -> bool:
            # What ``known`` holds is compared in memory: no path is made, and no file read,
            # for the thousands of files a save leaves as they were.
            if known and rel in known:
                return known[rel] is content or known[rel] == content
            return _on_disk(target / rel, content)

        changed = sorted(
            rel
            for rel, content in files.items()
            if rel not in existing or not unchanged(rel, content)
        )
        for rel in changed:
            replace_file(target / rel, files[rel])
        stale = sorted(existing - files.keys())
        for rel in stale:
            (target / rel).unlink(missing_ok=True)
        for folder in {(target / rel).parent for rel in stale}:
            with contextlib.suppress(OSError):  # not empty: still in use
                while folder != target:
                    folder.rmdir()
                    folder = folder.parent
        changed += stale
    if known is not None:
        known.clear()
        known.update(files)
    return changed


def replace_file(path: Path, content: Content) -> None:
    """Atomically replace ``path`` with ``content`` (a temporary sibling, then a rename)."""
    path.parent.mkdir(parents=True, exist_ok=True)
    temp = Path(tempfile.mktemp(prefix=f".{path.name}.tmp-", dir=path.parent))
    try:
        _put(temp, content)
        os.replace(temp, path)
    except BaseException:
        temp.unlink(missing_ok=True)
        raise


def write_file(path: Path, data: bytes) -> bool:
    """Atomically replace ``path`` with ``data`` unless it already holds those bytes."""
    if _on_disk(path, data):
        return False
    replace_file(path, data)
    return True
