"""What follows a merge on the default branch: the Pages deployment, seen as GitHub shows it
(REST reference, « Deployments », « Deployment statuses », « Workflow runs »): a deployment
to the environment `github-pages` for the commit, its statuses newest first (the successful
one carries `environment_url`, the site's address), and the run of the deploy workflow
(.github/workflows/deploy.yml, « Publication ») with its conclusion and its page.

A public repository's deployments and runs are readable by any token (a fine-grained token
reads a public repository's public resources); a private one's need « Deployments » or
« Actions » read, as the reference says (routes.py checks it)."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from .routes import Answer, Request, Router
    from .server import FakeGitHub

REPO = r"/repos/(?P<owner>[^/]+)/(?P<repo>[^/]+)"
ENVIRONMENT = "github-pages"
WORKFLOW = ("Publication", ".github/workflows/deploy.yml", 4242)
#: The states a deployment's status may have, and those of a run that match them.
STATES = ("queued", "in_progress", "success", "failure", "error", "inactive", "pending")
_RUN = {
    "queued": ("queued", None),
    "pending": ("queued", None),
    "in_progress": ("in_progress", None),
    "success": ("completed", "success"),
    "failure": ("completed", "failure"),
    "error": ("completed", "failure"),
    "inactive": ("completed", "success"),
}


@dataclass
class Status:
    id: int
    state: str
    environment_url: str
    log_url: str
    created_at: str


@dataclass
class Deployment:
    id: int
    sha: str
    ref: str
    creator: str
    created_at: str
    run_id: int
    statuses: list[Status] = field(default_factory=list)


def register(router: Router) -> None:
    add = router._add
    add("GET", REPO + r"/deployments", ("deployments", "read"), lambda r: listed(router, r))
    add("GET", REPO + r"/deployments/(?P<id>\d+)", ("deployments", "read"),
        lambda r: one(router, r))  # fmt: skip
    add("GET", REPO + r"/deployments/(?P<id>\d+)/statuses", ("deployments", "read"),
        lambda r: statuses(router, r))  # fmt: skip
    add("GET", REPO + r"/actions/runs", ("actions", "read"), lambda r: runs(router, r))


def deploy(fake: FakeGitHub, sha: str, state: str = "success", url: str = "") -> Deployment:
    """The Pages deployment of `sha` (a test hook): queued, then each later state up to
    `state`; `url` (default the repository's Pages address) is given once it succeeded."""
    assert state in STATES, state
    site = url or f"https://{fake.owner}.github.io/{fake.name}/"
    with fake.lock:
        deployment = next((d for d in fake.deployments if d.sha == sha), None)
        if deployment is None:
            deployment = Deployment(
                id=len(fake.deployments) + 1, sha=sha, ref="main", creator="github-actions[bot]",
                created_at=fake.now(), run_id=9000 + len(fake.deployments) + 1,
            )  # fmt: skip
            fake.deployments.append(deployment)
        path = ["queued", "in_progress", state] if state not in ("queued", "pending") else [state]
        for step in path:
            if deployment.statuses and deployment.statuses[-1].state == step:
                continue
            run = f"https://github.com/{fake.full_name}/actions/runs/{deployment.run_id}"
            deployment.statuses.append(
                Status(
                    id=len(deployment.statuses) + 1 + deployment.id * 100,
                    state=step,
                    environment_url=site if step == "success" else "",
                    log_url=run,
                    created_at=fake.now(),
                )
            )
    return deployment


def deployment_body(router: Router, d: Deployment) -> dict[str, Any]:
    api = router._api
    return {
        "url": api(f"/deployments/{d.id}"),
        "id": d.id,
        "node_id": f"DE_{d.id}",
        "sha": d.sha,
        "ref": d.ref,
        "task": "deploy",
        "payload": {},
        "original_environment": ENVIRONMENT,
        "environment": ENVIRONMENT,
        "description": None,
        "creator": {"login": d.creator, "type": "Bot"},
        "created_at": d.created_at,
        "updated_at": d.statuses[-1].created_at if d.statuses else d.created_at,
        "statuses_url": api(f"/deployments/{d.id}/statuses"),
        "repository_url": api(""),
        "transient_environment": False,
        "production_environment": True,
    }


def status_body(router: Router, d: Deployment, s: Status) -> dict[str, Any]:
    api = router._api
    return {
        "url": api(f"/deployments/{d.id}/statuses/{s.id}"),
        "id": s.id,
        "node_id": f"DES_{s.id}",
        "state": s.state,
        "creator": {"login": d.creator, "type": "Bot"},
        "description": "",
        "environment": ENVIRONMENT,
        "target_url": s.log_url,
        "log_url": s.log_url,
        "environment_url": s.environment_url,
        "created_at": s.created_at,
        "updated_at": s.created_at,
        "deployment_url": api(f"/deployments/{d.id}"),
        "repository_url": api(""),
    }


def _deployment(router: Router, request: Request) -> Deployment | None:
    wanted = int(request.match["id"])
    return next((d for d in router.fake.deployments if d.id == wanted), None)


def _not_found() -> Answer:
    body = {
        "message": "Not Found",
        "documentation_url": "https://docs.github.com/rest",
        "status": "404",
    }
    return 404, {}, body


def listed(router: Router, request: Request) -> Answer:
    query = request.query
    found = [
        d
        for d in reversed(router.fake.deployments)
        if query.get("sha", d.sha) == d.sha
        and query.get("ref", d.ref) == d.ref
        and query.get("environment", ENVIRONMENT) == ENVIRONMENT
        and query.get("task", "deploy") == "deploy"
    ]
    per_page = min(int(query.get("per_page", "30") or 30), 100)
    return 200, {}, [deployment_body(router, d) for d in found[:per_page]]


def one(router: Router, request: Request) -> Answer:
    deployment = _deployment(router, request)
    if deployment is None:
        return _not_found()
    return 200, {}, deployment_body(router, deployment)


def statuses(router: Router, request: Request) -> Answer:
    deployment = _deployment(router, request)
    if deployment is None:
        return _not_found()
    return 200, {}, [status_body(router, deployment, s) for s in reversed(deployment.statuses)]


def run_body(router: Router, d: Deployment) -> dict[str, Any]:
    fake = router.fake
    name, path, workflow = WORKFLOW
    state = d.statuses[-1].state if d.statuses else "queued"
    status, conclusion = _RUN[state]
    html = f"https://github.com/{fake.full_name}/actions/runs/{d.run_id}"
    return {
        "id": d.run_id,
        "name": name,
        "node_id": f"WFR_{d.run_id}",
        "head_branch": d.ref,
        "head_sha": d.sha,
        "path": path,
        "display_title": fake.repo.message(d.sha).splitlines()[0],
        "run_number": d.id,
        "run_attempt": 1,
        "event": "push",
        "status": status,
        "conclusion": conclusion,
        "workflow_id": workflow,
        "url": router._api(f"/actions/runs/{d.run_id}"),
        "html_url": html,
        "created_at": d.created_at,
        "updated_at": d.statuses[-1].created_at if d.statuses else d.created_at,
        "run_started_at": d.created_at,
    }


def runs(router: Router, request: Request) -> Answer:
    query = request.query
    found = [
        run_body(router, d)
        for d in reversed(router.fake.deployments)
        if query.get("head_sha", d.sha) == d.sha and query.get("branch", d.ref) == d.ref
    ]
    found = [
        r
        for r in found
        if query.get("event", r["event"]) == r["event"]
        and query.get("status") in (None, r["status"], r["conclusion"])
    ]
    per_page = min(int(query.get("per_page", "30") or 30), 100)
    return 200, {}, {"total_count": len(found), "workflow_runs": found[:per_page]}
