"""`npm run build` replaces the built site in one step: stopped midway (SIGTERM, as CI does on
a cancelled run) or failing, it leaves the previous site byte for byte and no staging
folder behind."""

from __future__ import annotations

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


def _start(dist: Path, content: Path) -> subprocess.Popen[bytes]:
    env = {**os.environ, "OUT_DIR": str(dist), "CONTENU_OUT": str(content)}
    env["SITE_URL"] = BUILDS["root"]
    return subprocess.Popen(
        ["node", "scripts/build.mjs"],
        cwd=SITE,
        env=env,
        stdout=subprocess.DEVNULL,
        stderr=subprocess.PIPE,
    )


@pytest.mark.parametrize("moment", ["vite", "prerender"])
def test_a_stopped_build_keeps_the_previous_site(
    built_sites: dict[str, Path], previous_site: Path, moment: str
) -> None:
    before = tree(previous_site)
    build = _start(previous_site, content_of(built_sites["root"]))
    # Stop it once Vite has written the client build, or once pages are being prerendered.
    staged = ".dist.tmp-*/assets/*.js" if moment == "vite" else ".dist.tmp-*/blog/*.html"
    deadline = time.monotonic() + 120
    while time.monotonic() < deadline and build.poll() is None:
        if any(previous_site.parent.glob(staged)):
            break
        time.sleep(0.02)
    assert build.poll() is None, "the build ended before it could be stopped"
    build.send_signal(signal.SIGTERM)
    code = build.wait(timeout=60)
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
