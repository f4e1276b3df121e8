"""The fake GitHub API answers like GitHub and writes real git commits: the editor's browser
tests are only as good as this fake, so it is tested on its own (no browser, no build)."""

from __future__ import annotations

import base64
import json
import subprocess
import urllib.error
import urllib.request
from dataclasses import dataclass
from typing import Any

import pytest

from .server import FakeGitHub

TOKEN = "github_pat_coach"
REPO = "/repos/renouer/site"
MUTATION = """mutation ($input: CreateCommitOnBranchInput!) {
  createCommitOnBranch(input: $input) { commit { oid url } }
}"""


@dataclass
class Reply:
    status: int
    headers: dict[str, str]
    body: bytes

    def json(self) -> Any:
        return json.loads(self.body)


def call(
    fake: FakeGitHub,
    method: str,
    path: str,
    data: Any = None,
    token: str | None = TOKEN,
    headers: dict[str, str] | None = None,
) -> Reply:
    sent = {"Accept": "application/vnd.github+json", **(headers or {})}
    if token is not None:
        sent["Authorization"] = f"Bearer {token}"
    body = json.dumps(data).encode() if data is not None else None
    request = urllib.request.Request(fake.url + path, body, sent, method=method)
    try:
        with urllib.request.urlopen(request) as response:
            return Reply(
                response.status,
                {k.lower(): v for k, v in response.headers.items()},
                response.read(),
            )
    except urllib.error.HTTPError as error:
        return Reply(error.code, {k.lower(): v for k, v in error.headers.items()}, error.read())


def commit(
    fake: FakeGitHub,
    branch: str,
    expected: str,
    files: dict[str, bytes],
    deletions: tuple[str, ...] = (),
) -> Reply:
    given = {
        "branch": {"repositoryNameWithOwner": "renouer/site", "branchName": branch},
        "expectedHeadOid": expected,
        "message": {"headline": "Contenu : prix et article", "body": "Proposé depuis l’éditeur."},
        "fileChanges": {
            "additions": [
                {"path": p, "contents": base64.b64encode(b).decode()} for p, b in files.items()
            ],
            "deletions": [{"path": p} for p in deletions],
        },
    }
    return call(fake, "POST", "/graphql", {"query": MUTATION, "variables": {"input": given}})


def new_branch(fake: FakeGitHub, name: str) -> str:
    main = fake.repo.branch_head("main")
    assert main is not None
    reply = call(fake, "POST", f"{REPO}/git/refs", {"ref": f"refs/heads/{name}", "sha": main})
    assert reply.status == 201, reply.body
    return main


def git_show(fake: FakeGitHub, *args: str) -> str:
    done = subprocess.run(
        ["git", "--git-dir", str(fake.repo.folder), *args],
        capture_output=True,
        text=True,
        check=True,
    )
    return done.stdout


def test_a_commit_through_the_api_is_one_real_git_commit_with_exactly_those_bytes(
    fake_github: FakeGitHub,
) -> None:
    main = new_branch(fake_github, "contenu/2026-11-25-prix")
    price = "content/faq/tarifs.md"
    photo = "content/images/articles/nouvelle-photo.jpg"
    before = fake_github.repo.files(main)
    files = {price: before[price].replace(b"\n", b"\n\n", 1), photo: b"\xff\xd8\xff\xe0fake jpeg"}

    reply = commit(fake_github, "contenu/2026-11-25-prix", main, files)

    oid = reply.json()["data"]["createCommitOnBranch"]["commit"]["oid"]
    assert fake_github.repo.log("contenu/2026-11-25-prix") == [oid, *fake_github.repo.log("main")]
    assert fake_github.repo.parents(oid) == [main]
    after = fake_github.repo.files(oid)
    changed = {p for p in after.keys() | before.keys() if after.get(p) != before.get(p)}
    assert changed == set(files)
    assert all(after[p] == data for p, data in files.items())
    assert git_show(fake_github, "log", "-1", "--format=%an|%s", oid).strip() == (
        "Claire Delmas|Contenu : prix et article"
    )
    assert fake_github.repo.branch_head("main") == main  # main untouched


def test_a_stale_expected_head_is_refused_as_github_does_and_nothing_is_written(
    fake_github: FakeGitHub,
) -> None:
    start = new_branch(fake_github, "contenu/essai")
    moved = fake_github.push("contenu/essai", {"content/pages/accueil.md": b"autre"}, "Ailleurs")

    reply = commit(fake_github, "contenu/essai", start, {"content/pages/contact.md": b"x"})

    assert reply.status == 200
    assert reply.json() == {
        "data": {"createCommitOnBranch": None},
        "errors": [
            {
                "type": "STALE_DATA",
                "path": ["createCommitOnBranch"],
                "locations": [{"line": 2, "column": 3}],
                "message": f'Expected branch to point to "{start}" but it did not. '
                "Pull and try again.",
            }
        ],
    }
    assert fake_github.repo.branch_head("contenu/essai") == moved


