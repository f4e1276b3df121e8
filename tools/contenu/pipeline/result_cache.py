"""The results cache: what reading, validating and rendering each file gave, kept on disk
between runs of ``contenu build``, so that after one article changed a new process parses that
article only (the Markdown rendering, French typography and YAML reading of the others are
the bulk of a build).

One file, ``.<out>-content-cache/results`` beside the build folder, replaced atomically::

    contenu-results <format> <key>\\n       key: this code, its libraries, the content folder
    <index length>\\n<index JSON>            rel → [sha, variables, digest, offset, length]
    <each result's JSON, one after the other (result_json.py)>

A result is taken from it only for the same file bytes (``sha``) under the same text
variables (their digest covers the prices, the e-mail and the year: every file's warnings
depend on them) and when its own digest matches (a damaged entry is one miss). A file with an
error is never stored. Anything missing, damaged or made by other code means no cache: it can
only save time, never change what a build says or writes."""

from __future__ import annotations

import hashlib
import importlib.metadata
import json
import sys
from collections.abc import Iterable
from dataclasses import dataclass, field
from pathlib import Path

from contenu.pipeline import writer
from contenu.pipeline.discover import Source
from contenu.pipeline.emit import digest
from contenu.pipeline.result_json import decode, encode
from contenu.pipeline.validate import FileResult

MAGIC = b"contenu-results"
FORMAT = b"1"
FILE_NAME = "results"
#: What validating and rendering a file depends on besides this package's code.
LIBRARIES = ("pydantic", "pydantic-core", "PyYAML", "pyromark", "nh3", "email-validator")
PACKAGE = Path(__file__).resolve().parents[1]  # tools/contenu


def code_key(content: Path) -> str:
    """Changes with any source file of the package, a library version, Python, or the
    content folder (its name is in every diagnostic)."""
    hasher = hashlib.blake2b(digest_size=16)
    hasher.update(f"{sys.version}\0{content}\0".encode())
    for name in LIBRARIES:
        try:
            version = importlib.metadata.version(name)
        except importlib.metadata.PackageNotFoundError:
            version = "-"
        hasher.update(f"{name}={version}\0".encode())
    for path in sorted(PACKAGE.rglob("*.py")):
        hasher.update(path.relative_to(PACKAGE).as_posix().encode() + b"\0")
        hasher.update(path.read_bytes() + b"\0")
    return hasher.hexdigest()


Packed = tuple[bytes, str]  # a result's JSON (result_json.py) and its hash; b"": not kept


def pack(result: FileResult) -> Packed:
    """What ``put`` keeps of ``result``: nothing for a file with an error, or one whose JSON
    would not bring it back exactly (``result_json.encode``). Pure, so the parsing processes
    of a large build pack their own results."""
    if any(d.is_error for d in result.diagnostics):
        return b"", ""
    try:
        blob = encode(result)
    except Exception:  # NotExactError, or a text no JSON can hold: parsed again next time
        return b"", ""
    return blob, digest(blob)


@dataclass
class _Entry:
    sha: str
    variables: str
    digest: str
    blob: bytes | memoryview


def _read(path: Path, key: str) -> dict[str, _Entry]:
    """The entries of the cache file, or nothing when it is absent, damaged or not ours."""
    top = b" ".join((MAGIC, FORMAT, key.encode())) + b"\n"
    try:
        with path.open("rb") as handle:
            if handle.readline(len(top) + 1) != top:
                return {}  # another code's cache is not even read
            size = int(handle.readline(20))
            rest = handle.read()
        index = json.loads(rest[:size])
        blobs = memoryview(rest)[size:]
        entries = {}
        for rel, (sha, variables, hashed, offset, length) in index.items():
            if not (isinstance(offset, int) and isinstance(length, int) and offset >= 0):
                continue
            blob = blobs[offset : offset + length]
            if len(blob) == length:
                entries[str(rel)] = _Entry(str(sha), str(variables), str(hashed), blob)
        return entries
    except Exception:  # damaged: a cold build, never an error
        return {}


@dataclass
class ResultCache:
    """The cache file of one build folder. ``get`` before parsing a file, ``put`` what was
    parsed, ``save`` at the end (unless read-only)."""

    path: Path
    key: str
    writable: bool = True
    entries: dict[str, _Entry] = field(default_factory=dict)
    changed: bool = False
    hits: int = 0

    @classmethod
    def open(cls, folder: Path, content: Path, *, writable: bool = True) -> ResultCache:
        key = code_key(content)
        path = folder / FILE_NAME
        return cls(path, key, writable, _read(path, key))

    def get(self, source: Source, sha: str, variables: str) -> FileResult | None:
        """The stored result of ``source`` for these bytes and variables, or None."""
        entry = self.entries.get(source.rel)
        if source.problem or entry is None or (entry.sha, entry.variables) != (sha, variables):
            return None
        try:
            if digest(entry.blob) != entry.digest:
                raise ValueError("damaged")
            result = decode(bytes(entry.blob), source)
        except Exception:
            del self.entries[source.rel]
            self.changed = True
            return None
        self.hits += 1
        return result

    def put(self, rel: str, sha: str, variables: str, packed: Packed) -> None:
        """Keep ``packed`` (from ``pack``) as the result of ``rel``; an empty one (a result
        that is not kept) drops what was kept for the file's earlier bytes."""
        if not self.writable:
            return
        blob, digest = packed
        if blob:
            self.entries[rel] = _Entry(sha, variables, digest, blob)
            self.changed = True
        elif self.entries.pop(rel, None) is not None:
            self.changed = True

    def save(self, live: Iterable[str]) -> bool:
        """Write the entries of the files in ``live`` (the others are gone) when anything
        changed; False when nothing was written."""
        keep = set(live)
        if not self.writable or not (self.changed or self.entries.keys() - keep):
            return False
        index: dict[str, list[object]] = {}
        blobs: list[bytes | memoryview] = []
        offset = 0
        for rel, entry in sorted(self.entries.items()):
            if rel in keep:
                index[rel] = [entry.sha, entry.variables, entry.digest, offset, len(entry.blob)]
                blobs.append(entry.blob)
                offset += len(entry.blob)
        head = json.dumps(index, ensure_ascii=False, separators=(",", ":")).encode()
        top = b" ".join((MAGIC, FORMAT, self.key.encode()))
        parts = [top, b"\n", str(len(head)).encode(), b"\n", head, *blobs]
        try:
            self.path.parent.mkdir(parents=True, exist_ok=True)
            writer.replace_file(self.path, b"".join(parts))
        except OSError:  # a full disk, a read-only folder: the next build is a cold one
            return False
        return True
