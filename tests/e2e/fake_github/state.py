"""What the fake GitHub knows besides the git repository: tokens and their fine-grained
permissions, pull requests, check runs with their annotations, the rate limit, the failures a
test asked for, and every request received."""

from __future__ import annotations

import re
import time
from dataclasses import dataclass, field
from typing import Any

#: The permissions the editor's token is told to have (docs/guide/connexion-github.md).
EDITOR_PERMISSIONS = {
    "metadata": "read",
    "contents": "write",
    "pull_requests": "write",
}
_LEVEL = {"read": 1, "write": 2}


@dataclass
class Token:
    """A fine-grained personal access token: its owner, the repositories it reaches (None:
    all of the owner's), its permissions, and whether GitHub still accepts it."""

    value: str
    login: str
    permissions: dict[str, str] = field(default_factory=lambda: dict(EDITOR_PERMISSIONS))
    repositories: set[str] | None = None
    revoked: bool = False

    def grants(self, permission: str, level: str) -> bool:
        held = self.permissions.get(permission)
        return held is not None and _LEVEL[held] >= _LEVEL[level]


@dataclass
class User:
    login: str
    id: int
    name: str
    #: "write" (can push, can open pull requests) or "read" on the fake's repository.
    role: str = "write"


@dataclass
class Pull:
    number: int
    title: str
    body: str
    head: str
    base: str
    user: str
    created_at: str
    state: str = "open"
    merged: bool = False
    merged_at: str | None = None
    merge_commit_sha: str | None = None
    requested_reviewers: list[str] = field(default_factory=list)


@dataclass
class CheckRun:
    id: int
    name: str
    head_sha: str
    status: str  # queued, in_progress, completed
    conclusion: str | None  # success, failure, neutral, cancelled, skipped, timed_out…
    annotations: list[dict[str, Any]] = field(default_factory=list)
    title: str = ""
    summary: str = ""


@dataclass
class Failure:
    """A failure a test injects: the next `times` requests matching `match`
    ("METHOD /path" regular expression, searched) get `status`."""

    status: int
    match: str | None = None
    times: int = 1
    #: "permission" (403 with X-Accepted-GitHub-Permissions), "rate_limit" (403 or 429 with
    #: x-ratelimit-remaining: 0), or None (the status's plain GitHub body).
    kind: str | None = None
    reset_in: int = 600

    def applies(self, method: str, path: str) -> bool:
        return self.times > 0 and (self.match is None or re.search(self.match, f"{method} {path}"))


@dataclass
class Recorded:
    """One request as the fake received it."""

    method: str
    path: str  # with its query string
    headers: dict[str, str]
    body: bytes
    status: int = 0


@dataclass
class RateLimit:
    limit: int = 5000
    used: int = 0
    reset: int = field(default_factory=lambda: int(time.time()) + 3600)

    @property
    def remaining(self) -> int:
        return max(self.limit - self.used, 0)
