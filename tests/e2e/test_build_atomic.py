"""`npm run build` replaces the built site in one step: stopped midway (SIGTERM, as CI does on
a cancelled run) or failing, it leaves the previous site byte for byte and no staging
folder behind. So does `build.mjs --after-content` (what `nox -s build` runs beside
`contenu build`) when the content build fails; told it succeeded, it makes the same site."""

from __future__ import annotations

import json
import os
import shutil
import signal
import subprocess
import time
from pathlib import Path

import pytest

from .bundles import REPO
from .conftest import BUILDS, content_of

SITE = REPO / "site"


def tree(folder: Path) -> dict[str, bytes]:
    return {
        p.relative_to(folder).as_posix(): p.read_bytes()
        for p in sorted(folder.rglob("*"))
        if p.is_file()
    }


def _leftovers(dist: Path, pid: int) -> list[str]:
    beside = [p.name for p in dist.parent.iterdir() if p.name.startswith(f".{dist.name}.")]
    in_site = [p.name for p in SITE.iterdir() if p.name.startswith(f".ssr-{pid}-")]
    return beside + in_site


@pytest.fixture
def previous_site(built_sites: dict[str, Path], tmp_path: Path) -> Path:
    dist = tmp_path / "dist"
    shutil.copytree(built_sites["root"], dist)
    return dist


def _start(
    dist: Path,
    content: Path,
    *flags: str,
    cache: Path | None = None,
    site_url: str | None = BUILDS["root"],
    extra_env: dict[str, str] | None = None,
) -> subprocess.Popen[bytes]:
    env = {**os.environ, **(extra_env or {}), "OUT_DIR": str(dist), "CONTENU_OUT": str(content)}
    if cache is not None:
        env["BUILD_CACHE"] = str(cache)
    env.pop("SITE_URL", None)
    if site_url is not None:
        env["SITE_URL"] = site_url
    return subprocess.Popen(
        ["node", "scripts/build.mjs", *flags],
        cwd=SITE,
        env=env,
        stdin=subprocess.PIPE if flags else subprocess.DEVNULL,
        stdout=subprocess.DEVNULL,
        stderr=subprocess.PIPE,
    )


def _timings(errors: bytes) -> dict[str, float]:
    """When each stage of a site build run with BUILD_TIMINGS=1 ended, from its stderr."""
    line = next(x for x in errors.decode().splitlines() if x.startswith("BUILD_TIMINGS "))
    return json.loads(line.removeprefix("BUILD_TIMINGS "))


def _without_search_index(files: dict[str, bytes]) -> dict[str, bytes]:
    """The site's files but the search index's, which Pagefind names differently from one run
    to the next: every other file of two builds of the same content is the same byte for byte."""
    return {name: data for name, data in files.items() if not name.startswith("pagefind/")}


def _wait_for(folder: Path, pattern: str, build: subprocess.Popen[bytes]) -> None:
    deadline = time.monotonic() + 300  # generous: a Vite build on a busy machine
    while time.monotonic() < deadline and build.poll() is None:
        if any(folder.glob(pattern)):
            return
        time.sleep(0.005)
    raise AssertionError(f"{pattern} never appeared (the build ended with {build.poll()})")


def _longest_content(built_sites: dict[str, Path]) -> Path:
    """The content build that takes the longest to make into a site: the many-articles one
    when `nox -s e2e` made it, else the shipped content's."""
    many = built_sites["root"].with_name("many")
    return content_of(many if (many / "index.html").is_file() else built_sites["root"])


@pytest.mark.parametrize("moment", ["vite", "prerender"])
def test_a_stopped_build_keeps_the_previous_site(
    built_sites: dict[str, Path], previous_site: Path, tmp_path: Path, moment: str
) -> None:
    before = tree(previous_site)
    # An empty build cache of its own, and the most articles at hand: every page is rendered
    # and the search index made after the file awaited below appears, however fast the
    # machine. (From the shared cache the whole build is links, over in a few milliseconds:
    # once it ended before the stop came.)
    build = _start(previous_site, _longest_content(built_sites), cache=tmp_path / "cache")
    # Stop it once Vite has written the client build, or once pages are being prerendered.
    staged = ".dist.tmp-*/assets/*.js" if moment == "vite" else ".dist.tmp-*/blog/**/*.html"
    _wait_for(previous_site.parent, staged, build)
    assert build.poll() is None, "the build ended before it could be stopped"
    build.send_signal(signal.SIGTERM)
    code = build.wait(timeout=300)
    assert code != 0
    assert tree(previous_site) == before
    assert _leftovers(previous_site, build.pid) == []


