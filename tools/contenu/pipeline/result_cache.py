"""The results cache: what reading, validating and rendering each file gave, kept on disk
between runs of ``contenu build``, so that after one article changed a new process parses that
article only (the Markdown rendering, French typography and YAML reading of the others are
the bulk of a build).

It also keeps each article's route file (``public/data/routes/blog/<slug>.json``) as the
last build made it, so a new process does not make the JSON of 4,000 unchanged articles again
(0.5 CPU-s at 4,000 articles, issue 33). One file, ``.<out>-content-cache/results`` beside
the build folder, replaced atomically::

    contenu-results <format> <key>\\n       key: this code, its libraries, the content folder
    <index length>\\n<index JSON>            {"results": {rel → [sha, variables, digest,
                                            offset, length]}, "bundles": {rel → [sha,
                                            variables, context, digest, offset, length]}}
    <each result's JSON and each route file, one after the other (result_json.py)>

A result is taken from it only for the same file bytes (``sha``) under the same text
variables (their digest covers the prices, the e-mail and the year: every file's warnings
depend on them) and when its own digest matches (a damaged entry is one miss). A file with an
error is never stored. An article's route file is taken for the same bytes and variables
(the same result) and the same ``context``: what else the emitter says it was made from
(``pipeline/emit.py``). Anything missing, damaged or made by other code means no cache: it
can only save time, never change what a build says or writes."""

from __future__ import annotations

import functools
import hashlib
import importlib.metadata
import json
import sys
from collections.abc import Iterable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from contenu.pipeline import writer
from contenu.pipeline.discover import Source
from contenu.pipeline.emit import digest
from contenu.pipeline.result_json import decode, encode
from contenu.pipeline.validate import FileResult

MAGIC = b"contenu-results"
FORMAT = b"2"
FILE_NAME = "results"
#: What validating and rendering a file depends on besides this package's code.
LIBRARIES = ("pydantic", "pydantic-core", "PyYAML", "pyromark", "nh3", "email-validator")
PACKAGE = Path(__file__).resolve().parents[1]  # tools/contenu


@functools.cache
def code_digest() -> str:
    """Changes with any source file of the package, a library version or Python: what every
    output of this code depends on besides its input (the generated files depend on nothing
    else, ``cli/generated_files.py``)."""
    hasher = hashlib.blake2b(digest_size=16)
    hasher.update(f"{sys.version}\0".encode())
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


def code_key(content: Path) -> str:
    """Changes with the code (``code_digest``) or the content folder (its name is in every
    diagnostic)."""
    return hashlib.blake2b(f"{code_digest()}\0{content}".encode(), digest_size=16).hexdigest()


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
    context: str = ""  # a route file's: what else it was made from


Entries = dict[str, _Entry]


def _entries(index: dict[str, list[Any]], blobs: memoryview, fields: int) -> Entries:
    """The entries of one part of the index (``fields``: before the offset and length)."""
    entries = {}
    for rel, row in index.items():
        *texts, offset, length = row
        if not (
            len(texts) == fields
            and isinstance(offset, int)
            and isinstance(length, int)
            and offset >= 0
        ):
            continue
        blob = blobs[offset : offset + length]
        if len(blob) == length:
            sha, variables, *context, hashed = (str(text) for text in texts)
            entries[str(rel)] = _Entry(sha, variables, hashed, blob, "".join(context))
    return entries


def _read(path: Path, key: str) -> tuple[Entries, Entries]:
    """The results and route files of the cache file, or nothing when it is absent, damaged
    or not ours."""
    top = b" ".join((MAGIC, FORMAT, key.encode())) + b"\n"
    try:
        with path.open("rb") as handle:
            if handle.readline(len(top) + 1) != top:
                return {}, {}  # another code's cache is not even read
            size = int(handle.readline(20))
            rest = handle.read()
        index = json.loads(rest[:size])
        blobs = memoryview(rest)[size:]
        return _entries(index["results"], blobs, 3), _entries(index["bundles"], blobs, 4)
    except Exception:  # damaged: a cold build, never an error
        return {}, {}


@dataclass
class ResultCache:
    """The cache file of one build folder. ``get`` before parsing a file, ``put`` what was
    parsed, ``save`` at the end (unless read-only)."""

    path: Path
    key: str
    writable: bool = True
    entries: Entries = field(default_factory=dict)
    bundles: Entries = field(default_factory=dict)  # rel → an article's route file
    changed: bool = False
    hits: int = 0

    @classmethod
    def open(cls, folder: Path, content: Path, *, writable: bool = True) -> ResultCache:
        key = code_key(content)
        path = folder / FILE_NAME
        return cls(path, key, writable, *_read(path, key))

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

    def bundle(self, rel: str, sha: str, variables: str, context: str) -> bytes | None:
        """The route file kept for the article ``rel`` made from the same result (its bytes
        ``sha`` under ``variables``) in the same ``context``, or None."""
        entry = self.bundles.get(rel)
        if entry is None or (entry.sha, entry.variables, entry.context) != (
            sha,
            variables,
            context,
        ):
            return None
        if digest(entry.blob) != entry.digest:
            del self.bundles[rel]
            self.changed = True
            return None
        return bytes(entry.blob)

    def put_bundle(self, rel: str, sha: str, variables: str, context: str, data: bytes) -> None:
        """Keep ``data``, the route file of the article ``rel`` (see ``bundle``)."""
        if self.writable:
            self.bundles[rel] = _Entry(sha, variables, digest(data), data, context)
            self.changed = True

    def save(self, live: Iterable[str]) -> bool:
        """Write the entries of the files in ``live`` (the others are gone) when anything
        changed; False when nothing was written. A route file is kept with the result it
        was made from only."""
        keep = set(live)
        gone = self.entries.keys() - keep
        if not self.writable or not (self.changed or gone or self.bundles.keys() - keep):
            return False
        blobs: list[bytes | memoryview] = []
        offset = 0

        def place(blob: bytes | memoryview) -> list[int]:
            nonlocal offset
            blobs.append(blob)
            offset += len(blob)
            return [offset - len(blob), len(blob)]

        index: dict[str, dict[str, list[object]]] = {"results": {}, "bundles": {}}
        for rel, entry in sorted(self.entries.items()):
            if rel in keep:
                row = [entry.sha, entry.variables, entry.digest, *place(entry.blob)]
                index["results"][rel] = row
        for rel, entry in sorted(self.bundles.items()):
            result = self.entries.get(rel)
            made_from = result is not None and (result.sha, result.variables) == (
                entry.sha,
                entry.variables,
            )
            if rel in keep and made_from:
                row = [entry.sha, entry.variables, entry.context, entry.digest, *place(entry.blob)]
                index["bundles"][rel] = row
        head = json.dumps(index, ensure_ascii=False, separators=(",", ":")).encode()
        top = b" ".join((MAGIC, FORMAT, self.key.encode()))
        parts = [top, b"\n", str(len(head)).encode(), b"\n", head, *blobs]
        try:
            self.path.parent.mkdir(parents=True, exist_ok=True)
            writer.replace_file(self.path, b"".join(parts))
        except OSError:  # a full disk, a read-only folder: the next build is a cold one
            return False
        return True
