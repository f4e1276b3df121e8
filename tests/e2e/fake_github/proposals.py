"""What the carnet's « Mes propositions » reads and does on GitHub, answered as GitHub's REST
reference describes it:

- « List pull requests files » (`GET /repos/{o}/{r}/pulls/{n}/files`, Pull requests: read):
  the diff entries of the branch against its merge base with the base branch (GitHub's
  three-dot comparison), each `filename`, `status` (added, removed, modified), `sha`,
  `additions`, `deletions`, `changes`;
- « Delete a reference » (`DELETE /repos/{o}/{r}/git/refs/{ref}`, Contents: write): 204 and
  no body; 422 « Reference does not exist » for a missing one; an open pull request from a
  deleted branch is closed, as GitHub closes it;
- « Get a user » (`GET /users/{username}`, no permission: public): the public profile, `name`
  included (null when the person gave none)."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from .git_repo import safe_name

if TYPE_CHECKING:
    from .routes import Answer, Request, Router

REPO = r"/repos/(?P<owner>[^/]+)/(?P<repo>[^/]+)"
USER_DOCS = "https://docs.github.com/rest/users/users#get-a-user"
DELETE_DOCS = "https://docs.github.com/rest/git/refs#delete-a-reference"
STATUSES = {"A": "added", "D": "removed", "M": "modified", "T": "modified"}


def register(router: Router) -> None:
    router._add("GET", REPO + r"/pulls/(?P<number>\d+)/files", ("pull_requests", "read"),
                lambda request: pull_files(router, request))  # fmt: skip
    router._add("DELETE", REPO + r"/git/refs/heads/(?P<branch>.+)", ("contents", "write"),
                lambda request: delete_ref(router, request))  # fmt: skip
    router._add("GET", r"/users/(?P<username>[A-Za-z0-9-]+)", None,
                lambda request: user(router, request))  # fmt: skip


def pull_files(router: Router, request: Request) -> Answer:
    fake = router.fake
    pull = router._pull(request)
    head = fake.repo.branch_head(pull.head) or pull.merge_commit_sha
    base = fake.repo.branch_head(pull.base)
    if head is None or base is None:
        return 200, {}, []
    since = fake.repo.merge_base(base, head)
    counts: dict[str, tuple[int, int]] = {}
    for line in fake.repo.text("diff", "--no-renames", "--numstat", since, head).splitlines():
        added, removed, path = line.split("\t", 2)
        counts[path] = (int(added) if added != "-" else 0, int(removed) if removed != "-" else 0)
    entries: list[dict[str, Any]] = []
    for line in fake.repo.text("diff", "--no-renames", "--name-status", since, head).splitlines():
        letter, path = line.split("\t", 1)
        status = STATUSES.get(letter[0], "changed")
        sha = fake.repo.blob_at(since if status == "removed" else head, path)
        added, removed = counts.get(path, (0, 0))
        ref = since if status == "removed" else head
        entries.append(
            {
                "sha": sha,
                "filename": path,
                "status": status,
                "additions": added,
                "deletions": removed,
                "changes": added + removed,
                "blob_url": f"https://github.com/{fake.full_name}/blob/{ref}/{path}",
                "raw_url": f"https://github.com/{fake.full_name}/raw/{ref}/{path}",
                "contents_url": router._api(f"/contents/{path}?ref={ref}"),
            }
        )
    return 200, {}, entries


def delete_ref(router: Router, request: Request) -> Answer:
    branch = request.match["branch"]
    fake = router.fake
    if not safe_name(branch) or fake.repo.branch_head(branch) is None:
        body = {
            "message": "Reference does not exist",
            "documentation_url": DELETE_DOCS,
            "status": "422",
        }
        return 422, {}, body
    fake.delete_branch(branch)
    return 204, {}, None


def user(router: Router, request: Request) -> Answer:
    found = router.fake.users.get(request.match["username"])
    if found is None:
        return 404, {}, {"message": "Not Found", "documentation_url": USER_DOCS, "status": "404"}
    return (
        200,
        {},
        {
            "login": found.login,
            "id": found.id,
            "node_id": f"U_{found.id}",
            "type": "User",
            "name": found.name or None,
            "avatar_url": f"https://avatars.githubusercontent.com/u/{found.id}",
            "html_url": f"https://github.com/{found.login}",
        },
    )
