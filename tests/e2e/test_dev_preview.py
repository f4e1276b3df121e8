"""Live preview: with `contenu dev` running, it says where the preview is in one French line,
a saved edit shows up in the open page without a reload (scroll position kept), an invalid
edit shows the French error overlay over the last valid page, fixing the file removes it, and
a build running at the same time changes nothing in the preview.

The test runs `contenu dev` on a scratch copy of content/ with its own preview folder, so the
repository's content and outputs are never touched (the site's code is the repository's:
the preview serves the data folder, the code does not depend on the content).
"""

from __future__ import annotations

import contextlib
import json
import os
import re
import shutil
import signal
import socket
import subprocess
import sys
import time
import urllib.error
import urllib.request
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any
from urllib.parse import urlsplit

import pytest
from playwright.sync_api import Browser, Page, expect

from contenu.report.labels import CELL_LABELS, key_label

from .bundles import REPO
from .conftest import unavailable

SITE = REPO / "site"
#: Generous, for a machine busy with other work: cold Vite dependency optimisation on 2 cores.
STARTUP_SECONDS = 180
#: A saved change shown in the preview (a content build, then Vite's update), under load.
UPDATE_MS = 60_000
#: The French line `contenu dev` prints once the preview is served.
ADDRESS_LINE = re.compile(r"Aperçu du site\s*:\s*(http://localhost:\d+/\S*)")


def _stop(process: subprocess.Popen[bytes]) -> None:
    """contenu dev stops Vite on SIGTERM; the whole group is killed if anything lingers."""
    with contextlib.suppress(ProcessLookupError):
        os.killpg(process.pid, signal.SIGTERM)
    with contextlib.suppress(subprocess.TimeoutExpired):
        process.wait(timeout=15)
    with contextlib.suppress(ProcessLookupError):
        os.killpg(process.pid, signal.SIGKILL)
    with contextlib.suppress(subprocess.TimeoutExpired):
        process.wait(timeout=5)


@dataclass
class DevServer:
    root: Path
    preview: Path
    url: str
    log: Path

    @property
    def content(self) -> Path:
        return self.root / "content"

    def site_json(self) -> dict[str, Any]:
        data: dict[str, Any] = json.loads(
            (self.preview / "public" / "data" / "site.json").read_text(encoding="utf-8")
        )
        return data

    def output(self) -> str:
        return self.log.read_text(errors="replace")


def _wait_until_serving(log: Path, process: subprocess.Popen[bytes]) -> str:
    """The address `contenu dev` announced, once it answers."""
    deadline = time.monotonic() + STARTUP_SECONDS
    while time.monotonic() < deadline:
        output = log.read_text(errors="replace")
        if process.poll() is not None:
            pytest.fail(f"contenu dev stopped (exit {process.returncode}):\n{output}")
        found = ADDRESS_LINE.search(output)
        if found:
            with (
                contextlib.suppress(OSError),
                urllib.request.urlopen(found[1], timeout=5) as answer,
            ):
                if answer.status == 200:
                    return found[1]
        time.sleep(0.2)
    pytest.fail(f"contenu dev was not serving after {STARTUP_SECONDS} s:\n{log.read_text()}")


def _start(command: list[str], log: Path, env: dict[str, str]) -> subprocess.Popen[bytes]:
    """``command`` in a session of its own (stopped as a group), its output into ``log``."""
    with log.open("wb") as out:
        return subprocess.Popen(
            command,
            cwd=REPO,
            stdout=out,
            stderr=subprocess.STDOUT,
            env={**os.environ, **env},
            start_new_session=True,
        )


def start_dev(contenu: str, content: Path, preview: Path, log: Path) -> subprocess.Popen[bytes]:
    """`contenu dev` on ``content`` (preview in ``preview``, output in ``log``), no browser."""
    command = [contenu, "dev", "--content", str(content), "--out", str(preview)]
    return _start([*command, "--sans-navigateur"], log, {"SITE_URL": ""})


@pytest.fixture
def dev_server(tmp_path: Path) -> Iterator[DevServer]:
    contenu = shutil.which("contenu")
    if contenu is None or not (SITE / "node_modules").is_dir():
        unavailable("the live-preview test needs the contenu CLI and site/node_modules")
    root = tmp_path / "project"
    shutil.copytree(REPO / "content", root / "content")
    _add_draft(root / "content")
    preview = tmp_path / "preview"
    log = tmp_path / "contenu-dev.log"
    process = start_dev(contenu, root / "content", preview, log)
    try:
        url = _wait_until_serving(log, process)
        yield DevServer(root, preview, url, log)
    finally:
        _stop(process)


DRAFT_SLUG = "brouillon-apercu"


def _add_draft(content: Path) -> None:
    """A draft copy of an article: the preview shows it, with its badge."""
    source = sorted((content / "articles").glob("*.md"))[0].read_text(encoding="utf-8")
    assert source.startswith("---\n")
    (content / "articles" / f"{DRAFT_SLUG}.md").write_text(
        "---\ndraft: true\n" + source.removeprefix("---\n"), encoding="utf-8"
    )


