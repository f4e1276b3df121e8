"""The endpoints of the fake GitHub API, each with the fine-grained permission GitHub's REST
reference names for it ("Permissions required for fine-grained personal access tokens")."""

from __future__ import annotations

import base64
import json
import re
from collections.abc import Callable
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from . import deployments, history, merging, proposals, reviews
from .git_repo import GitError, is_sha, safe_name, safe_path
from .graphql_read import is_blob_query, read_blobs
from .state import Pull, Token

if TYPE_CHECKING:
    from .server import FakeGitHub

DOCS = "https://docs.github.com/rest"
#: What any token may read of a public repository.
PUBLIC_READS = ("checks", "deployments", "actions")
Answer = tuple[int, dict[str, str], Any]


class ApiError(Exception):
    def __init__(self, status: int, body: dict[str, Any], headers: dict[str, str] | None = None):
        super().__init__(body.get("message"))
        self.status, self.body, self.headers = status, body, headers or {}


def not_found() -> ApiError:
    return ApiError(404, {"message": "Not Found", "documentation_url": DOCS, "status": "404"})


def unprocessable(message: str) -> ApiError:
    return ApiError(422, {"message": message, "documentation_url": DOCS, "status": "422"})


@dataclass
class Request:
    match: re.Match[str]
    query: dict[str, str]
    headers: dict[str, str]
    body: bytes
    token: Token

    def json(self) -> dict[str, Any]:
        try:
            data = json.loads(self.body or b"{}")
        except ValueError as error:
            raise ApiError(400, {"message": "Problems parsing JSON"}) from error
        if not isinstance(data, dict):
            raise ApiError(400, {"message": "Problems parsing JSON"})
        return data


Handler = Callable[[Request], Answer]
REPO = r"/repos/(?P<owner>[^/]+)/(?P<repo>[^/]+)"


