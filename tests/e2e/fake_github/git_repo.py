"""The real git repository behind the fake GitHub API: a bare repository driven with the git
CLI (plumbing only), so a commit the editor makes through the API is a real commit that
`git` and `contenu check` can read back."""

from __future__ import annotations

import os
import re
import subprocess
import tempfile
import threading
from dataclasses import dataclass
from pathlib import Path

ZERO = "0" * 40
#: A ref or object name the fake accepts from a URL: never an option, never a range.
_NAME = re.compile(r"^[A-Za-z0-9][A-Za-z0-9._/-]*$")
_SHA = re.compile(r"^[0-9a-f]{40}$")


class GitError(Exception):
    """A git command failed (the fake answers 404 or 422)."""


@dataclass(frozen=True)
class Entry:
    """One entry of a recursive tree listing, as `git ls-tree -r -t -l` prints it."""

    mode: str
    type: str
    sha: str
    size: int | None
    path: str


def is_sha(text: str) -> bool:
    return _SHA.match(text) is not None


def safe_name(text: str) -> bool:
    return _NAME.match(text) is not None and ".." not in text and not text.endswith(".lock")


def safe_path(path: str) -> bool:
    """A repository path a client may write: relative, no `..`, no empty segment."""
    parts = path.split("/")
    return bool(path) and all(p not in ("", ".", "..", ".git") for p in parts) and "\0" not in path


