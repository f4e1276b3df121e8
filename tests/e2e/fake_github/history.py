"""The fake's commit history: `GET /repos/{o}/{r}/commits` (« List commits », filtered by
`sha` and `path`, newest first, `per_page`), in the REST reference's shape: the git author
(name, e-mail, date) under `commit`, and the GitHub account it belongs to (or null) as
`author`. The editor names a colleague's change by it."""

from __future__ import annotations

from datetime import UTC, datetime
from typing import TYPE_CHECKING, Any

from .git_repo import GitError, safe_path

if TYPE_CHECKING:
    from .routes import Answer, Request, Router

#: One commit per record: fields split by the unit separator, records by the record one.
_FORMAT = "%H%x1f%T%x1f%P%x1f%an%x1f%ae%x1f%aI%x1f%cn%x1f%ce%x1f%cI%x1f%B%x1e"
_PAGE = 30
_MAX_PAGE = 100


def register(router: Router) -> None:
    router._add("GET", r"/repos/(?P<owner>[^/]+)/(?P<repo>[^/]+)/commits", ("contents", "read"),
                lambda request: list_commits(router, request))  # fmt: skip


def _utc(stamp: str) -> str:
    return datetime.fromisoformat(stamp).astimezone(UTC).strftime("%Y-%m-%dT%H:%M:%SZ")


def _account(router: Router, email: str) -> dict[str, Any] | None:
    """The GitHub account of a commit's e-mail: its noreply address (what GitHub writes for a
    commit made through the API), else none (GitHub gives null for an unknown e-mail)."""
    login = email.removesuffix("@users.noreply.github.com")
    user = router.fake.users.get(login) if login != email else None
    if user is None:
        return None
    return {"login": user.login, "id": user.id, "node_id": f"U_{user.id}", "type": "User"}


def commit_body(router: Router, record: str) -> dict[str, Any]:
    sha, tree, parents, an, ae, ad, cn, ce, cd, message = record.split("\x1f")
    api = router._api
    return {
        "sha": sha,
        "node_id": f"C_{sha}",
        "url": api(f"/commits/{sha}"),
        "html_url": f"https://github.com/{router.fake.full_name}/commit/{sha}",
        "commit": {
            "url": api(f"/git/commits/{sha}"),
            "author": {"name": an, "email": ae, "date": _utc(ad)},
            "committer": {"name": cn, "email": ce, "date": _utc(cd)},
            "message": message.rstrip("\n"),
            "tree": {"sha": tree, "url": api(f"/git/trees/{tree}")},
            "comment_count": 0,
        },
        "author": _account(router, ae),
        "committer": None,
        "parents": [{"sha": p, "url": api(f"/commits/{p}")} for p in parents.split()],
    }


def list_commits(router: Router, request: Request) -> Answer:
    repo = router.fake.repo
    ref = request.query.get("sha", "main")
    head = repo.resolve(ref)
    if head is None:
        # GitHub's answer for a `sha` that names nothing.
        return (
            404,
            {},
            {
                "message": "Not Found",
                "documentation_url": "https://docs.github.com/rest",
                "status": "404",
            },
        )
    try:
        per_page = min(max(int(request.query.get("per_page", _PAGE)), 1), _MAX_PAGE)
    except ValueError:
        per_page = _PAGE
    path = request.query.get("path")
    limit = [f"--max-count={per_page}", f"--format={_FORMAT}", head]
    try:
        if path is not None:
            if not safe_path(path):
                return 200, {}, []
            out = repo.text("log", *limit, "--", path)
        else:
            out = repo.text("log", *limit)
    except GitError:
        return 200, {}, []
    records = [r.strip("\n") for r in out.split("\x1e") if r.strip("\n")]
    return 200, {}, [commit_body(router, r) for r in records]