def test_a_failed_build_keeps_the_previous_site(
    built_sites: dict[str, Path], previous_site: Path, tmp_path: Path
) -> None:
    before = tree(previous_site)
    broken = tmp_path / "content-build"
    shutil.copytree(content_of(built_sites["root"]), broken)
    (broken / "public" / "data" / "routes" / "contact.json").write_text("{", encoding="utf-8")
    build = _start(previous_site, broken)
    _, errors = build.communicate(timeout=300)
    assert build.returncode == 1
    assert "le site précédent est conservé" in errors.decode()
    assert tree(previous_site) == before
    assert _leftovers(previous_site, build.pid) == []


def test_a_site_build_waiting_for_a_failed_content_build_keeps_the_previous_site(
    built_sites: dict[str, Path], previous_site: Path
) -> None:
    before = tree(previous_site)
    build = _start(previous_site, content_of(built_sites["root"]), "--after-content")
    # Its code is ready and it waits; the content build fails: no "go", its input ends. (A
    # build that went on without being told would end with 0 and a new site: checked below.)
    _wait_for(previous_site.parent, ".dist.tmp-*/assets/*.js", build)
    assert build.poll() is None, "it ended before it was told how the content build went"
    _, errors = build.communicate(b"", timeout=300)
    assert build.returncode == 1, errors.decode()
    assert tree(previous_site) == before
    assert _leftovers(previous_site, build.pid) == []


def test_a_site_build_told_the_content_is_built_makes_the_same_site(
    built_sites: dict[str, Path], tmp_path: Path
) -> None:
    content = content_of(built_sites["root"])
    # Each with an empty build cache of its own: every page is rendered.
    plain = _start(tmp_path / "plain", content, cache=tmp_path / "plain-cache")
    _, errors = plain.communicate(timeout=300)
    assert plain.returncode == 0, errors.decode()
    waiting = _start(tmp_path / "waiting", content, "--after-content", cache=tmp_path / "cache")
    _, errors = waiting.communicate(b"go\n", timeout=300)
    assert waiting.returncode == 0, errors.decode()
    made = tree(tmp_path / "waiting")
    assert _without_search_index(made) == _without_search_index(tree(tmp_path / "plain"))
    assert _leftovers(tmp_path / "waiting", waiting.pid) == []


def test_a_first_site_build_told_the_content_is_built_makes_the_same_site(
    built_sites: dict[str, Path], tmp_path: Path
) -> None:
    # No content build before this one (a first build; CI keeps no build folder): the site's
    # code is made while `contenu build` runs, the carnet's page, pinned to the site's
    # address, once the content build has said which it is.
    content = tmp_path / "content-build"
    waiting = _start(
        tmp_path / "waiting",
        content,
        "--after-content",
        cache=tmp_path / "cache",
        extra_env={"BUILD_TIMINGS": "1"},
    )
    _wait_for(tmp_path, ".waiting.tmp-*/assets/*.js", waiting)
    shutil.copytree(content_of(built_sites["root"]), content)
    _, errors = waiting.communicate(b"go\n", timeout=300)
    assert waiting.returncode == 0, errors.decode()
    # The carnet's build started only once told the content was built (the build's own
    # record: its output would be the same, only made twice, were it started before).
    moments = _timings(errors)
    assert moments["editor-start"] >= moments["content"], moments
    plain = _start(tmp_path / "plain", content, cache=tmp_path / "plain-cache")
    _, errors = plain.communicate(timeout=300)
    assert plain.returncode == 0, errors.decode()
    made = tree(tmp_path / "waiting")
    assert _without_search_index(made) == _without_search_index(tree(tmp_path / "plain"))
    assert b"https://example.org/editeur/assets/" in made["editeur/index.html"]
    assert _leftovers(tmp_path / "waiting", waiting.pid) == []


def test_a_site_build_whose_content_moved_to_another_base_path_builds_its_code_again(
    built_sites: dict[str, Path], tmp_path: Path
) -> None:
    # Without SITE_URL, the code is built for the previous content build's base path (here
    # /coaching/); the new content build says /: the code is built again before any page.
    content = tmp_path / "content-build"
    shutil.copytree(content_of(built_sites["sub"]), content)
    waiting = _start(
        tmp_path / "waiting", content, "--after-content", cache=tmp_path / "cache", site_url=None
    )
    _wait_for(tmp_path, ".waiting.tmp-*/assets/*.js", waiting)
    shutil.rmtree(content)
    shutil.copytree(content_of(built_sites["root"]), content)
    _, errors = waiting.communicate(b"go\n", timeout=300)
    assert waiting.returncode == 0, errors.decode()
    plain = _start(tmp_path / "plain", content, cache=tmp_path / "plain-cache", site_url=None)
    _, errors = plain.communicate(timeout=300)
    assert plain.returncode == 0, errors.decode()
    made = tree(tmp_path / "waiting")
    assert _without_search_index(made) == _without_search_index(tree(tmp_path / "plain"))
    assert b'src="/assets/' in made["index.html"] and b"/coaching/" not in made["index.html"]
    assert _leftovers(tmp_path / "waiting", waiting.pid) == []
