"""A fake api.github.com for the tests: the REST and GraphQL calls the editor makes, answered
in GitHub's shapes (bodies, status codes, headers, CORS) from a real bare git repository.

Test hooks: `push` (a concurrent commit), `merge` and `close` (a pull request merged or
closed on GitHub), `delete_branch` (which closes its pull request, as GitHub does),
`set_checks` (check runs and their annotations), `protect` (a protected branch),
`open_pull_as` and `review` (other people's pull requests and reviews), `deploy` (a Pages
deployment and its workflow run),
`fail` (401, 403 permission, 403/429 rate limit, 404, 409, 5xx on the next matching
requests), `revoke` (a token dies mid-session), and `requests` (every request received)."""

from __future__ import annotations

import contextlib
import json
import threading
import time
from collections.abc import Iterator
from datetime import UTC, datetime
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path
from typing import Any
from urllib.parse import parse_qs, unquote, urlsplit

from .deployments import Deployment, deploy
from .git_repo import GitError, GitRepo
from .merging import Protection, squash
from .reviews import Review, add_review
from .routes import ApiError, Router
from .state import CheckRun, Failure, Pull, RateLimit, Recorded, Token, User

#: What api.github.com answers to a CORS preflight and exposes to a page's script.
CORS_ALLOW_HEADERS = (
    "Authorization, Content-Type, If-Match, If-Modified-Since, If-None-Match, "
    "If-Unmodified-Since, Accept-Encoding, X-GitHub-OTP, X-Requested-With, User-Agent, "
    "GraphQL-Features, X-Github-Next-Global-ID, X-GitHub-Api-Version"
)
CORS_EXPOSE_HEADERS = (
    "ETag, Link, Location, Retry-After, X-GitHub-OTP, X-RateLimit-Limit, X-RateLimit-Remaining, "
    "X-RateLimit-Used, X-RateLimit-Resource, X-RateLimit-Reset, X-OAuth-Scopes, "
    "X-Accepted-OAuth-Scopes, X-Poll-Interval, X-GitHub-Media-Type, X-GitHub-SSO, "
    "X-GitHub-Request-Id, Deprecation, Sunset"
)
DOCS = "https://docs.github.com/rest"