def test_deleting_a_missing_file_or_committing_nothing_is_refused(fake_github: FakeGitHub) -> None:
    start = new_branch(fake_github, "contenu/rien")
    missing = commit(fake_github, "contenu/rien", start, {}, deletions=("content/absent.md",))
    empty = commit(fake_github, "contenu/rien", start, {})
    assert "does not exist" in missing.json()["errors"][0]["message"]
    assert empty.json()["errors"][0]["type"] == "UNPROCESSABLE"
    assert fake_github.repo.branch_head("contenu/rien") == start


def test_the_tree_lists_every_content_file_with_its_blob_in_one_request(
    fake_github: FakeGitHub,
) -> None:
    reply = call(fake_github, "GET", f"{REPO}/git/trees/main?recursive=1")
    tree = reply.json()
    blobs = {e["path"]: e["sha"] for e in tree["tree"] if e["type"] == "blob"}
    main = fake_github.repo.branch_head("main")
    assert main is not None
    assert set(blobs) == set(fake_github.repo.files(main))
    assert blobs["content/faq/tarifs.md"] == fake_github.repo.blob_at(main, "content/faq/tarifs.md")
    assert tree["truncated"] is False


def test_a_file_read_again_with_its_etag_is_not_modified(fake_github: FakeGitHub) -> None:
    path = f"{REPO}/contents/content/faq/tarifs.md?ref=main"
    first = call(fake_github, "GET", path)
    again = call(fake_github, "GET", path, headers={"If-None-Match": first.headers["etag"]})
    assert first.status == 200 and again.status == 304 and again.body == b""
    main = fake_github.repo.branch_head("main")
    assert main is not None
    assert (
        base64.b64decode(first.json()["content"])
        == fake_github.repo.files(main)["content/faq/tarifs.md"]
    )
    fake_github.push("main", {"content/faq/tarifs.md": b"nouveau prix"}, "Prix")
    changed = call(fake_github, "GET", path, headers={"If-None-Match": first.headers["etag"]})
    assert changed.status == 200
    assert base64.b64decode(changed.json()["content"]) == b"nouveau prix"


def test_a_token_is_refused_expired_on_another_repository_or_without_a_permission(
    fake_github: FakeGitHub,
) -> None:
    fake_github.add_user("autre", "Autre Coach")
    fake_github.add_token("github_pat_other_repo", "autre", repositories={"renouer/blog"})
    fake_github.add_token(
        "github_pat_read_only", "autre", permissions={"metadata": "read", "contents": "read"}
    )

    assert call(fake_github, "GET", "/user", token="github_pat_unknown").status == 401
    assert call(fake_github, "GET", "/user", token=None).status == 401
    fake_github.revoke(TOKEN)
    assert call(fake_github, "GET", "/user").json()["message"] == "Bad credentials"
    assert call(fake_github, "GET", REPO, token="github_pat_other_repo").status == 404

    refused = call(
        fake_github,
        "POST",
        f"{REPO}/pulls",
        {"title": "x", "head": "a", "base": "main"},
        token="github_pat_read_only",
    )
    assert refused.status == 403
    assert refused.headers["x-accepted-github-permissions"] == "pull_requests=write"
    assert refused.json()["message"] == "Resource not accessible by personal access token"


def test_a_reader_of_the_repository_cannot_push(fake_github: FakeGitHub) -> None:
    fake_github.add_user("lectrice", "Lectrice", role="read")
    fake_github.add_token("github_pat_reader", "lectrice")
    repo = call(fake_github, "GET", REPO, token="github_pat_reader").json()
    assert repo["permissions"]["push"] is False
    main = fake_github.repo.branch_head("main")
    refused = call(
        fake_github,
        "POST",
        f"{REPO}/git/refs",
        {"ref": "refs/heads/x", "sha": main},
        token="github_pat_reader",
    )
    assert refused.status == 403


