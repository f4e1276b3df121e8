"""Fixtures of the end-to-end suite: the two builds served like GitHub Pages, one Chromium
per session, a fresh context per test with every third party stubbed at the network edge.

``nox -s e2e`` builds the site at a root domain and under ``/coaching/`` into $E2E_SITES
(``root/`` and ``sub/``, each beside the content build it was made from, ``root-content/``
and ``sub-content/``). Without E2E_SITES the session builds both itself into a temp dir.
"""

from __future__ import annotations

import json
import os
import re
import shutil
import subprocess
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from datetime import UTC, datetime
from pathlib import Path
from typing import Any
from urllib.parse import urlsplit

import pytest
from playwright.sync_api import (
    Browser,
    BrowserContext,
    ConsoleMessage,
    Page,
    expect,
    sync_playwright,
)

from ci_mode import IN_CI

from .bundles import REPO, Bundles
from .helpers import PATIENCE_MS
from .pages_server import PagesServer
from .third_party import ThirdParties

#: Build name → SITE_URL, as in noxfile.py's e2e session.
BUILDS = {"root": "https://example.org/", "sub": "https://example.org/coaching/"}
CHROMIUM = os.environ.get("E2E_CHROMIUM", "/usr/bin/chromium")
CHROMIUM_ARGS = [
    "--headless",
    "--no-sandbox",
    "--disable-gpu",
    "--disable-quic",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
]
DESKTOP = {"width": 1280, "height": 800}
MOBILE = {"width": 375, "height": 812}
SCREENSHOTS = REPO / "screenshots"

# Every `expect(...)` of the suite waits as long as a page does (helpers.PATIENCE_MS).
expect.set_options(timeout=PATIENCE_MS)

# What React (dev or production build) prints when the prerendered HTML does not match.
HYDRATION_PROBLEM = re.compile(
    r"hydrat|did not match|server rendered HTML|Minified React error #(418|419|421|422|423|425)",
    re.IGNORECASE,
)


def unavailable(reason: str) -> None:
    """Missing prerequisites fail in CI (never a silent pass) and skip on a dev machine."""
    if IN_CI:
        pytest.fail(reason, pytrace=False)
    pytest.skip(reason)


# --------------------------------------------------------------------------- builds


def run(cmd: list[str], env: dict[str, str], cwd: Path = REPO) -> None:
    """Runs a build step; its output is shown only if it fails."""
    done = subprocess.run(
        cmd, cwd=cwd, env={**os.environ, **env}, capture_output=True, text=True, check=False
    )
    if done.returncode != 0:
        tail = (done.stdout + done.stderr)[-4000:]
        pytest.fail(f"{' '.join(cmd)} failed (exit {done.returncode}):\n{tail}", pytrace=False)


def content_of(dist: Path) -> Path:
    """The content build a site build was made from (``root/`` → ``root-content/``)."""
    return dist.with_name(dist.name + "-content")


def build_site(site_url: str, dist: Path, source: Path = REPO / "content") -> None:
    """`contenu build` of ``source`` then `npm run build` for ``site_url``, as
    ``nox -s build`` does; the content build goes beside ``dist`` (:func:`content_of`)."""
    content = content_of(dist)
    contenu = shutil.which("contenu")
    if contenu is None:
        unavailable("the `contenu` CLI is not installed: pip install -e '.[e2e]'")
    assert contenu is not None
    command = [contenu, "build", "--content", str(source), "--out", str(content)]
    run(command, {"SITE_URL": site_url})
    run(
        ["npm", "--prefix", str(REPO / "site"), "run", "build"],
        {"SITE_URL": site_url, "OUT_DIR": str(dist), "CONTENU_OUT": str(content)},
    )


@pytest.fixture(scope="session")
def built_sites(tmp_path_factory: pytest.TempPathFactory) -> dict[str, Path]:
    given = os.environ.get("E2E_SITES")
    if given:
        sites = {name: Path(given) / name for name in BUILDS}
        missing = [
            str(p)
            for p in sites.values()
            if not (p / "index.html").is_file() or not (content_of(p) / "routes.json").is_file()
        ]
        if missing:
            pytest.fail(f"E2E_SITES is set but these builds are missing: {missing}", pytrace=False)
        return sites
    if not (REPO / "site" / "package.json").is_file():
        unavailable("site/ does not exist yet: nothing to test end to end")
    if not (REPO / "site" / "node_modules").is_dir():
        unavailable("site/node_modules is missing: run `npm --prefix site ci` (nox -s e2e does)")
    out = tmp_path_factory.mktemp("e2e-sites")
    for name, site_url in BUILDS.items():
        build_site(site_url, out / name)
    return {name: out / name for name in BUILDS}


