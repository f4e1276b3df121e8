"""Live preview: with `contenu dev` running, a saved edit shows up in the open page without
a reload (scroll position kept), an invalid edit shows the French error overlay over the last
valid page, and fixing the file removes it.

The test runs `contenu dev` in a scratch copy of the project (content/ and site/ without
node_modules, which is linked), so the repository's bundles are never touched. Only the
copy's `npm run dev` script is changed, to pin Vite to a free port on 127.0.0.1.
"""

from __future__ import annotations

import contextlib
import json
import os
import shutil
import signal
import socket
import subprocess
import time
import urllib.request
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import pytest
from playwright.sync_api import Browser, Page, expect

from .bundles import REPO
from .conftest import unavailable

SITE = REPO / "site"
STARTUP_SECONDS = 90  # cold Vite dependency optimisation on a 2-core machine
UPDATE_MS = 15_000
# Vite's dependency cache, kept between runs (the copy's node_modules is the repo's).
VITE_CACHE = SITE / "node_modules" / ".vite-dev-preview-test"

DEV_CONFIG = """\
import {{ mergeConfig }} from "vite";
import config from "./vite.config.ts";

export default (env) =>
  mergeConfig(typeof config === "function" ? config(env) : config, {{
    cacheDir: {cache},
    server: {{ fs: {{ allow: [{root}, {modules}] }} }},
  }});
"""


def _free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return int(sock.getsockname()[1])


def _copy_site(into: Path, port: int) -> None:
    ignore = shutil.ignore_patterns("node_modules", "dist", ".ssr", "bundles")
    for name in ("src", "scripts", "public"):
        shutil.copytree(SITE / name, into / name, ignore=ignore)
    for name in ("index.html", "vite.config.ts", "tsconfig.json"):
        shutil.copy2(SITE / name, into / name)
    (into / "node_modules").symlink_to(SITE / "node_modules", target_is_directory=True)
    (into / "dev-preview.config.mjs").write_text(
        DEV_CONFIG.format(
            cache=json.dumps(str(VITE_CACHE)),
            root=json.dumps(str(into.parent)),
            modules=json.dumps(str(SITE / "node_modules")),
        )
    )
    package = json.loads((SITE / "package.json").read_text())
    package["scripts"]["dev"] = (
        f"vite --config dev-preview.config.mjs --host 127.0.0.1 --port {port} --strictPort"
    )
    (into / "package.json").write_text(json.dumps(package, indent=2))


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
    url: str
    log: Path

    @property
    def content(self) -> Path:
        return self.root / "content"

    def site_json(self) -> dict[str, Any]:
        bundle = self.root / "site" / "src" / "bundles" / "site.json"
        data: dict[str, Any] = json.loads(bundle.read_text(encoding="utf-8"))
        return data

    def output(self) -> str:
        return self.log.read_text(errors="replace")[-3000:]


def _wait_until_serving(server: DevServer, process: subprocess.Popen[bytes]) -> None:
    deadline = time.monotonic() + STARTUP_SECONDS
    bundles = server.root / "site" / "src" / "bundles" / "site.json"
    while time.monotonic() < deadline:
        if process.poll() is not None:
            pytest.fail(f"contenu dev stopped (exit {process.returncode}):\n{server.output()}")
        if bundles.is_file():
            with (
                contextlib.suppress(OSError),
                urllib.request.urlopen(server.url, timeout=2) as response,
            ):
                if response.status == 200:
                    return
        time.sleep(0.2)
    pytest.fail(f"contenu dev was not serving after {STARTUP_SECONDS} s:\n{server.output()}")


@pytest.fixture
def dev_server(tmp_path: Path) -> Iterator[DevServer]:
    contenu = shutil.which("contenu")
    if contenu is None or not (SITE / "node_modules").is_dir():
        unavailable("the live-preview test needs the contenu CLI and site/node_modules")
    root = tmp_path / "project"
    shutil.copytree(REPO / "content", root / "content")
    _add_draft(root / "content")
    port = _free_port()
    _copy_site(root / "site", port)
    log = tmp_path / "contenu-dev.log"
    server = DevServer(root, f"http://127.0.0.1:{port}/", log)
    with log.open("wb") as out:
        process = subprocess.Popen(
            [contenu, "dev"],
            cwd=root,
            stdout=out,
            stderr=subprocess.STDOUT,
            env={**os.environ, "SITE_URL": "", "BROWSER": "none"},
            start_new_session=True,
        )
    try:
        _wait_until_serving(server, process)
        yield server
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
        expect(overlay).to_contain_text(texts["cell"].replace("{cell}", "hero"))
        expect(overlay).to_contain_text(texts["field"].replace("{field}", "title"))
        expect(overlay).to_contain_text("manque")
        expect(page.get_by_text(edited_words, exact=False).first).to_be_attached()
        assert page.evaluate("window.__previewMarker") == "same page"

        # Fixed: the overlay goes away.
        index.write_text(original, encoding="utf-8")
        expect(overlay).to_have_count(0, timeout=UPDATE_MS)
        expect(page.get_by_text(words, exact=False).first).to_be_attached()
        assert page.evaluate("window.__previewMarker") == "same page"

        # Drafts are part of the preview, marked as such.
        page.goto(f"{dev_server.url}blog/{DRAFT_SLUG}")
        badge = dev_server.site_json()["settings"]["interface"]["articles"]["draftBadge"]
        expect(page.locator(".article__meta").get_by_text(badge)).to_be_visible(timeout=UPDATE_MS)
    finally:
        context.close()
