"""Reviews of a pull request and review requests, in the REST reference's shapes (« Reviews
for a pull request », « Review requests », « Collaborators »): list and submit reviews (an
author may not approve her own pull request), request reviewers among the repository's
collaborators (never the author), listed with their role (`permission=maintain` gives those
who maintain it); a reviewer who submits a review is no longer requested, as on GitHub."""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from .routes import Answer, Request, Router
    from .server import FakeGitHub

REPO = r"/repos/(?P<owner>[^/]+)/(?P<repo>[^/]+)/pulls/(?P<number>\d+)"
DOCS = "https://docs.github.com/rest/pulls/reviews"
EVENTS = {"APPROVE": "APPROVED", "REQUEST_CHANGES": "CHANGES_REQUESTED", "COMMENT": "COMMENTED"}


@dataclass
class Review:
    id: int
    user: str
    state: str  # APPROVED, CHANGES_REQUESTED, COMMENTED, PENDING
    body: str
    commit_id: str
    submitted_at: str | None


def register(router: Router) -> None:
    add = router._add
    add("GET", REPO + r"/reviews", ("pull_requests", "read"), lambda r: list_reviews(router, r))
    add("POST", REPO + r"/reviews", ("pull_requests", "write"), lambda r: submit(router, r))
    add("GET", REPO + r"/requested_reviewers", ("pull_requests", "read"),
        lambda r: requested(router, r))  # fmt: skip
    add("POST", REPO + r"/requested_reviewers", ("pull_requests", "write"),
        lambda r: request_reviewers(router, r))  # fmt: skip
    add("GET", r"/repos/(?P<owner>[^/]+)/(?P<repo>[^/]+)/collaborators", ("metadata", "read"),
        lambda r: collaborators(router, r))  # fmt: skip


def user_body(fake: FakeGitHub, login: str) -> dict[str, Any]:
    user = fake.users[login]
    return {"login": user.login, "id": user.id, "node_id": f"U_{user.id}", "type": "User",
            "html_url": f"https://github.com/{user.login}"}  # fmt: skip


def review_body(router: Router, number: int, review: Review) -> dict[str, Any]:
    fake = router.fake
    return {
        "id": review.id,
        "node_id": f"PRR_{review.id}",
        "user": user_body(fake, review.user),
        "body": review.body,
        "state": review.state,
        "html_url": f"https://github.com/{fake.full_name}/pull/{number}#pullrequestreview-{review.id}",
        "pull_request_url": router._api(f"/pulls/{number}"),
        "submitted_at": review.submitted_at,
        "commit_id": review.commit_id,
        "author_association": "COLLABORATOR",
    }


def _unprocessable(message: str, errors: list[str] | None = None) -> Answer:
    body: dict[str, Any] = {"message": message, "documentation_url": DOCS, "status": "422"}
    if errors:
        body["errors"] = errors
    return 422, {}, body


def add_review(fake: FakeGitHub, number: int, login: str, state: str, body: str = "") -> Review:
    """A review submitted by `login` (a test hook as well as the route's work)."""
    pull = next(p for p in fake.pulls if p.number == number)
    with fake.lock:
        reviews = fake.reviews.setdefault(number, [])
        review = Review(
            id=1000 + sum(len(r) for r in fake.reviews.values()),
            user=login,
            state=state,
            body=body,
            commit_id=fake.repo.branch_head(pull.head) or "",
            submitted_at=None if state == "PENDING" else fake.now(),
        )
        reviews.append(review)
        if state != "PENDING" and login in pull.requested_reviewers:
            pull.requested_reviewers.remove(login)
    return review


def list_reviews(router: Router, request: Request) -> Answer:
    pull = router._pull(request)
    reviews = router.fake.reviews.get(pull.number, [])
    return 200, {}, [review_body(router, pull.number, r) for r in reviews]


def submit(router: Router, request: Request) -> Answer:
    pull = router._pull(request)
    data = request.json()
    event = data.get("event")
    body = str(data.get("body") or "")
    if event is not None and event not in EVENTS:
        return _unprocessable("Validation Failed")
    login = request.token.login
    if event == "APPROVE" and login == pull.user:
        return _unprocessable("Unprocessable Entity", ["Can not approve your own pull request"])
    if event == "REQUEST_CHANGES" and login == pull.user:
        return _unprocessable(
            "Unprocessable Entity", ["Can not request changes on your own pull request"]
        )
    if event in ("REQUEST_CHANGES", "COMMENT") and not body.strip():
        return _unprocessable("Unprocessable Entity", [f"Body is required for {event} events"])
    review = add_review(router.fake, pull.number, login, EVENTS.get(event or "", "PENDING"), body)
    return 200, {}, review_body(router, pull.number, review)


def requested(router: Router, request: Request) -> Answer:
    pull = router._pull(request)
    users = [user_body(router.fake, login) for login in pull.requested_reviewers]
    return 200, {}, {"users": users, "teams": []}


def request_reviewers(router: Router, request: Request) -> Answer:
    fake = router.fake
    pull = router._pull(request)
    data = request.json()
    reviewers = data.get("reviewers") or []
    if not isinstance(reviewers, list) or not all(isinstance(r, str) for r in reviewers):
        return _unprocessable("Validation Failed")
    if pull.user in reviewers:
        return _unprocessable("Review cannot be requested from pull request author.")
    if any(r not in fake.users for r in reviewers) or data.get("team_reviewers"):
        return _unprocessable(
            "Reviews may only be requested from collaborators. One or more of the users or "
            f"teams you specified is not a collaborator of the {fake.full_name} repository."
        )
    with fake.lock:
        for login in reviewers:
            if login not in pull.requested_reviewers:
                pull.requested_reviewers.append(login)
    return 201, {}, router._pull_body(pull)


#: GitHub's roles, weakest first, and the `permission` filter of the collaborators list.
ROLES = ("read", "triage", "write", "maintain", "admin")


def role_of(fake: FakeGitHub, login: str) -> str:
    return "maintain" if login in fake.maintainers else fake.users[login].role


def collaborators(router: Router, request: Request) -> Answer:
    fake = router.fake
    wanted = request.query.get("permission")
    if wanted is not None and wanted not in (*ROLES, "pull", "push"):
        return _unprocessable("Validation Failed")
    alias = {"pull": "read", "push": "write"}
    floor = ROLES.index(alias.get(wanted or "read", wanted or "read"))
    listed = []
    for login in fake.users:
        role = role_of(fake, login)
        rank = ROLES.index(role)
        if rank < floor:
            continue
        permissions = {
            "pull": True,
            "triage": rank >= 1,
            "push": rank >= 2,
            "maintain": rank >= 3,
            "admin": rank >= 4,
        }
        listed.append({**user_body(fake, login), "permissions": permissions, "role_name": role})
    return 200, {}, listed
