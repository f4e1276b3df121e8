"""The GraphQL reads the editor makes: blobs by object id, many per query, as GitHub's
GraphQL reference defines them (`Repository.object(oid:)`, `Blob { text isBinary
isTruncated byteSize oid }`; `text` is null for a binary blob). A query of another shape is
answered with GitHub's parse error, never guessed at."""

from __future__ import annotations

import re
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from .routes import Router
    from .state import Token

_REPOSITORY = re.compile(
    r"repository\(\s*owner:\s*\$owner\s*,\s*name:\s*\$name\s*\)\s*\{(?P<body>.*)\}\s*\}\s*$", re.S
)
_OBJECT = re.compile(
    r"(?P<alias>[A-Za-z_]\w*)\s*:\s*object\(\s*oid:\s*\"(?P<oid>[0-9a-f]{40})\"\s*\)\s*"
    r"\{\s*\.\.\.\s*on\s+Blob\s*\{(?P<fields>[\w\s]+)\}\s*\}"
)
_FIELDS = {"text", "isBinary", "isTruncated", "byteSize", "oid"}
#: Git's own test for a binary file: a NUL byte among the first 8,000.
_BINARY_PROBE = 8000


def is_blob_query(query: str) -> bool:
    return "createCommitOnBranch" not in query and _REPOSITORY.search(query) is not None


def read_blobs(
    router: Router, token: Token, query: str, variables: dict[str, Any]
) -> dict[str, Any]:
    """`{ data: { repository: { alias: Blob | null } } }`, or GitHub's error shape."""
    found = _REPOSITORY.search(query)
    owner, name = variables.get("owner"), variables.get("name")
    if found is None or not isinstance(owner, str) or not isinstance(name, str):
        return _error("PARSE_ERROR", "Parse error on the query (the fake knows blob reads only)")
    body = found["body"]
    objects = list(_OBJECT.finditer(body))
    leftover = _OBJECT.sub("", body).strip()
    if leftover or any(set(m["fields"].split()) - _FIELDS for m in objects):
        return _error("PARSE_ERROR", "Parse error on the query (the fake knows blob reads only)")
    try:
        router._check_repository(owner, name, token)
    except Exception:
        message = f"Could not resolve to a Repository with the name '{owner}/{name}'."
        return {
            "data": {"repository": None},
            "errors": [{"type": "NOT_FOUND", "path": ["repository"], "message": message}],
        }
    if not token.grants("contents", "read"):
        message = "Resource not accessible by personal access token"
        return {
            "data": {"repository": None},
            "errors": [{"type": "FORBIDDEN", "path": ["repository"], "message": message}],
        }
    blobs = router.fake.repo.blobs([m["oid"] for m in objects])
    out: dict[str, Any] = {}
    for match in objects:
        data = blobs.get(match["oid"])
        if data is None:
            out[match["alias"]] = None
            continue
        binary = b"\0" in data[:_BINARY_PROBE]
        blob = {
            "oid": match["oid"],
            "byteSize": len(data),
            "isBinary": binary,
            "isTruncated": False,
            "text": None if binary else data.decode("utf-8", "replace"),
        }
        out[match["alias"]] = {k: v for k, v in blob.items() if k in match["fields"].split()}
    return {"data": {"repository": out}}


def _error(kind: str, message: str) -> dict[str, Any]:
    return {
        "data": None,
        "errors": [{"type": kind, "message": message, "locations": [{"line": 1, "column": 1}]}],
    }
