"""Merging a pull request as GitHub does (« Merge a pull request », REST reference):
`PUT /repos/{o}/{r}/pulls/{n}/merge` with `sha` (the head the caller saw) and `merge_method`.
Squash: one commit on the base whose tree is git's merge of the branch into it, parent the
base's head. Refusals, in GitHub's words: 409 when the head moved since `sha`, 405 when the
branch cannot be merged (a conflicting change on the base) or the base's protection refuses
(required approving reviews, a required check not green, a merger the protection does not
allow); 403 from the token's permissions or the account's role, as for any write.

Also what merging depends on: `mergeable` and `mergeable_state` in a pull request's body."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from .git_repo import GitError

if TYPE_CHECKING:
    from .routes import Answer, Request, Router
    from .server import FakeGitHub
    from .state import Pull

PROTECTION_DOCS = "https://docs.github.com/articles/about-protected-branches"
MERGE_DOCS = "https://docs.github.com/rest/pulls/pulls#merge-a-pull-request"
METHODS = ("merge", "squash", "rebase")


@dataclass
class Protection:
    """The base branch's protection (classic branch protection's settings that refuse a merge)."""

    #: Approving reviews required (« Require a pull request before merging »).
    required_reviews: int = 0
    #: Names of the check runs that must have succeeded on the head.
    required_checks: list[str] = field(default_factory=list)
    #: Logins allowed to push to the base (« Restrict who can push »); None: anyone with write.
    pushers: set[str] | None = None


def register(router: Router) -> None:
    router._add("PUT", r"/repos/(?P<owner>[^/]+)/(?P<repo>[^/]+)/pulls/(?P<number>\d+)/merge",
                ("contents", "write"), lambda request: merge(router, request))  # fmt: skip
    router._add("GET", r"/repos/(?P<owner>[^/]+)/(?P<repo>[^/]+)/pulls/(?P<number>\d+)/merge",
                ("pull_requests", "read"), lambda request: is_merged(router, request))  # fmt: skip


def _error(status: int, message: str, docs: str = MERGE_DOCS) -> tuple[int, dict[str, str], Any]:
    return status, {}, {"message": message, "documentation_url": docs, "status": str(status)}


def merged_tree(fake: FakeGitHub, pull: Pull) -> str | None:
    """The tree of the branch merged into its base by git, or None when they conflict."""
    base, head = fake.repo.branch_head(pull.base), fake.repo.branch_head(pull.head)
    if base is None or head is None:
        return None
    try:
        return fake.repo.text("merge-tree", "--write-tree", base, head).splitlines()[0]
    except GitError:  # exit status 1: conflicts
        return None


def approvals(fake: FakeGitHub, pull: Pull) -> int:
    """Approving reviews that count: each reviewer's latest review, by someone who may write."""
    latest: dict[str, str] = {}
    for review in fake.reviews.get(pull.number, []):
        if review.state != "COMMENTED":
            latest[review.user] = review.state
    writers = {login for login, user in fake.users.items() if user.role == "write"}
    return sum(1 for login, state in latest.items() if state == "APPROVED" and login in writers)


def _check_state(fake: FakeGitHub, sha: str | None, name: str) -> str:
    runs = [r for r in fake.check_runs if r.head_sha == sha and r.name == name]
    if not runs:
        return "expected"
    run = runs[-1]
    if run.status != "completed":
        return "expected"
    return "passing" if run.conclusion in ("success", "neutral", "skipped") else "failing"


def refusal(fake: FakeGitHub, pull: Pull, login: str) -> str | None:
    """Why the base's protection refuses `login`'s merge of `pull`, in GitHub's words."""
    rules = fake.protection.get(pull.base)
    if rules is None:
        return None
    if rules.pushers is not None and login not in rules.pushers:
        return (
            "You're not authorized to push to this branch. "
            f"Visit {PROTECTION_DOCS} for more information."
        )
    head = fake.repo.branch_head(pull.head)
    for name in rules.required_checks:
        state = _check_state(fake, head, name)
        if state != "passing":
            return f'Required status check "{name}" is {state}.'
    count = rules.required_reviews
    if count and approvals(fake, pull) < count:
        reviews = "review is" if count == 1 else "reviews are"
        return f"At least {count} approving {reviews} required by reviewers with write access."
    return None


def mergeable_state(fake: FakeGitHub, pull: Pull) -> tuple[bool | None, str]:
    """`mergeable` and `mergeable_state` of an open pull request, for its author."""
    if pull.state != "open":
        return None, "unknown"
    if merged_tree(fake, pull) is None:
        return False, "dirty"
    if refusal(fake, pull, pull.user) is not None:
        return True, "blocked"
    return True, "clean"


def squash(fake: FakeGitHub, pull: Pull, login: str, title: str, message: str) -> str:
    """The squash commit of `pull` on its base, made by `login`; the pull request is merged."""
    tree = merged_tree(fake, pull)
    base = fake.repo.branch_head(pull.base)
    assert tree is not None and base is not None
    user = fake.users[login]
    text = title + (f"\n\n{message}" if message else "")
    with fake.repo.lock:
        commit = fake.repo.commit_tree(
            tree, base, text, user.name, f"{user.login}@users.noreply.github.com"
        )
        fake.repo.git("update-ref", f"refs/heads/{pull.base}", commit, base)
    with fake.lock:
        pull.state, pull.merged, pull.merged_at = "closed", True, fake.now()
        pull.merge_commit_sha = commit
    fake.after_merge(pull, commit)
    return commit


def merge(router: Router, request: Request) -> Answer:
    fake = router.fake
    pull = router._pull(request)
    data = request.json()
    method = data.get("merge_method", "merge")
    if method not in METHODS:
        return _error(422, "Validation Failed")
    if pull.state != "open":
        return _error(405, "Pull Request is not mergeable")
    head = fake.repo.branch_head(pull.head)
    sha = data.get("sha")
    if sha is not None and sha != head:
        return _error(409, "Head branch was modified. Review and try the merge again.")
    if merged_tree(fake, pull) is None:
        return _error(405, "Pull Request is not mergeable")
    refused = refusal(fake, pull, request.token.login)
    if refused is not None:
        return _error(405, refused, PROTECTION_DOCS)
    if method not in fake.merge_methods:
        kind = {"merge": "Merge commits", "squash": "Squash merges", "rebase": "Rebase merges"}
        return _error(405, f"{kind[method]} are not allowed on this repository.")
    title = str(data.get("commit_title") or f"{pull.title} (#{pull.number})")
    commit = squash(fake, pull, request.token.login, title, str(data.get("commit_message") or ""))
    return 200, {}, {"sha": commit, "merged": True, "message": "Pull Request successfully merged"}


def is_merged(router: Router, request: Request) -> Answer:
    """`GET …/merge`: 204 when merged, 404 otherwise (no body either way but GitHub's 404)."""
    pull = router._pull(request)
    if pull.merged:
        return 204, {}, None
    return 404, {}, {"message": "Not Found", "documentation_url": MERGE_DOCS, "status": "404"}