class Router:
    def __init__(self, fake: FakeGitHub) -> None:
        self.fake = fake
        # (method, path pattern, (permission, access) or None, handler)
        self.routes: list[tuple[str, re.Pattern[str], tuple[str, str] | None, Handler]] = []
        add = self._add
        add("GET", r"/user", None, self.user)
        add("POST", r"/graphql", None, self.graphql)  # checked per mutation
        add("GET", REPO, ("metadata", "read"), self.repository)
        add("GET", REPO + r"/git/ref/heads/(?P<branch>.+)", ("contents", "read"), self.ref)
        add("POST", REPO + r"/git/refs", ("contents", "write"), self.create_ref)
        add("GET", REPO + r"/git/trees/(?P<sha>.+)", ("contents", "read"), self.tree)
        add("GET", REPO + r"/git/blobs/(?P<sha>[0-9a-f]{40})", ("contents", "read"), self.blob)
        add("GET", REPO + r"/contents/(?P<path>.+)", ("contents", "read"), self.contents)
        add("GET", REPO + r"/pulls", ("pull_requests", "read"), self.list_pulls)
        add("POST", REPO + r"/pulls", ("pull_requests", "write"), self.create_pull)
        add("GET", REPO + r"/pulls/(?P<number>\d+)", ("pull_requests", "read"), self.get_pull)
        add("PATCH", REPO + r"/pulls/(?P<number>\d+)", ("pull_requests", "write"), self.edit_pull)
        add("GET", REPO + r"/commits/(?P<ref>.+)/check-runs", ("checks", "read"), self.check_runs)
        add(
            "GET",
            REPO + r"/check-runs/(?P<id>\d+)/annotations",
            ("checks", "read"),
            self.annotations,
        )
        for module in (history, merging, reviews, deployments, proposals):
            module.register(self)

    def _add(
        self, method: str, pattern: str, permission: tuple[str, str] | None, handler: Handler
    ) -> None:
        self.routes.append((method, re.compile(pattern + "$"), permission, handler))

    def _find(
        self, method: str, path: str
    ) -> tuple[re.Match[str], tuple[str, str] | None, Handler] | None:
        for verb, pattern, permission, handler in self.routes:
            found = pattern.match(path)
            if verb == method and found:
                return found, permission, handler
        return None

    def permission_for(self, method: str, path: str) -> tuple[str, str] | None:
        found = self._find(method, path)
        return found[1] if found else None

    def dispatch(
        self,
        method: str,
        path: str,
        query: dict[str, str],
        headers: dict[str, str],
        body: bytes,
        token: Token,
    ) -> Answer:
        found = self._find(method, path)
        if found is None:
            raise not_found()
        match, permission, handler = found
        groups = match.groupdict()
        if "owner" in groups:
            self._check_repository(groups["owner"], groups["repo"], token)
            if permission is not None:
                self._check_permission(token, *permission)
        return handler(Request(match, query, headers, body, token))

    # ------------------------------------------------------------------ access

    def _check_repository(self, owner: str, repo: str, token: Token) -> None:
        """GitHub answers 404, not 403, for a repository the token may not see."""
        full = f"{owner}/{repo}".lower()
        if full != self.fake.full_name.lower():
            raise not_found()
        if token.repositories is not None and full not in {r.lower() for r in token.repositories}:
            raise not_found()

    def _check_permission(self, token: Token, permission: str, level: str) -> None:
        if permission in PUBLIC_READS and level == "read" and not self.fake.private:
            return  # GitHub serves a public repository's runs and deployments to any token
        if not token.grants(permission, level):
            raise ApiError(
                403,
                {
                    "message": "Resource not accessible by personal access token",
                    "documentation_url": DOCS,
                    "status": "403",
                },
                {"X-Accepted-GitHub-Permissions": f"{permission}={level}"},
            )
        if level == "write" and self.fake.users[token.login].role != "write":
            message = f"Permission to {self.fake.full_name} denied to {token.login}."
            raise ApiError(403, {"message": message, "documentation_url": DOCS, "status": "403"})

    # ------------------------------------------------------------------ REST

    def _api(self, suffix: str) -> str:
        return f"{self.fake.url}/repos/{self.fake.full_name}{suffix}"

    def user(self, request: Request) -> Answer:
        user = self.fake.users[request.token.login]
        return (
            200,
            {},
            {
                "login": user.login,
                "id": user.id,
                "node_id": f"U_{user.id}",
                "type": "User",
                "name": user.name,
                "avatar_url": f"https://avatars.githubusercontent.com/u/{user.id}",
                "html_url": f"https://github.com/{user.login}",
            },
        )

    def repository(self, request: Request) -> Answer:
        fake = self.fake
        writes = fake.users[request.token.login].role == "write"
        return (
            200,
            {},
            {
                "id": 1,
                "node_id": "R_1",
                "name": fake.name,
                "full_name": fake.full_name,
                "owner": {"login": fake.owner, "type": "Organization"},
                "private": fake.private,
                "html_url": f"https://github.com/{fake.full_name}",
                "default_branch": "main",
                "permissions": {
                    "admin": False,
                    "maintain": False,
                    "push": writes,
                    "triage": writes,
                    "pull": True,
                },
            },
        )

    def _ref_body(self, branch: str, sha: str) -> dict[str, Any]:
        return {
            "ref": f"refs/heads/{branch}",
            "node_id": f"REF_{branch}",
            "url": self._api(f"/git/refs/heads/{branch}"),
            "object": {"sha": sha, "type": "commit", "url": self._api(f"/git/commits/{sha}")},
        }

    def ref(self, request: Request) -> Answer:
        branch = request.match["branch"]
        sha = self.fake.repo.branch_head(branch)
        if sha is None:
            raise not_found()
        return 200, {}, self._ref_body(branch, sha)

    def create_ref(self, request: Request) -> Answer:
        data = request.json()
        ref, sha = str(data.get("ref", "")), str(data.get("sha", ""))
        branch = ref.removeprefix("refs/heads/")
        if not ref.startswith("refs/heads/") or not safe_name(branch) or not is_sha(sha):
            raise unprocessable(f"{ref} is not a valid ref name.")
        if self.fake.repo.object_type(sha) != "commit":
            raise unprocessable("Object does not exist")
        try:
            self.fake.repo.create_branch(branch, sha)
        except GitError as error:
            raise unprocessable("Reference already exists") from error
        return (
            201,
            {"Location": self._api(f"/git/refs/heads/{branch}")},
            self._ref_body(branch, sha),
        )

    def tree(self, request: Request) -> Answer:
        repo = self.fake.repo
        tree = repo.resolve(request.match["sha"], "tree")
        if tree is None:
            raise not_found()
        recursive = request.query.get("recursive") not in (None, "", "0", "false")
        entries = repo.ls_tree(tree)
        if not recursive:
            entries = [e for e in entries if "/" not in e.path]
        listed: list[dict[str, Any]] = []
        size = 0
        truncated = False
        for e in entries:
            item: dict[str, Any] = {"path": e.path, "mode": e.mode, "type": e.type, "sha": e.sha}
            if e.size is not None:
                item["size"] = e.size
            item["url"] = self._api(f"/git/{e.type}s/{e.sha}")
            # GitHub's limits of a recursive listing: so many entries, so many bytes.
            size += len(json.dumps(item))
            if recursive and (len(listed) >= self.fake.tree_entries or size > self.fake.tree_bytes):
                truncated = True
                break
            listed.append(item)
        body = {
            "sha": tree,
            "url": self._api(f"/git/trees/{tree}"),
            "tree": listed,
            "truncated": truncated,
        }
        return 200, {"ETag": f'"{tree}"', "Cache-Control": "private, max-age=60"}, body

    def _not_modified(self, request: Request, etag: str) -> bool:
        wanted = request.headers.get("if-none-match", "")
        return any(tag.strip().removeprefix("W/") == etag for tag in wanted.split(","))

    def blob(self, request: Request) -> Answer:
        sha = request.match["sha"]
        if self.fake.repo.object_type(sha) != "blob":
            raise not_found()
        etag = f'"{sha}"'
        if self._not_modified(request, etag):
            return 304, {"ETag": etag}, None
        data = self.fake.repo.blob(sha)
        body = {
            "sha": sha,
            "node_id": f"B_{sha}",
            "size": len(data),
            "url": self._api(f"/git/blobs/{sha}"),
            "content": _base64_lines(data),
            "encoding": "base64",
        }
        return 200, {"ETag": etag}, body

    def contents(self, request: Request) -> Answer:
        repo, path = self.fake.repo, request.match["path"]
        commit = repo.resolve(request.query.get("ref", "main"))
        sha = repo.blob_at(commit, path) if commit and safe_path(path) else None
        if sha is None or repo.object_type(sha) != "blob":
            raise not_found()
        etag = f'W/"{sha}"'
        if self._not_modified(request, etag.removeprefix("W/")):
            return 304, {"ETag": etag}, None
        data = repo.blob(sha)
        body = {
            "type": "file",
            "encoding": "base64",
            "size": len(data),
            "name": path.rsplit("/")[-1],
            "path": path,
            "content": _base64_lines(data),
            "sha": sha,
            "url": self._api(f"/contents/{path}?ref={request.query.get('ref', 'main')}"),
            "git_url": self._api(f"/git/blobs/{sha}"),
            "html_url": f"https://github.com/{self.fake.full_name}/blob/main/{path}",
        }
        return 200, {"ETag": etag, "Cache-Control": "private, max-age=60"}, body

    # ------------------------------------------------------------------ pull requests

    def _pull_body(self, pull: Pull) -> dict[str, Any]:
        fake = self.fake
        head_sha = fake.repo.branch_head(pull.head)
        mergeable, mergeable_state = merging.mergeable_state(fake, pull)
        return {
            "number": pull.number,
            "state": pull.state,
            "title": pull.title,
            "body": pull.body,
            "html_url": f"https://github.com/{fake.full_name}/pull/{pull.number}",
            "url": self._api(f"/pulls/{pull.number}"),
            "user": {"login": pull.user},
            "created_at": pull.created_at,
            "draft": False,
            "merged": pull.merged,
            "merged_at": pull.merged_at,
            "merge_commit_sha": pull.merge_commit_sha,
            "mergeable": mergeable,
            "mergeable_state": mergeable_state,
            "requested_reviewers": [reviews.user_body(fake, r) for r in pull.requested_reviewers],
            "head": {
                "ref": pull.head,
                "sha": head_sha,
                "label": f"{fake.owner}:{pull.head}",
                "repo": {"full_name": fake.full_name},
            },
            "base": {
                "ref": pull.base,
                "sha": fake.repo.branch_head(pull.base),
                "label": f"{fake.owner}:{pull.base}",
            },
        }

    def list_pulls(self, request: Request) -> Answer:
        state = request.query.get("state", "open")
        head = request.query.get("head")
        pulls = [
            p
            for p in self.fake.pulls
            if (state == "all" or p.state == state)
            and (head is None or f"{self.fake.owner}:{p.head}" == head)
        ]
        return 200, {}, [self._pull_body(p) for p in reversed(pulls)]

    def create_pull(self, request: Request) -> Answer:
        data = request.json()
        head, base = str(data.get("head", "")), str(data.get("base", ""))
        head = head.split(":", 1)[-1]
        title = data.get("title")
        if not isinstance(title, str) or not title.strip():
            raise unprocessable("Validation Failed")
        if self.fake.repo.branch_head(head) is None or self.fake.repo.branch_head(base) is None:
            raise unprocessable("Validation Failed")
        if self.fake.pull_for(head) is not None:
            raise unprocessable(f"A pull request already exists for {self.fake.owner}:{head}.")
        with self.fake.lock:
            pull = Pull(
                len(self.fake.pulls) + 1,
                title,
                str(data.get("body") or ""),
                head,
                base,
                request.token.login,
                self.fake.now(),
            )
            self.fake.pulls.append(pull)
        return 201, {"Location": self._api(f"/pulls/{pull.number}")}, self._pull_body(pull)

    def _pull(self, request: Request) -> Pull:
        number = int(request.match["number"])
        found = next((p for p in self.fake.pulls if p.number == number), None)
        if found is None:
            raise not_found()
        return found

    def get_pull(self, request: Request) -> Answer:
        return 200, {}, self._pull_body(self._pull(request))

    def edit_pull(self, request: Request) -> Answer:
        pull, data = self._pull(request), request.json()
        if isinstance(data.get("title"), str):
            pull.title = data["title"]
        if isinstance(data.get("body"), str):
            pull.body = data["body"]
        state = data.get("state")
        if state is not None:
            # « Update a pull request »: open or closed; a merged one stays merged, and one
            # whose branch is gone cannot be reopened.
            if state not in ("open", "closed") or pull.merged:
                raise unprocessable("Validation Failed")
            if state == "open" and self.fake.repo.branch_head(pull.head) is None:
                raise unprocessable("Validation Failed")
            with self.fake.lock:
                pull.state = state
        return 200, {}, self._pull_body(pull)

    # ------------------------------------------------------------------ checks

    def check_runs(self, request: Request) -> Answer:
        sha = self.fake.repo.resolve(request.match["ref"])
        if sha is None:
            raise unprocessable(f"No commit found for SHA: {request.match['ref']}")
        runs = [r for r in self.fake.check_runs if r.head_sha == sha]
        listed = [
            {
                "id": r.id,
                "name": r.name,
                "head_sha": r.head_sha,
                "status": r.status,
                "conclusion": r.conclusion,
                "node_id": f"CR_{r.id}",
                "html_url": f"https://github.com/{self.fake.full_name}/runs/{r.id}",
                "details_url": f"https://github.com/{self.fake.full_name}/runs/{r.id}",
                "output": {
                    "title": r.title,
                    "summary": r.summary,
                    "annotations_count": len(r.annotations),
                    "annotations_url": self._api(f"/check-runs/{r.id}/annotations"),
                },
            }
            for r in runs
        ]
        return 200, {}, {"total_count": len(listed), "check_runs": listed}

    def annotations(self, request: Request) -> Answer:
        run = next((r for r in self.fake.check_runs if r.id == int(request.match["id"])), None)
        if run is None:
            raise not_found()
        return (
            200,
            {},
            [
                {
                    "path": a["path"],
                    "start_line": a.get("line", 1),
                    "end_line": a.get("line", 1),
                    "start_column": a.get("column"),
                    "end_column": a.get("column"),
                    "annotation_level": a.get("level", "failure"),
                    "title": a.get("title", ""),
                    "message": a["message"],
                    "raw_details": None,
                    "blob_href": f"https://github.com/{self.fake.full_name}/blob/{run.head_sha}/{a['path']}",
                }
                for a in run.annotations
            ],
        )

    # ------------------------------------------------------------------ GraphQL

    def graphql(self, request: Request) -> Answer:
        data = request.json()
        query = str(data.get("query", ""))
        variables = data.get("variables") or {}
        if is_blob_query(query) and isinstance(variables, dict):
            return 200, {}, read_blobs(self, request.token, query, variables)
        if "createCommitOnBranch" not in query:
            return 200, {}, _graphql_error(None, "PARSE_ERROR", "Unsupported by the fake GitHub")
        if not isinstance(variables, dict) or not isinstance(variables.get("input"), dict):
            return 200, {}, _graphql_error(None, "INVALID", "Variable $input was not provided")
        return 200, {}, create_commit_on_branch(self, request.token, variables["input"])