def test_one_pull_request_per_branch_found_again_by_its_head(fake_github: FakeGitHub) -> None:
    new_branch(fake_github, "contenu/prix")
    made = call(
        fake_github,
        "POST",
        f"{REPO}/pulls",
        {"title": "Nouveaux prix", "head": "contenu/prix", "base": "main", "body": "…"},
    )
    again = call(
        fake_github,
        "POST",
        f"{REPO}/pulls",
        {"title": "Encore", "head": "contenu/prix", "base": "main"},
    )
    listed = call(fake_github, "GET", f"{REPO}/pulls?head=renouer:contenu/prix&state=open")
    assert made.status == 201 and made.json()["number"] == 1
    assert again.status == 422 and "already exists" in again.json()["message"]
    assert [p["number"] for p in listed.json()] == [1]
    assert listed.json()[0]["head"]["sha"] == fake_github.repo.branch_head("contenu/prix")


def test_check_runs_and_their_annotations_are_served_for_the_commit(
    fake_github: FakeGitHub,
) -> None:
    annotation = {
        "path": "content/faq/tarifs.md",
        "line": 4,
        "title": "Prix → montant",
        "message": "Le montant doit être un nombre.",
    }
    fake_github.set_checks(
        "main",
        [
            {
                "name": "Contenu",
                "status": "completed",
                "conclusion": "failure",
                "annotations": [annotation],
            },
            {"name": "Tests du site", "status": "in_progress", "conclusion": None},
        ],
    )
    runs = call(fake_github, "GET", f"{REPO}/commits/main/check-runs").json()
    assert [(r["name"], r["status"], r["conclusion"]) for r in runs["check_runs"]] == [
        ("Contenu", "completed", "failure"),
        ("Tests du site", "in_progress", None),
    ]
    first = runs["check_runs"][0]
    listed = call(fake_github, "GET", f"{REPO}/check-runs/{first['id']}/annotations").json()
    assert [(a["path"], a["start_line"], a["title"], a["message"]) for a in listed] == [
        ("content/faq/tarifs.md", 4, "Prix → montant", "Le montant doit être un nombre.")
    ]


@pytest.mark.parametrize("status", [403, 429])
def test_an_injected_rate_limit_says_when_it_resets_and_happens_once(
    fake_github: FakeGitHub, status: int
) -> None:
    fake_github.fail(status, r"GET /repos/.*/git/trees", kind="rate_limit", reset_in=120)
    limited = call(fake_github, "GET", f"{REPO}/git/trees/main?recursive=1")
    assert limited.status == status
    assert limited.headers["x-ratelimit-remaining"] == "0"
    assert int(limited.headers["x-ratelimit-reset"]) > 0
    assert call(fake_github, "GET", f"{REPO}/git/trees/main?recursive=1").status == 200


@pytest.mark.parametrize("status", [401, 404, 409, 500, 502, 503])
def test_an_injected_failure_has_githubs_body_and_cors(
    fake_github: FakeGitHub, status: int
) -> None:
    fake_github.fail(status, r"^GET /user$")
    failed = call(fake_github, "GET", "/user")
    assert failed.status == status and "message" in failed.json()
    assert failed.headers["access-control-allow-origin"] == "*"
    assert call(fake_github, "GET", "/user").status == 200


def test_an_injected_permission_failure_names_the_endpoints_permission(
    fake_github: FakeGitHub,
) -> None:
    fake_github.fail(403, r"POST /repos/.*/git/refs", kind="permission")
    refused = call(fake_github, "POST", f"{REPO}/git/refs", {"ref": "refs/heads/x", "sha": "0"})
    assert refused.headers["x-accepted-github-permissions"] == "contents=write"


def test_cors_preflight_and_exposed_headers_are_those_of_api_github_com(
    fake_github: FakeGitHub,
) -> None:
    preflight = call(
        fake_github,
        "OPTIONS",
        "/graphql",
        token=None,
        headers={"Origin": "https://renouer.github.io", "Access-Control-Request-Method": "POST"},
    )
    assert preflight.status == 204
    assert "Authorization" in preflight.headers["access-control-allow-headers"]
    assert "If-None-Match" in preflight.headers["access-control-allow-headers"]
    exposed = call(fake_github, "GET", "/user").headers["access-control-expose-headers"]
    assert "ETag" in exposed and "X-RateLimit-Reset" in exposed
    # GitHub does not expose this one to a page's script: the editor must not rely on it
    assert "X-Accepted-GitHub-Permissions" not in exposed


def test_every_request_is_recorded_with_its_headers(fake_github: FakeGitHub) -> None:
    call(fake_github, "GET", "/user")
    recorded = fake_github.requests[-1]
    assert (recorded.method, recorded.path, recorded.status) == ("GET", "/user", 200)
    assert recorded.headers["authorization"] == f"Bearer {TOKEN}"