class FakeGitHub:
    """The fake API's state and test hooks; `start()` serves it on 127.0.0.1."""

    def __init__(self, repo: GitRepo, owner: str = "renouer", name: str = "site") -> None:
        self.repo = repo
        self.owner, self.name = owner, name
        self.private = False
        self.lock = threading.RLock()
        self.users: dict[str, User] = {}
        self.tokens: dict[str, Token] = {}
        self.pulls: list[Pull] = []
        self.check_runs: list[CheckRun] = []
        self.failures: list[Failure] = []
        self.requests: list[Recorded] = []
        self.rate = RateLimit()
        #: GitHub's limits of a recursive tree listing (REST reference, « Get a tree »):
        #: past them the listing is cut and says `truncated`.
        self.tree_entries = 100_000
        self.tree_bytes = 7_000_000
        #: Each protected branch's rules; the merge methods the repository allows.
        self.protection: dict[str, Protection] = {}
        self.merge_methods = {"squash"}
        #: Logins with « Maintain » on the repository (they may write, and merge protected).
        self.maintainers: set[str] = set()
        self.reviews: dict[int, list[Review]] = {}
        self.deployments: list[Deployment] = []
        #: The Pages deployment a merge into main starts ("success", "failure"…), or none.
        self.deploy_on_merge: str | None = None
        self._server: ThreadingHTTPServer | None = None
        self._thread: threading.Thread | None = None
        self.router = Router(self)

    @property
    def full_name(self) -> str:
        return f"{self.owner}/{self.name}"

    @property
    def url(self) -> str:
        assert self._server is not None, "start() the fake first"
        host, port = self._server.server_address[:2]
        return f"http://{host}:{port}"

    # ------------------------------------------------------------------ test hooks

    def add_user(self, login: str, name: str, role: str = "write") -> User:
        user = User(login, 1000 + len(self.users), name, role)
        self.users[login] = user
        return user

    def add_token(self, value: str, login: str, **options: Any) -> Token:
        token = Token(value, login, **options)
        self.tokens[value] = token
        return token

    def revoke(self, value: str) -> None:
        self.tokens[value].revoked = True

    def fail(self, status: int, match: str | None = None, **options: Any) -> Failure:
        failure = Failure(status, match, **options)
        with self.lock:
            self.failures.append(failure)
        return failure

    def push(
        self,
        branch: str,
        changes: dict[str, bytes | None],
        message: str,
        author: tuple[str, str] = ("Collègue", "c@example.org"),
    ) -> str:
        """A commit made elsewhere (a colleague, a merge) on top of `branch`."""
        head = self.repo.branch_head(branch)
        assert head is not None, f"no branch {branch}"
        return self.repo.commit_on(branch, head, changes, message, author)

    def protect(self, branch: str, **rules: Any) -> Protection:
        """Protect `branch` (required reviews, required checks, who may push)."""
        self.protection[branch] = Protection(**rules)
        return self.protection[branch]

    def open_pull_as(
        self, login: str, branch: str, changes: dict[str, bytes | None], title: str
    ) -> Pull:
        """A pull request another person opened: her branch from main, her commit on it."""
        main = self.repo.branch_head("main")
        assert main is not None
        user = self.users[login]
        self.repo.create_branch(branch, main)
        email = f"{login}@users.noreply.github.com"
        self.repo.commit_on(branch, main, changes, title, (user.name, email))
        with self.lock:
            pull = Pull(len(self.pulls) + 1, title, "", branch, "main", login, self.now())
            self.pulls.append(pull)
        return pull

    def review(self, number: int, login: str, state: str = "APPROVED", body: str = "") -> Review:
        """A review of pull request `number` by `login` (APPROVED, CHANGES_REQUESTED…)."""
        return add_review(self, number, login, state, body)

    def deploy(self, sha: str, state: str = "success", url: str = "") -> Deployment:
        """The Pages deployment of commit `sha` reaches `state` (see deployments.deploy)."""
        return deploy(self, sha, state, url)

    def after_merge(self, pull: Pull, commit: str) -> None:
        if pull.base == "main" and self.deploy_on_merge:
            self.deploy(commit, self.deploy_on_merge)

    def merge(self, number: int, login: str | None = None) -> str:
        """Merge pull request `number` on GitHub as « Squash and merge » does (by `login`,
        else its author): one commit on the base; the pull request is closed and merged."""
        pull = next(p for p in self.pulls if p.number == number)
        assert pull.state == "open"
        return squash(self, pull, login or pull.user, f"{pull.title} (#{pull.number})", "")

    def close(self, number: int) -> None:
        """Close pull request `number` without merging it."""
        pull = next(p for p in self.pulls if p.number == number)
        with self.lock:
            pull.state = "closed"

    def delete_branch(self, branch: str) -> None:
        """Delete `branch`; an open pull request from it is closed (GitHub does the same)."""
        self.repo.delete_branch(branch)
        with self.lock:
            for pull in self.pulls:
                if pull.head == branch and pull.state == "open":
                    pull.state = "closed"

    def set_checks(self, ref: str, runs: list[dict[str, Any]]) -> list[CheckRun]:
        """Replace the check runs of the commit `ref` names (a branch or a sha)."""
        sha = self.repo.resolve(ref)
        assert sha is not None, f"no commit {ref}"
        with self.lock:
            self.check_runs = [r for r in self.check_runs if r.head_sha != sha]
            made = [
                CheckRun(id=len(self.check_runs) + i + 1, head_sha=sha, **run)
                for i, run in enumerate(runs)
            ]
            self.check_runs += made
        return made

    def requests_to(self, fragment: str) -> list[Recorded]:
        return [r for r in self.requests if fragment in r.path]

    def pull_for(self, branch: str) -> Pull | None:
        return next((p for p in self.pulls if p.head == branch and p.state == "open"), None)

    # ------------------------------------------------------------------ serving

    def start(self) -> FakeGitHub:
        server = ThreadingHTTPServer(("127.0.0.1", 0), _handler_for(self))
        server.daemon_threads = True
        self._server = server
        self._thread = threading.Thread(target=server.serve_forever, daemon=True)
        self._thread.start()
        return self

    def stop(self) -> None:
        if self._server is not None:
            self._server.shutdown()
            self._server.server_close()
            self._server = None

    # ------------------------------------------------------------------ answering

    def answer(
        self, method: str, target: str, headers: dict[str, str], body: bytes
    ) -> tuple[int, dict[str, str], bytes]:
        """Status, headers and body for one request (CORS and rate-limit headers added)."""
        record = Recorded(method, target, headers, body)
        with self.lock:
            self.requests.append(record)
        if method == "OPTIONS":
            status, extra, payload = 204, _preflight(), b""
        else:
            status, extra, payload = self._answer(method, target, headers, body)
        record.status = status
        return status, {**self._common_headers(), **extra}, payload

    def _answer(
        self, method: str, target: str, headers: dict[str, str], body: bytes
    ) -> tuple[int, dict[str, str], bytes]:
        split = urlsplit(target)
        path = unquote(split.path)
        query = {k: v[-1] for k, v in parse_qs(split.query).items()}
        try:
            token = self._authenticate(headers)
            required = self.router.permission_for(method, path)
            injected = self._injected(method, path, required)
            if injected is not None:
                return injected
            if self.rate.remaining == 0:
                raise _rate_limited(self.rate.reset)
            self.rate.used += 1
            status, extra, payload = self.router.dispatch(method, path, query, headers, body, token)
        except ApiError as error:
            return error.status, error.headers, _json(error.body)
        if payload is None:
            return status, extra, b""
        return status, {"Content-Type": "application/json; charset=utf-8", **extra}, _json(payload)

    def _authenticate(self, headers: dict[str, str]) -> Token:
        authorization = headers.get("authorization", "")
        scheme, _, value = authorization.partition(" ")
        token = self.tokens.get(value.strip()) if scheme.lower() in ("bearer", "token") else None
        if token is None or token.revoked:
            raise ApiError(
                401, {"message": "Bad credentials", "documentation_url": DOCS, "status": "401"}
            )
        return token

    def _injected(
        self, method: str, path: str, required: tuple[str, str] | None
    ) -> tuple[int, dict[str, str], bytes] | None:
        with self.lock:
            failure = next((f for f in self.failures if f.applies(method, path)), None)
            if failure is None:
                return None
            failure.times -= 1
        error = _failure_error(failure, required)
        return error.status, error.headers, _json(error.body)

    def _common_headers(self) -> dict[str, str]:
        return {
            "Access-Control-Allow-Origin": "*",
            "Access-Control-Expose-Headers": CORS_EXPOSE_HEADERS,
            "X-RateLimit-Limit": str(self.rate.limit),
            "X-RateLimit-Remaining": str(self.rate.remaining),
            "X-RateLimit-Used": str(self.rate.used),
            "X-RateLimit-Reset": str(self.rate.reset),
            "X-RateLimit-Resource": "core",
            "X-GitHub-Api-Version-Selected": "2022-11-28",
            "X-GitHub-Request-Id": f"FAKE:{len(self.requests)}",
            "Vary": "Accept, Authorization, Cookie, X-GitHub-OTP",
        }

    def now(self) -> str:
        return datetime.now(UTC).strftime("%Y-%m-%dT%H:%M:%SZ")