class GitRepo:
    """A bare repository; every write goes through one lock and a compare-and-swap ref update."""

    def __init__(self, folder: Path) -> None:
        self.folder = folder
        self.lock = threading.RLock()
        self._env = {
            **os.environ,
            "GIT_DIR": str(folder),
            "GIT_CONFIG_NOSYSTEM": "1",
            "GIT_CONFIG_GLOBAL": os.devnull,
            "GIT_TERMINAL_PROMPT": "0",
        }

    # ------------------------------------------------------------------ plumbing

    def git(
        self, *args: str, data: bytes | None = None, env: dict[str, str] | None = None
    ) -> bytes:
        done = subprocess.run(
            ["git", *args],
            input=data,
            capture_output=True,
            env={**self._env, **(env or {})},
            check=False,
        )
        if done.returncode != 0:
            raise GitError(done.stderr.decode("utf-8", "replace").strip())
        return done.stdout

    def text(self, *args: str, data: bytes | None = None, env: dict[str, str] | None = None) -> str:
        return self.git(*args, data=data, env=env).decode("utf-8").strip()

    @classmethod
    def create(cls, folder: Path, files: dict[str, bytes], branch: str = "main") -> GitRepo:
        """A bare repository whose `branch` has one commit holding exactly `files`."""
        folder.mkdir(parents=True, exist_ok=True)
        subprocess.run(["git", "init", "--bare", "-q", "-b", branch, str(folder)], check=True)
        repo = cls(folder)
        tree = repo.write_tree(None, {path: data for path, data in files.items()})
        commit = repo.commit_tree(tree, None, "Contenu initial", "Renouer", "contenu@example.org")
        repo.git("update-ref", f"refs/heads/{branch}", commit, ZERO)
        return repo

    @classmethod
    def from_folder(cls, folder: Path, source: Path, prefix: str = "content") -> GitRepo:
        """A bare repository whose `main` holds every regular file of `source` under
        `prefix/` (symbolic links are skipped, as the pipeline never follows them). The blobs
        are written by one `git hash-object --stdin-paths` (thousands of files in a second)."""
        folder.mkdir(parents=True, exist_ok=True)
        subprocess.run(["git", "init", "--bare", "-q", "-b", "main", str(folder)], check=True)
        repo = cls(folder)
        paths = [p for p in sorted(source.rglob("*")) if p.is_file() and not p.is_symlink()]
        listed = "".join(f"{p}\n" for p in paths).encode()
        shas = repo.text("hash-object", "-w", "--stdin-paths", data=listed).split()
        index = "".join(
            f"100644 {sha}\t{prefix}/{p.relative_to(source).as_posix()}\n"
            for p, sha in zip(paths, shas, strict=True)
        )
        with tempfile.TemporaryDirectory(prefix="fake-github-index-") as scratch:
            env = {"GIT_INDEX_FILE": str(Path(scratch) / "index")}
            repo.git("read-tree", "--empty", env=env)
            repo.git("update-index", "--index-info", data=index.encode(), env=env)
            tree = repo.text("write-tree", env=env)
        commit = repo.commit_tree(tree, None, "Contenu initial", "Renouer", "contenu@example.org")
        repo.git("update-ref", "refs/heads/main", commit, ZERO)
        return repo

    def hash_blob(self, data: bytes) -> str:
        return self.text("hash-object", "-w", "--stdin", data=data)

    def write_tree(self, parent: str | None, changes: dict[str, bytes | None]) -> str:
        """The tree of `parent` (a commit, or nothing) with `changes` applied: bytes add or
        replace a file, None removes it. Built in a private index file."""
        with tempfile.TemporaryDirectory(prefix="fake-github-index-") as scratch:
            env = {"GIT_INDEX_FILE": str(Path(scratch) / "index")}
            if parent is not None:
                self.git("read-tree", f"{parent}^{{tree}}", env=env)
            else:
                self.git("read-tree", "--empty", env=env)
            lines = []
            for path, data in changes.items():
                if data is None:
                    lines.append(f"0 {ZERO}\t{path}\n")
                else:
                    lines.append(f"100644 {self.hash_blob(data)}\t{path}\n")
            self.git("update-index", "--index-info", data="".join(lines).encode(), env=env)
            return self.text("write-tree", env=env)

    def commit_tree(
        self, tree: str, parent: str | None, message: str, name: str, email: str
    ) -> str:
        people = {
            "GIT_AUTHOR_NAME": name,
            "GIT_AUTHOR_EMAIL": email,
            "GIT_COMMITTER_NAME": "GitHub",
            "GIT_COMMITTER_EMAIL": "noreply@github.com",
        }
        parents = ["-p", parent] if parent else []
        return self.text(
            "commit-tree", tree, *parents, "-F", "-", data=message.encode(), env=people
        )

    # ------------------------------------------------------------------ reading

    def _rev_parse(self, spec: str) -> str | None:
        try:
            return self.text("rev-parse", "--verify", "--quiet", spec)
        except GitError:
            return None

    def resolve(self, name: str, kind: str = "commit") -> str | None:
        """The object a branch name or sha names (peeled to `kind`), or None."""
        if not safe_name(name):
            return None
        candidates = [name] if is_sha(name) else [f"refs/heads/{name}", name]
        found = (self._rev_parse(f"{candidate}^{{{kind}}}") for candidate in candidates)
        return next((sha for sha in found if sha), None)

    def branch_head(self, branch: str) -> str | None:
        return self._rev_parse(f"refs/heads/{branch}") if safe_name(branch) else None

    def branches(self) -> dict[str, str]:
        out = self.text("for-each-ref", "--format=%(refname:strip=2) %(objectname)", "refs/heads")
        return dict(line.split(" ", 1) for line in out.splitlines() if line)

    def ls_tree(self, tree: str) -> list[Entry]:
        out = self.git("ls-tree", "-r", "-t", "-l", "-z", tree).decode("utf-8")
        entries = []
        for record in filter(None, out.split("\0")):
            meta, path = record.split("\t", 1)
            mode, kind, sha, size = meta.split()
            entries.append(Entry(mode, kind, sha, None if size == "-" else int(size), path))
        return entries

    def files(self, commit: str) -> dict[str, bytes]:
        """Every file of a commit with its bytes (for the tests' assertions)."""
        return {e.path: self.blob(e.sha) for e in self.ls_tree(commit) if e.type == "blob"}

    def blob_at(self, commit: str, path: str) -> str | None:
        return self._rev_parse(f"{commit}:{path}") if safe_path(path) else None

    def object_type(self, sha: str) -> str | None:
        try:
            return self.text("cat-file", "-t", sha)
        except GitError:
            return None

    def blob(self, sha: str) -> bytes:
        return self.git("cat-file", "blob", sha)

    def blobs(self, shas: list[str]) -> dict[str, bytes | None]:
        """Many blobs in one `git cat-file --batch` (None: no such blob)."""
        out = self.git("cat-file", "--batch", data="".join(f"{s}\n" for s in shas).encode())
        found: dict[str, bytes | None] = {}
        at = 0
        for sha in shas:
            end = out.index(b"\n", at)
            header = out[at:end].decode().split()
            at = end + 1
            if len(header) != 3:  # "<sha> missing"
                found[sha] = None
                continue
            size = int(header[2])
            found[sha] = out[at : at + size] if header[1] == "blob" else None
            at += size + 1
        return found

    def merge_base(self, a: str, b: str) -> str:
        return self.text("merge-base", a, b)

    def delete_branch(self, branch: str) -> None:
        head = self.branch_head(branch)
        if head is None:
            raise GitError(f"no branch {branch}")
        self.git("update-ref", "-d", f"refs/heads/{branch}", head)

    def parents(self, commit: str) -> list[str]:
        return self.text("rev-list", "--parents", "-n", "1", commit).split()[1:]

    def message(self, commit: str) -> str:
        return self.text("log", "-1", "--format=%B", commit)

    def log(self, branch: str) -> list[str]:
        return self.text("rev-list", f"refs/heads/{branch}").split()

    # ------------------------------------------------------------------ writing

    def create_branch(self, branch: str, sha: str) -> None:
        """A new branch at `sha`; fails if it exists (update-ref with the null old value)."""
        self.git("update-ref", f"refs/heads/{branch}", sha, ZERO)

    def commit_on(
        self,
        branch: str,
        expected_head: str,
        changes: dict[str, bytes | None],
        message: str,
        author: tuple[str, str],
    ) -> str:
        """One commit on `branch` whose parent is `expected_head`; the ref moves only if it
        still points there (compare-and-swap), else GitError."""
        with self.lock:
            tree = self.write_tree(expected_head, changes)
            commit = self.commit_tree(tree, expected_head, message, *author)
            self.git("update-ref", f"refs/heads/{branch}", commit, expected_head)
            return commit
