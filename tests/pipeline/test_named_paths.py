"""Every repository path the developer docs and the code's comments name exists: a file
that moves takes the sentences naming it along, or this fails with the file, the line and
the path.

Read: ``docs/**/*.md`` and every README.md, and the comments (docstrings included) of the
code in tools/, site/src, site/scripts and tests/. A path is named in full
(``tools/contenu/pipeline/collect.py``), from inside a package or folder
(``pipeline/collect.py``, ``scripts/build.mjs``: it must end a path of the repository), or by
a source file's bare name (``collect.py``: some file must have it). What the build writes
(``site/generated/…``, ``site/dist/…``), addresses (``/blog/x``) and hypothetical examples
are not files of the repository, and are left out."""

from __future__ import annotations

import ast
import fnmatch
import io
import re
import subprocess
import tokenize
from collections.abc import Iterator
from functools import cache
from pathlib import Path

import pytest

REPO = Path(__file__).resolve().parents[2]

#: Where the paths are named.
DOCS = ("docs/*.md", "*README.md")  # fnmatch: "*" spans folders too
CODE = {"tools": ("*.py",), "site/src": ("*.ts", "*.tsx"), "site/scripts": ("*.ts", "*.mjs"),
        "tests": ("*.py", "*.ts", "*.mjs", "*.js")}  # fmt: skip

#: What a path named from inside a folder, or by its bare name, ends with: a source file or a
#: folder (``data/site.json``, ``images/a.jpg``, ``x.md`` are outputs or examples).
SOURCE = re.compile(r"(?:^|/)[\w.*-]+\.(?:py|ts|tsx|mjs)$|/$")
#: The repository's top-level folders: a path starting with one is named in full.
TOP = ("tools/", "site/", "docs/", "tests/", "content/", "schema/", ".github/", ".ci/", ".vscode/")
#: Made by a build or a tool, never in the repository (``.gitignore``).
OUTPUTS = ("site/generated/", "site/dist/", "site/.build-cache", "reports/", "site/node_modules",
           "tests/e2e/node_modules", ".nox/")  # fmt: skip
OUTPUT_FOLDERS = {"site/generated", "site/dist"}
#: Folders a path is written from inside of (``pipeline/collect.py``, ``scripts/build.mjs``).
INSIDE = re.compile(
    r"^(?:src|scripts|pipeline|models|cli|catalogue|changes|codegen|images|integrate|preview|"
    r"render|report|seo|text|contenu|core|forms|github|list|notebook|components|cells|routes|"
    r"lib|behaviours|dev|e2e|build|bench|workflows|fake_github|guide)/"
)
#: Named but not meant to be here: what a doc shows a developer adding (docs/architecture.md,
#: « Adding a content type »), examples of the coaches' guide, and the files of a library the
#: code follows (PyYAML's resolver.py).
EXAMPLES = {"partenaire.py", "PartnersCell.tsx", "tools/contenu/models/partenaire.py",
            "content/partenaires/", "site/src/components/cells/PartnersCell.tsx",
            "content/articles/mon-article.md", "resolver.py"}  # fmt: skip

_CODE_SPAN = re.compile(r"`([^`\n]+)`")
_LINK = re.compile(r"\]\(([^)\s#]+)(?:#[^)]*)?\)")
_TOKEN = re.compile(r"(?<![\w/.@:*-])((?:\.{0,2}/)?[\w.@*-]+(?:/[\w.@*<>{}…-]+)*/?)")
_BRACES = re.compile(r"([^\s`]*?)\{([\w.-]+(?:,[\w.-]+)+)\}([^\s`]*)")
_JS_COMMENT = re.compile(r"//[^\n]*|/\*.*?\*/", re.DOTALL)


@cache
def _repository() -> tuple[frozenset[str], frozenset[str], frozenset[str]]:
    """Every file of the repository (tracked or new), every folder, and every file's name."""
    listed = subprocess.run(
        ["git", "ls-files", "--cached", "--others", "--exclude-standard"],
        cwd=REPO, capture_output=True, text=True, check=True,
    ).stdout.splitlines()  # fmt: skip
    files = frozenset(f for f in listed if (REPO / f).exists())
    folders = frozenset(str(p) for f in files for p in Path(f).parents if str(p) != ".")
    return files, folders, frozenset(Path(f).name for f in files)


def _exists(path: str) -> bool:
    files, folders, names = _repository()
    path = path.removeprefix("./").rstrip(".,;:")
    if re.search(r"[*<{…]", path):  # a pattern: `schema/<type>.schema.gen.json`, `*.md`
        pattern = re.sub(r"<[^>]*>|\{[^}]*\}|…", "*", path).rstrip("/")
        return any(fnmatch.fnmatch(f, pattern) or fnmatch.fnmatch(f, f"*/{pattern}") for f in files)
    bare = path.rstrip("/")
    if "/" not in bare:
        return bare in names or bare in {Path(f).name for f in folders}
    if bare in files or bare in folders:
        return True
    tail = "/" + bare
    return any(f.endswith(tail) for f in files) or any(f.endswith(tail) for f in folders)