def _hero_lead(index_md: str) -> str:
    """The hero's first sentence on the home page: the line right after `lead: >-`."""
    lines = index_md.splitlines()
    start = next(i for i, line in enumerate(lines) if line.strip().startswith("lead:"))
    return lines[start + 1].strip().split("…")[0]


def test_edits_show_live_and_errors_show_in_french(browser: Browser, dev_server: DevServer) -> None:
    index = dev_server.content / "pages" / "index.md"
    original = index.read_text(encoding="utf-8")
    words = _hero_lead(original)
    edited_words = words + " et silences"
    texts = dev_server.site_json()["settings"]["interface"]["preview"]

    context = browser.new_context(viewport={"width": 1280, "height": 800})
    try:
        page: Page = context.new_page()
        page.goto(dev_server.url)
        expect(page.get_by_text(words, exact=False).first).to_be_visible(timeout=UPDATE_MS)
        page.evaluate("window.__previewMarker = 'same page'")
        page.evaluate("window.scrollTo(0, 700)")
        page.wait_for_function("window.scrollY === 700", timeout=UPDATE_MS)

        # A valid edit: the new words appear, in the same page (no reload), at the same place.
        index.write_text(original.replace(words, edited_words, 1), encoding="utf-8")
        expect(page.get_by_text(edited_words, exact=False).first).to_be_attached(timeout=UPDATE_MS)
        assert page.evaluate("window.__previewMarker") == "same page"
        assert page.evaluate("window.scrollY") == 700

        # A settings edit (site.json) too: the footer's contact label changes in place.
        settings_md = dev_server.content / "reglages" / "site.md"
        settings_text = settings_md.read_text(encoding="utf-8")
        label = "Écrivez-nous"
        assert label in settings_text
        settings_md.write_text(settings_text.replace(label, "Écrivez-moi", 1), encoding="utf-8")
        footer = page.locator("footer")
        expect(footer).to_contain_text("Écrivez-moi", timeout=UPDATE_MS)
        assert page.evaluate("window.__previewMarker") == "same page"

        # An invalid edit (the hero's required title removed): the French overlay names the
        # file, the field and the line, and the last valid content stays below it.
        edited = original.replace(words, edited_words, 1)
        hero_title = edited.index("\ntitle:", edited.index("```{hero}"))
        broken = edited[:hero_title] + edited[edited.index("\n", hero_title + 1) :]
        index.write_text(broken, encoding="utf-8")
        overlay = page.get_by_test_id("preview-overlay")
        expect(overlay).to_be_visible(timeout=UPDATE_MS)
        expect(overlay).to_contain_text(texts["title"])
        expect(overlay).to_contain_text("pages/index.md")
        fence_line = broken[: broken.index("```{hero}")].count("\n") + 1
        expect(overlay).to_contain_text(texts["line"].replace("{line}", str(fence_line)))
        # The cell and the field by their French names, never their keys (« champ title »).
        expect(overlay).to_contain_text(texts["cell"].replace("{cell}", CELL_LABELS["hero"]))
        expect(overlay).to_contain_text(texts["field"].replace("{field}", key_label("title")))
        expect(overlay).to_contain_text(f"le champ obligatoire « {key_label('title')} » manque")
        expect(overlay.locator(".preview-overlay__where")).not_to_contain_text("title")
        expect(page.get_by_text(edited_words, exact=False).first).to_be_attached()
        assert page.evaluate("window.__previewMarker") == "same page"

        # Fixed: the overlay goes away.
        index.write_text(original, encoding="utf-8")
        expect(overlay).to_have_count(0, timeout=UPDATE_MS)
        expect(page.get_by_text(words, exact=False).first).to_be_attached()
        assert page.evaluate("window.__previewMarker") == "same page"

        # Drafts are part of the preview, marked as such, even while a build of the site
        # runs: the build has its own folder (it leaves drafts out).
        contenu = shutil.which("contenu")
        assert contenu is not None
        built = subprocess.run(
            [contenu, "build", "--content", str(dev_server.content), "--out",
             str(dev_server.preview.parent / "build")],
            cwd=REPO, capture_output=True, text=True, check=False,
        )  # fmt: skip
        assert built.returncode == 0, built.stdout + built.stderr
        page.goto(f"{dev_server.url}blog/{DRAFT_SLUG}")
        badge = dev_server.site_json()["settings"]["interface"]["articles"]["draftBadge"]
        expect(page.locator(".article__meta").get_by_text(badge)).to_be_visible(timeout=UPDATE_MS)
    finally:
        context.close()


