"""The test server must answer like GitHub Pages, or the browser tests prove nothing."""

from __future__ import annotations

import http.client
from pathlib import Path

import pytest

from .pages_server import PagesServer, resolve


@pytest.fixture
def dist(tmp_path: Path) -> Path:
    (tmp_path / "index.html").write_text("<p>home</p>", encoding="utf-8")
    (tmp_path / "404.html").write_text("<p>not found page</p>", encoding="utf-8")
    (tmp_path / "contact").mkdir()
    (tmp_path / "contact" / "index.html").write_text("<p>contact</p>", encoding="utf-8")
    (tmp_path / "merci.html").write_text("<p>merci</p>", encoding="utf-8")
    (tmp_path / "assets").mkdir()
    (tmp_path / "assets" / "app.js").write_text("console.log(1)", encoding="utf-8")
    (tmp_path / "assets" / "app.css").write_text("p{}", encoding="utf-8")
    (tmp_path / "font.woff2").write_bytes(b"wOF2")
    (tmp_path / "logo.svg").write_text("<svg/>", encoding="utf-8")
    (tmp_path / "empty").mkdir()
    (tmp_path.parent / "secret.txt").write_text("secret", encoding="utf-8")
    return tmp_path


def get(server: PagesServer, path: str, method: str = "GET") -> tuple[int, dict[str, str], bytes]:
    conn = http.client.HTTPConnection("127.0.0.1", int(server.origin.rsplit(":", 1)[1]), timeout=5)
    conn.request(method, path)
    response = conn.getresponse()
    body = response.read()
    conn.close()
    return response.status, {k.lower(): v for k, v in response.getheaders()}, body


@pytest.mark.parametrize("base", ["/", "/coaching/"])
def test_serves_like_github_pages(dist: Path, base: str) -> None:
    with PagesServer(dist, base) as server:
        assert get(server, base)[2] == b"<p>home</p>"
        assert get(server, base + "index.html")[2] == b"<p>home</p>"
        assert get(server, base + "contact/")[2] == b"<p>contact</p>"
        status, headers, _ = get(server, base + "contact?x=1")
        assert (status, headers["location"]) == (301, base + "contact/?x=1")
        assert get(server, base + "merci")[:1] == (200,)
        assert get(server, base + "merci")[2] == b"<p>merci</p>"
        assert get(server, base + "merci.html")[2] == b"<p>merci</p>"
        for missing in (
            "nope",
            "nope/",
            "a/b/c",
            "contact/x",
            "empty/",
            "empty",
            "../secret.txt",
            "%2e%2e/secret.txt",
            "assets/../../secret.txt",
        ):
            status, headers, body = get(server, base + missing)
            assert (status, body) == (404, b"<p>not found page</p>"), missing
            assert headers["content-type"] == "text/html; charset=utf-8"
        assert get(server, base + "nope", "HEAD")[:1] == (404,)


def test_content_types(dist: Path) -> None:
    with PagesServer(dist, "/") as server:
        assert get(server, "/")[1]["content-type"] == "text/html; charset=utf-8"
        assert get(server, "/assets/app.js")[1]["content-type"] == "text/javascript; charset=utf-8"
        assert get(server, "/assets/app.css")[1]["content-type"] == "text/css; charset=utf-8"
        assert get(server, "/font.woff2")[1]["content-type"] == "font/woff2"
        assert get(server, "/logo.svg")[1]["content-type"] == "image/svg+xml"


def test_sub_path_mount(dist: Path) -> None:
    with PagesServer(dist, "/coaching/") as server:
        assert server.url == server.origin + "/coaching/"
        assert server.url_for("/contact") == server.origin + "/coaching/contact"
        status, headers, _ = get(server, "/coaching")
        assert (status, headers["location"]) == (301, "/coaching/")
        # Outside the project site: not the site's 404 page, so a missing base path shows.
        for outside in ("/", "/contact/", "/assets/app.js", "/404.html", "/coachingx/"):
            status, _, body = get(server, outside)
            assert status == 404 and b"not found page" not in body, outside


def test_resolve_without_404_page(tmp_path: Path) -> None:
    assert resolve(tmp_path, "/", "/nope").status == 404
    assert resolve(tmp_path, "/", "/nope").file is None


def test_base_path_must_be_a_directory(tmp_path: Path) -> None:
    with pytest.raises(ValueError):
        PagesServer(tmp_path, "/coaching")