def _is_repository_path(token: str) -> bool:
    token = token.removeprefix("./")
    if not token or token.startswith(("/", "../", "@", "*")) or token in EXAMPLES:
        return False
    if "/-" in token or token.startswith(OUTPUTS) or token.rstrip("/") in OUTPUT_FOLDERS:
        return False
    if token.startswith(TOP):
        return True
    inside = "/" not in token or INSIDE.match(token) is not None
    return inside and SOURCE.search(token) is not None


def _tokens(text: str) -> Iterator[str]:
    """The repository paths named in ``text`` (``a/{b,c}.ts``: both)."""
    text = re.sub(r"https?://\S+", " ", text)
    text = _BRACES.sub(lambda m: " ".join(m[1] + c + m[3] for c in m[2].split(",")), text)
    for match in _TOKEN.finditer(text):
        token = match.group(1).rstrip(".,;:)")
        if _is_repository_path(token):
            yield token


def _doc_names(path: Path) -> Iterator[tuple[int, str]]:
    text = path.read_text(encoding="utf-8")
    for number, line in enumerate(text.splitlines(), 1):
        for span in _CODE_SPAN.findall(line):
            for token in _tokens(span):
                yield number, token
        for target in _LINK.findall(line):
            if "://" not in target and not target.startswith(("mailto:", "/")):
                resolved = (path.parent / target).resolve()
                if not resolved.exists():
                    yield number, str(resolved.relative_to(REPO, walk_up=True))


def _python_comments(text: str) -> Iterator[tuple[int, str]]:
    for token in tokenize.generate_tokens(io.StringIO(text).readline):
        if token.type == tokenize.COMMENT:
            yield token.start[0], token.string
    tree = ast.parse(text)
    for node in ast.walk(tree):
        if isinstance(node, ast.Module | ast.ClassDef | ast.FunctionDef | ast.AsyncFunctionDef):
            doc = node.body[0] if node.body else None
            if (
                isinstance(doc, ast.Expr)
                and isinstance(doc.value, ast.Constant)
                and isinstance(doc.value.value, str)
            ):
                for offset, line in enumerate(doc.value.value.splitlines()):
                    yield doc.lineno + offset, line


def _script_comments(text: str) -> Iterator[tuple[int, str]]:
    for match in _JS_COMMENT.finditer(text):
        if text[max(0, match.start() - 1)] == ":":  # a URL's "//" in code
            continue
        first = text.count("\n", 0, match.start()) + 1
        for offset, line in enumerate(match.group(0).splitlines()):
            yield first + offset, line


def _code_names(path: Path) -> Iterator[tuple[int, str]]:
    text = path.read_text(encoding="utf-8")
    comments = _python_comments(text) if path.suffix == ".py" else _script_comments(text)
    for number, line in comments:
        for token in _tokens(line.replace("``", "`")):
            yield number, token


def _sources() -> Iterator[tuple[str, Path]]:
    files, _, _ = _repository()
    for rel in sorted(files):
        path = REPO / rel
        if any(fnmatch.fnmatch(rel, pattern) for pattern in DOCS):
            yield "doc", path
        if ".gen." in path.name or "node_modules" in rel:
            continue
        for folder, patterns in CODE.items():
            named = any(fnmatch.fnmatch(path.name, pattern) for pattern in patterns)
            if named and rel.startswith(folder + "/"):
                yield "code", path


def _missing() -> list[str]:
    missing = []
    for kind, path in _sources():
        names = _doc_names(path) if kind == "doc" else _code_names(path)
        for line, token in names:
            if not _exists(token):
                missing.append(f"{path.relative_to(REPO)}:{line}: {token}")
    return missing


def test_every_path_named_in_the_docs_and_comments_exists() -> None:
    assert _missing() == []


@pytest.mark.parametrize(
    ("text", "found"),
    [
        ("see `tools/contenu/labels.py`", ["tools/contenu/labels.py"]),
        ("`pipeline/collect.py` and `collect.py`", ["pipeline/collect.py", "collect.py"]),
        ("`schema/<type>.schema.gen.json`", ["schema/<type>.schema.gen.json"]),
        ("`/blog/x`, `site/generated/build/`, https://example.org/a.py", []),
        ("`data/site.json`, `x.md`, `content-types`", []),
    ],
)
def test_what_counts_as_a_repository_path(text: str, found: list[str]) -> None:
    assert [t for span in _CODE_SPAN.findall(text) for t in _tokens(span)] == found


def test_a_moved_file_is_found() -> None:
    assert _exists("tools/contenu/pipeline/collect.py") and _exists("pipeline/collect.py")
    assert not _exists("tools/contenu/labels.py") and not _exists("pipeline/labels.py")
    assert _exists("schema/<type>.schema.gen.json") and _exists("site/src/editor/")
