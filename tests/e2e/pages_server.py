"""A static file server that answers like GitHub Pages, for the end-to-end tests.

GitHub Pages rules reproduced here (the ones a prerendered single-page site depends on):

- ``/x/`` serves ``x/index.html``; ``/x`` serves the file ``x``, else ``x.html``, else
  redirects (301) to ``/x/`` when ``x/index.html`` exists;
- anything else gets the site's ``404.html`` with status 404;
- every answer carries ``Access-Control-Allow-Origin: *``;
- a project site lives under a sub-path (``/coaching/``): the build is mounted there and
  every path outside it is a bare 404, so a link or asset that forgets the base path breaks
  in the tests exactly as it would on Pages.
"""

from __future__ import annotations

import contextlib
import mimetypes
import threading
from http import HTTPStatus
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path
from urllib.parse import unquote, urlsplit

# Content types GitHub Pages sends; the stdlib table misses or misnames some of them.
CONTENT_TYPES = {
    ".html": "text/html; charset=utf-8",
    ".js": "text/javascript; charset=utf-8",
    ".mjs": "text/javascript; charset=utf-8",
    ".css": "text/css; charset=utf-8",
    ".json": "application/json; charset=utf-8",
    ".webmanifest": "application/manifest+json; charset=utf-8",
    ".xml": "application/xml; charset=utf-8",
    ".txt": "text/plain; charset=utf-8",
    ".svg": "image/svg+xml",
    ".png": "image/png",
    ".jpg": "image/jpeg",
    ".jpeg": "image/jpeg",
    ".webp": "image/webp",
    ".avif": "image/avif",
    ".gif": "image/gif",
    ".ico": "image/x-icon",
    ".woff2": "font/woff2",
    ".woff": "font/woff",
    ".pdf": "application/pdf",
}


def content_type(path: Path) -> str:
    suffix = path.suffix.lower()
    if suffix in CONTENT_TYPES:
        return CONTENT_TYPES[suffix]
    guessed, _ = mimetypes.guess_type(path.name)
    return guessed or "application/octet-stream"


class Resolution:
    """What the server answers for one path: a file with a status, or a redirect."""

    def __init__(self, status: int, file: Path | None = None, location: str | None = None) -> None:
        self.status = status
        self.file = file
        self.location = location


def resolve(root: Path, base_path: str, raw_path: str, query: str = "") -> Resolution:
    """Map a request path to GitHub Pages' answer (pure function, unit-tested)."""
    path = unquote(raw_path)
    not_found_page = root / "404.html"
    site_404 = Resolution(404, not_found_page if not_found_page.is_file() else None)
    if path + "/" == base_path:
        return Resolution(301, location=base_path + (f"?{query}" if query else ""))
    if not path.startswith(base_path):
        return Resolution(404)  # outside the project site: not this site's 404 page
    rel = path[len(base_path) :]
    segments = [s for s in rel.split("/") if s]
    if any(s in (".", "..") or "\\" in s or "\x00" in s for s in segments):
        return site_404
    target = root.joinpath(*segments) if segments else root
    if rel == "" or rel.endswith("/"):
        index = target / "index.html"
        return Resolution(200, index) if index.is_file() else site_404
    if target.is_file():
        return Resolution(200, target)
    html = target.with_name(target.name + ".html")
    if html.is_file():
        return Resolution(200, html)
    if (target / "index.html").is_file():
        return Resolution(301, location=raw_path + "/" + (f"?{query}" if query else ""))
    return site_404


class PagesServer:
    """Serves ``root`` under ``base_path`` on 127.0.0.1 (random port) in a daemon thread."""

    def __init__(self, root: Path, base_path: str = "/") -> None:
        if not (base_path.startswith("/") and base_path.endswith("/")):
            raise ValueError(f"base path must start and end with '/': {base_path!r}")
        self.root = root.resolve()
        self.base_path = base_path
        self.requests: list[tuple[str, int]] = []
        self._server = ThreadingHTTPServer(("127.0.0.1", 0), self._handler_class())
        self._server.daemon_threads = True
        self._thread = threading.Thread(
            target=self._server.serve_forever, kwargs={"poll_interval": 0.05}, daemon=True
        )

    @property
    def origin(self) -> str:
        return f"http://127.0.0.1:{self._server.server_port}"

    @property
    def url(self) -> str:
        """The site's home URL, base path included (``http://127.0.0.1:PORT/coaching/``)."""
        return self.origin + self.base_path

    def url_for(self, route: str) -> str:
        """Absolute URL of a site route written root-relative (``/contact``)."""
        return self.origin + self.base_path + route.lstrip("/")

    def start(self) -> PagesServer:
        self._thread.start()
        return self

    def stop(self) -> None:
        self._server.shutdown()
        self._server.server_close()

    def __enter__(self) -> PagesServer:
        return self.start()

    def __exit__(self, *exc: object) -> None:
        self.stop()

    def _handler_class(self) -> type[BaseHTTPRequestHandler]:
        server = self

        class Handler(BaseHTTPRequestHandler):
            protocol_version = "HTTP/1.1"
            server_version = "GitHub.com"

            def handle(self) -> None:
                # The browser may drop a keep-alive connection: nothing to report.
                with contextlib.suppress(ConnectionResetError, BrokenPipeError):
                    super().handle()

            def do_GET(self) -> None:
                self._answer(send_body=True)

            def do_HEAD(self) -> None:
                self._answer(send_body=False)

            def _answer(self, send_body: bool) -> None:
                parts = urlsplit(self.path)
                res = resolve(server.root, server.base_path, parts.path, parts.query)
                server.requests.append((self.path, res.status))
                if res.status == 301:
                    body = b""
                    self.send_response(HTTPStatus.MOVED_PERMANENTLY)
                    self.send_header("Location", res.location or "/")
                    self.send_header("Content-Length", "0")
                    self.end_headers()
                    return
                if res.file is None:
                    body = b"Not Found\n"
                    ctype = "text/plain; charset=utf-8"
                else:
                    body = res.file.read_bytes()
                    ctype = content_type(res.file)
                self.send_response(res.status)
                self.send_header("Content-Type", ctype)
                self.send_header("Content-Length", str(len(body)))
                self.send_header("Cache-Control", "max-age=600")
                # GitHub Pages answers every request so: a sandboxed frame of a page (an
                # opaque origin, the carnet's whole-page preview) loads its styles and fonts.
                self.send_header("Access-Control-Allow-Origin", "*")
                self.end_headers()
                if send_body:
                    self.wfile.write(body)

            def log_message(self, format: str, *args: object) -> None:
                pass  # the tests read server.requests instead

        return Handler