def _base64_lines(data: bytes) -> str:
    """GitHub wraps base64 contents at 60 characters, each line ending with a newline."""
    text = base64.b64encode(data).decode("ascii")
    return "".join(text[i : i + 60] + "\n" for i in range(0, len(text), 60))


def _graphql_error(field: str | None, kind: str, message: str) -> dict[str, Any]:
    error: dict[str, Any] = {
        "type": kind,
        "message": message,
        "locations": [{"line": 2, "column": 3}],
    }
    if field is not None:
        error["path"] = [field]
    return {"data": {field: None} if field else None, "errors": [error]}


def create_commit_on_branch(router: Router, token: Token, given: dict[str, Any]) -> dict[str, Any]:
    """The `createCommitOnBranch` mutation: one commit whose parent is the branch's head,
    refused (STALE_DATA, as GitHub does) when the head is not `expectedHeadOid`."""
    name = "createCommitOnBranch"
    fake = router.fake
    branch = given.get("branch") or {}
    owner_repo = str(branch.get("repositoryNameWithOwner", ""))
    branch_name = str(branch.get("branchName", "")).removeprefix("refs/heads/")
    try:
        router._check_repository(*owner_repo.split("/", 1), token)
    except (ApiError, TypeError):
        missing = f"Could not resolve to a Repository with the name '{owner_repo}'."
        return _graphql_error(name, "NOT_FOUND", missing)
    if not token.grants("contents", "write") or fake.users[token.login].role != "write":
        return _graphql_error(name, "FORBIDDEN", "Resource not accessible by personal access token")
    head = fake.repo.branch_head(branch_name)
    if head is None:
        missing = f'A ref named "refs/heads/{branch_name}" does not exist.'
        return _graphql_error(name, "NOT_FOUND", missing)
    expected = str(given.get("expectedHeadOid", ""))
    stale = f'Expected branch to point to "{expected}" but it did not. Pull and try again.'
    if expected != head:
        return _graphql_error(name, "STALE_DATA", stale)
    changes, problem = _file_changes(fake, head, given.get("fileChanges") or {})
    if problem:
        return _graphql_error(name, "UNPROCESSABLE", problem)
    message = given.get("message") or {}
    headline = str(message.get("headline", "")).strip()
    if not headline:
        return _graphql_error(name, "UNPROCESSABLE", "A commit message headline is required.")
    text = headline + (f"\n\n{message['body']}" if message.get("body") else "")
    user = fake.users[token.login]
    try:
        author = (user.name, f"{user.login}@users.noreply.github.com")
        oid = fake.repo.commit_on(branch_name, head, changes, text, author)
    except GitError:  # the head moved between the check and the ref update
        return _graphql_error(name, "STALE_DATA", stale)
    url = f"https://github.com/{fake.full_name}/commit/{oid}"
    return {"data": {name: {"commit": {"oid": oid, "url": url}, "ref": {"name": branch_name}}}}


def _file_changes(
    fake: FakeGitHub, head: str, given: dict[str, Any]
) -> tuple[dict[str, bytes | None], str | None]:
    changes: dict[str, bytes | None] = {}
    for deletion in given.get("deletions") or []:
        path = str(deletion.get("path", ""))
        if not safe_path(path) or fake.repo.blob_at(head, path) is None:
            missing = "A path was requested for deletion which does not exist as of commit oid"
            return {}, f"{missing} `{head}`"
        changes[path] = None
    for addition in given.get("additions") or []:
        path = str(addition.get("path", ""))
        if not safe_path(path):
            return {}, f"Invalid path: {path}"
        try:
            changes[path] = base64.b64decode(str(addition.get("contents", "")), validate=True)
        except ValueError:
            return {}, f"The contents of {path} are not valid base64"
    if not changes:
        return {}, "No file changes were provided."
    return changes, None