@pytest.fixture(scope="session")
def bundles(built_sites: dict[str, Path]) -> Bundles:
    """The content of the root-domain build (URLs differ under a sub-path: see rebase)."""
    return Bundles(content_of(built_sites["root"]))


@dataclass
class Site:
    """One build of the site, served like GitHub Pages."""

    name: str
    dist: Path
    site_url: str
    server: PagesServer
    bundles: Bundles

    @property
    def base_path(self) -> str:
        return self.server.base_path

    def url(self, route: str) -> str:
        """Browser URL of a route written root-relative in the content (``/contact``)."""
        return self.server.url_for(route)

    def path(self, route: str) -> str:
        """Path part of that URL (``/coaching/contact``)."""
        return self.base_path + route.lstrip("/")

    def url_re(self, route: str) -> re.Pattern[str]:
        """Matches the route's URL with or without a trailing slash (Pages redirects)."""
        stem = re.escape(self.url(route).rstrip("/"))
        return re.compile(stem + r"/?(?:[?#].*)?$")

    def public_url(self, route: str) -> str:
        """The route's public URL at SITE_URL (canonical, og:url)."""
        return self.site_url + route.lstrip("/")


@pytest.fixture(scope="session", params=list(BUILDS))
def site(request: pytest.FixtureRequest, built_sites: dict[str, Path]) -> Iterator[Site]:
    name = request.param
    base_path = urlsplit(BUILDS[name]).path
    dist = built_sites[name]
    with PagesServer(dist, base_path) as server:
        yield Site(name, dist, BUILDS[name], server, Bundles(content_of(dist)))


# --------------------------------------------------------------------------- browser


@pytest.fixture(scope="session")
def browser() -> Iterator[Browser]:
    if not Path(CHROMIUM).exists():
        unavailable(
            f"Chromium not found at {CHROMIUM} (apt-get install chromium, or set E2E_CHROMIUM)"
        )
    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
        yield browser
        browser.close()


@dataclass
class PageWatch:
    """Console messages and uncaught errors of one page."""

    page: Page
    console: list[ConsoleMessage] = field(default_factory=list)
    errors: list[str] = field(default_factory=list)

    def __post_init__(self) -> None:
        self.page.on("console", lambda message: self.console.append(message))
        self.page.on(
            "pageerror",
            lambda error: self.errors.append(f"{self.page.url}: {error.name}: {error.message}"),
        )

    def messages(self, *types: str) -> list[str]:
        return [
            f"[{m.type}] {m.text} ({m.location.get('url', '')})"
            for m in self.console
            if not types or m.type in types
        ]

    def hydration_problems(self) -> list[str]:
        return [m for m in self.messages() if HYDRATION_PROBLEM.search(m)]


# Stores a consent choice once per context (a test may change it afterwards).
STORE_CHOICE = """([key, value]) => {
  try { if (localStorage.getItem(key) === null) localStorage.setItem(key, value); } catch (e) {}
}"""
#: Where the site keeps the visitor's consent choice (site/src/behaviours/consent.ts).
CONSENT_KEY = "renouer.consent.meta-pixel"


class Visit:
    """One browser context of a test: its pages, their logs, and the third parties contacted.

    ``choice`` is the consent choice already made ("refused" by default, so the banner does
    not cover what a test looks at); ``None`` is a first visit, banner shown."""

    def __init__(
        self,
        browser: Browser,
        choice: str | None = "refused",
        bundles: Bundles | None = None,
        **options: Any,
    ) -> None:
        settings: dict[str, Any] = {
            "viewport": DESKTOP,
            "locale": "fr-FR",
            "timezone_id": "Europe/Paris",
            "service_workers": "block",
        }
        settings.update(options)
        self.context: BrowserContext = browser.new_context(**settings)
        self.context.set_default_timeout(PATIENCE_MS)
        self.third_parties = ThirdParties(bundles or Bundles()).install(self.context)
        if choice is not None:
            date = datetime.now(UTC).strftime("%Y-%m-%dT%H:%M:%S.000Z")
            stored = json.dumps({"choice": choice, "date": date})
            self.context.add_init_script(f"({STORE_CHOICE})({json.dumps([CONSENT_KEY, stored])})")
        self._watches: dict[int, PageWatch] = {}
        self.context.on("page", self.watch)

    def watch(self, page: Page) -> PageWatch:
        if id(page) not in self._watches:
            self._watches[id(page)] = PageWatch(page)
        return self._watches[id(page)]

    def new_page(self) -> Page:
        page = self.context.new_page()
        self.watch(page)
        return page

    def problems(self) -> list[str]:
        found = []
        for watch in self._watches.values():
            found += [f"uncaught error on {e}" for e in watch.errors]
            found += [
                f"hydration warning on {watch.page.url}: {m}" for m in watch.hydration_problems()
            ]
        return found

    def close(self) -> None:
        self.context.close()