def test_the_terminal_stays_quiet_and_french(dev_server: DevServer) -> None:
    """One French line with the address; Vite's English banner and warnings stay hidden;
    each content warning is printed once, not again after every save."""
    output = dev_server.output()
    assert len(ADDRESS_LINE.findall(output)) == 1, output
    assert "Local:" not in output and "VITE" not in output and "ready in" not in output, output
    warnings = output.count("avertissement :")
    index = dev_server.content / "pages" / "index.md"
    index.write_text(index.read_text(encoding="utf-8") + "\n", encoding="utf-8")
    deadline = time.monotonic() + UPDATE_MS / 1000
    while time.monotonic() < deadline and dev_server.output().count("Aperçu à jour") < 2:
        time.sleep(0.1)
    after = dev_server.output()
    assert after.count("Aperçu à jour") >= 2, after
    assert after.count("avertissement :") == warnings, after


# --------------------------------------------------------------------------- nox -s dev


@dataclass(frozen=True)
class _Process:
    pid: int
    started: int  # clock ticks after boot (/proc/<pid>/stat field 22): tells a reused pid

    def alive(self) -> bool:
        found = _proc_stat(self.pid)
        return found is not None and found[1] == self.started and found[2] != "Z"


def _proc_stat(pid: int) -> tuple[int, int, str] | None:
    """(parent pid, start time, state) of a process, None once it is gone."""
    try:
        stat = Path(f"/proc/{pid}/stat").read_text()
    except OSError:
        return None
    fields = stat[stat.rindex(")") + 2 :].split()  # after "pid (command) "
    return int(fields[1]), int(fields[19]), fields[0]


def _descendants(root: int) -> list[_Process]:
    """Every process started by ``root``, by its children, and so on (Vite runs in a
    session of its own: only the parent links say who started it)."""
    children: dict[int, list[int]] = {}
    for entry in Path("/proc").iterdir():
        if entry.name.isdigit() and (stat := _proc_stat(int(entry.name))) is not None:
            children.setdefault(stat[0], []).append(int(entry.name))
    found, todo = [], [root]
    while todo:
        for child in children.get(todo.pop(), []):
            stat = _proc_stat(child)
            if stat is not None:
                found.append(_Process(child, stat[1]))
                todo.append(child)
    return found


def _listening(port: int) -> bool:
    with contextlib.suppress(OSError), socket.create_connection(("127.0.0.1", port), 1):
        return True
    return False


@pytest.mark.parametrize("how", ["SIGTERM to nox", "Ctrl-C in the terminal"])
def test_stopping_nox_dev_stops_every_process_it_started(tmp_path: Path, how: str) -> None:
    """SIGTERM to `nox -s dev` (what an IDE's stop button or `kill` sends), or Ctrl-C (SIGINT
    to the terminal's foreground process group), leaves nothing behind: not `contenu dev`,
    not npm, not Vite, and the port is free again. While it serves, a malformed address
    gets a plain 400 (no stack trace, no path of the machine)."""
    nox = shutil.which("nox")
    if nox is None or shutil.which("contenu") is None or not (SITE / "node_modules").is_dir():
        unavailable("this test needs nox, the contenu CLI and site/node_modules")
    assert nox is not None
    shutil.copytree(REPO / "content", tmp_path / "content")
    log = tmp_path / "nox-dev.log"
    command = [nox, "--no-venv", "-f", str(REPO / "noxfile.py"), "-s", "dev", "--"]
    command += ["--content", str(tmp_path / "content"), "--out", str(tmp_path / "preview")]
    # nox --no-venv runs `contenu` from PATH: the one of the environment running this test.
    path = f"{Path(sys.executable).parent}{os.pathsep}{os.environ.get('PATH', '')}"
    process = _start([*command, "--sans-navigateur"], log, {"SITE_URL": "", "PATH": path})
    started: list[_Process] = []
    try:
        url = _wait_until_serving(log, process)
        port = urlsplit(url).port
        assert port is not None, url
        with pytest.raises(urllib.error.HTTPError) as refused:
            urllib.request.urlopen(f"{url}data/%E0%A4%A", timeout=10)
        body = refused.value.read().decode()
        assert refused.value.code == 400, body
        assert str(REPO) not in body and "Error" not in body and "    at " not in body, body
        started = _descendants(process.pid)
        assert len(started) >= 2, "contenu dev and its server were expected under nox"

        if how == "SIGTERM to nox":
            process.send_signal(signal.SIGTERM)
        else:  # nox leads its own process group here, as a shell's foreground job would
            os.killpg(process.pid, signal.SIGINT)
        process.wait(timeout=60)
        left = [p.pid for p in started if p.alive()]
        assert not left, f"still running after nox stopped: {left}\n{log.read_text()}"
        assert not _listening(port), f"port {port} still answers\n{log.read_text()}"
    finally:
        _stop(process)
        for leftover in started:  # none alive, when the test passed
            if leftover.alive():
                with contextlib.suppress(ProcessLookupError):
                    os.kill(leftover.pid, signal.SIGKILL)