def _json(payload: Any) -> bytes:
    return json.dumps(payload, ensure_ascii=False).encode("utf-8")


def _preflight() -> dict[str, str]:
    return {
        "Access-Control-Allow-Headers": CORS_ALLOW_HEADERS,
        "Access-Control-Allow-Methods": "GET, POST, PATCH, PUT, DELETE",
        "Access-Control-Max-Age": "86400",
    }


def _rate_limited(reset: int, status: int = 403) -> ApiError:
    headers = {"X-RateLimit-Remaining": "0", "X-RateLimit-Reset": str(reset)}
    if status == 429:
        headers["Retry-After"] = str(max(reset - int(time.time()), 1))
        message = (
            "You have exceeded a secondary rate limit. "
            "Please wait a few minutes before you try again."
        )
    else:
        message = "API rate limit exceeded for user ID 1000."
    body = {
        "message": message,
        "documentation_url": f"{DOCS}/overview/rate-limits-for-the-rest-api",
        "status": str(status),
    }
    return ApiError(status, body, headers)


def _failure_error(failure: Failure, required: tuple[str, str] | None) -> ApiError:
    status = failure.status
    if failure.kind == "rate_limit" or status == 429:
        return _rate_limited(int(time.time()) + failure.reset_in, status)
    if failure.kind == "permission":
        name, level = required or ("contents", "read")
        return ApiError(
            403,
            {
                "message": "Resource not accessible by personal access token",
                "documentation_url": DOCS,
                "status": "403",
            },
            {"X-Accepted-GitHub-Permissions": f"{name}={level}"},
        )
    messages = {
        401: "Bad credentials",
        403: "Forbidden",
        404: "Not Found",
        409: "Conflict",
        422: "Validation Failed",
    }
    message = messages.get(status, "Server Error")
    return ApiError(status, {"message": message, "documentation_url": DOCS, "status": str(status)})


def _handler_for(fake: FakeGitHub) -> type[BaseHTTPRequestHandler]:
    class Handler(BaseHTTPRequestHandler):
        protocol_version = "HTTP/1.1"

        def _serve(self) -> None:
            length = int(self.headers.get("Content-Length") or 0)
            body = self.rfile.read(length) if length else b""
            headers = {k.lower(): v for k, v in self.headers.items()}
            try:
                status, out, payload = fake.answer(self.command, self.path, headers, body)
            except GitError as error:  # a bug of the fake: say it loudly
                status, out, payload = 500, {}, _json({"message": f"fake git error: {error}"})
            self.send_response(status)
            for key, value in out.items():
                self.send_header(key, value)
            self.send_header("Content-Length", str(len(payload)))
            self.end_headers()
            if self.command != "HEAD":
                self.wfile.write(payload)

        do_GET = do_POST = do_PATCH = do_PUT = do_DELETE = do_OPTIONS = do_HEAD = _serve  # noqa: N815

        def log_message(self, format: str, *args: Any) -> None:
            pass  # the request log is `fake.requests`

    return Handler


@contextlib.contextmanager
def serve(folder: Path, content: Path) -> Iterator[FakeGitHub]:
    """A running fake whose repository holds `content` under `content/`, with one coach
    (login « coach ») and her token « github_pat_coach »."""
    fake = FakeGitHub(GitRepo.from_folder(folder / "repo.git", content))
    fake.add_user("coach", "Claire Delmas")
    fake.add_token("github_pat_coach", "coach", repositories={fake.full_name})
    fake.start()
    try:
        yield fake
    finally:
        fake.stop()