@pytest.fixture
def new_visit(browser: Browser, site: Site) -> Iterator[Callable[..., Visit]]:
    """Opens browser contexts; at the end, any uncaught page error or hydration warning fails."""
    visits: list[Visit] = []

    def open_visit(**options: Any) -> Visit:
        visit = Visit(browser, bundles=site.bundles, **options)
        visits.append(visit)
        return visit

    yield open_visit
    problems = [p for v in visits for p in v.problems()]
    for visit in visits:
        visit.close()
    if problems:
        pytest.fail("\n".join(problems), pytrace=False)


@pytest.fixture
def visit(new_visit: Callable[..., Visit]) -> Visit:
    return new_visit()


@pytest.fixture
def page(visit: Visit) -> Page:
    return visit.new_page()


@pytest.fixture
def third_parties(visit: Visit) -> ThirdParties:
    return visit.third_parties


@pytest.fixture
def watch(visit: Visit, page: Page) -> PageWatch:
    return visit.watch(page)


# --------------------------------------------------------------------------- test processes

#: The test modules that start `contenu dev`. Vite's dev server keeps the dependencies it
#: optimised in site/node_modules/.vite, which a server starting on an empty cache replaces as a
#: whole, and test_dev_preview.py checks that the port its server used is free once stopped:
#: under pytest-xdist these modules run one after the other, in one process. Kept whole by
#: pytest_itemcollected below.
CONTENU_DEV_MODULES = frozenset(
    f"test_{name}.py"
    for name in ("dev_preview", "editor", "editor_advice", "editor_coach_list", "editor_dev_vault",
                 "editor_hostile", "editor_saves", "editor_typed_values", "editor_writing")
)  # fmt: skip
CONTENU_DEV_GROUP = "contenu dev"


def _serves_carnet(module: object) -> bool:
    """Whether a test module starts `contenu dev`: it holds (defines or imports) one of the
    suite's ways to start it."""
    from . import test_dev_preview, test_editor

    ways = {
        "start_dev": test_dev_preview.start_dev,
        "serve_carnet": test_editor.serve_carnet,
        "editor": test_editor.editor,
    }
    return any(getattr(module, name, None) is way for name, way in ways.items())


def pytest_itemcollected(item: pytest.Item) -> None:
    module = getattr(item, "module", None)
    name = Path(item.nodeid.split("::")[0]).name
    if module is not None and _serves_carnet(module) and name not in CONTENU_DEV_MODULES:
        raise pytest.UsageError(f"{name} starts `contenu dev`: add it to CONTENU_DEV_MODULES")


def _test_process_scope(nodeid: str) -> str:
    """What runs whole in one test process: a test module, or every CONTENU_DEV_MODULES."""
    module = nodeid.split("::")[0]
    return CONTENU_DEV_GROUP if Path(module).name in CONTENU_DEV_MODULES else module


@pytest.hookimpl(optionalhook=True)  # pytest-xdist's hook: none without it
def pytest_xdist_make_scheduler(config: pytest.Config, log: Any) -> Any:
    """Under `pytest -n N` (nox -s e2e), each test module runs in one process from its first
    test to its last (its servers and builds are made once), and the modules that start
    `contenu dev` in one process (CONTENU_DEV_MODULES). xdist's own `--dist loadgroup` marks
    no group with pytest 9.2 (it rewrites a node id attribute pytest no longer reads)."""
    from xdist.scheduler import LoadScopeScheduling

    class ModuleScheduling(LoadScopeScheduling):  # type: ignore[misc]
        def _split_scope(self, nodeid: str) -> str:
            return _test_process_scope(nodeid)

    return ModuleScheduling(config, log)


# The editor built for GitHub (session): defined once here, so that every test module of the
# editor on GitHub shares one build. Imported last: editor_github.py uses this module.
from .editor_github import editor_site  # noqa: E402

__all__ = ["editor_site"]
