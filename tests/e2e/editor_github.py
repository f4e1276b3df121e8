"""The editor on the published site against the fake GitHub API (tests/e2e/fake_github): the
editor's build, the browser's network, and the steps every such test takes (sign in, open a
file, save, propose). The build is a session fixture of conftest.py (made once for every
test module that uses it).

The site, editor page included, is built for the repository « renouer/site » and the API
origin https://api.github.test (GITHUB_REPOSITORY, VITE_GITHUB_API), which the browser
context routes to the fake server: GitHub is replaced at the network boundary only."""

from __future__ import annotations

import contextlib
import io
import os
import shutil
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path

import pytest
from PIL import Image
from playwright.sync_api import Browser, BrowserContext, Page, Request, Route, expect
from playwright.sync_api import Error as PlaywrightError

from .bundles import REPO
from .conftest import unavailable
from .fake_github.server import FakeGitHub
from .pages_server import PagesServer
from .test_editor import field_label, saved

API = "https://api.github.test"
REPOSITORY = "renouer/site"
TOKEN = "github_pat_coach"
SETTINGS = "content/reglages/site.md"
PHOTO = (REPO / "content" / "images" / "og-default.png").read_bytes()
PHOTO_PATH = "content/images/rentree.png"


def huge_png() -> bytes:
    """A plain PNG of 40 million pixels and a few more: small on disk, too big to publish."""
    buffer = io.BytesIO()
    Image.new("L", (8000, 5001)).save(buffer, format="PNG")
    return buffer.getvalue()


def _prebuilt_editor_site() -> Path | None:
    """The carnet's site `nox -s e2e` built (E2E_SITES/editor, with the noxfile's
    EDITOR_SITE_ENV: this module's repository and API origin), or None without E2E_SITES."""
    given = os.environ.get("E2E_SITES")
    if not given:
        return None
    dist = Path(given) / "editor"
    scripts = [p.read_text(errors="replace") for p in dist.rglob("*.js")]
    if not any(API in text and REPOSITORY in text for text in scripts):
        pytest.fail(f"E2E_SITES is set but {dist} is not the carnet built for {API}", pytrace=False)
    return dist


@pytest.fixture(scope="session")
def editor_site(tmp_path_factory: pytest.TempPathFactory) -> Iterator[PagesServer]:
    prebuilt = _prebuilt_editor_site()
    if prebuilt is not None:
        with PagesServer(prebuilt) as server:
            yield server
        return
    with PagesServer(build_carnet_site(tmp_path_factory.mktemp("editor"))) as server:
        yield server


def build_carnet_site(out: Path, **env: str) -> Path:
    """`contenu build` then the site build into ``out``/dist, as the noxfile's e2e session
    makes its carnet sites: for this module's repository and API origin, and ``env`` (both
    builds see it)."""
    if not (REPO / "site" / "node_modules").is_dir():
        unavailable("site/node_modules is missing: run `npm --prefix site ci` (nox -s e2e does)")
    env = {**os.environ, "GITHUB_REPOSITORY": REPOSITORY, "VITE_GITHUB_API": API, **env}
    cli = shutil.which("contenu") or str(Path(sys.executable).with_name("contenu"))
    contenu = [cli, "build", "--out", str(out / "content")]
    build = ["npm", "--prefix", "site", "run", "build"]
    paths = {"OUT_DIR": str(out / "dist"), "CONTENU_OUT": str(out / "content")}
    for command, extra in ((contenu, {}), (build, paths)):
        done = subprocess.run(
            command, cwd=REPO, env={**env, **extra}, capture_output=True, text=True, check=False
        )
        if done.returncode:
            pytest.fail(f"{command} failed:\n{done.stdout}{done.stderr}"[-3000:], pytrace=False)
    return out / "dist"


class Network:
    """Every request of the page: GitHub's go to the fake, the site's to its server, and
    any other is recorded and aborted."""

    def __init__(self, fake: FakeGitHub, site: PagesServer) -> None:
        self.fake, self.site = fake, site
        self.offline = False
        self.elsewhere: list[str] = []
        self.seen: list[Request] = []
        #: While set, each commit sent to GitHub waits in `held` until `release()`: what
        #: another tab does meanwhile is then done during a proposal.
        self.hold_commits = False
        #: While set, each file read from GitHub (GET …/contents/…) waits in `held` too: what
        #: the carnet shows while GitHub is slow to answer.
        self.hold_file_reads = False
        #: While set, each reading of the open pull requests (« Mes propositions ») made after a
        #: commit reached GitHub waits too: the reading that follows a proposal, not one the
        #: sign-in started and the carnet may still be waiting for.
        self.hold_listings = False
        #: Commits sent on to GitHub so far (held ones are not counted).
        self.commits = 0
        self.held: list[Route] = []

    def handle(self, route: Route) -> None:
        request = route.request
        self.seen.append(request)
        url = request.url
        if url.startswith(API + "/"):
            if self.offline:
                route.abort("internetdisconnected")
                return
            commit = "createCommitOnBranch" in (request.post_data or "")
            if self.hold_commits and commit:
                self.held.append(route)
                return
            if self.hold_file_reads and request.method == "GET" and "/contents/" in url:
                self.held.append(route)
                return
            self.commits += commit
            listing = request.method == "GET" and "/pulls?state=open&sort=" in url
            if self.hold_listings and self.commits and listing:
                self.held.append(route)
                return
            self._forward(route)
        elif url.startswith(self.site.origin):
            route.continue_()
        else:
            self.elsewhere.append(url)
            route.abort()

    def _forward(self, route: Route) -> None:
        try:
            response = route.fetch(url=self.fake.url + route.request.url[len(API) :])
            route.fulfill(response=response)
        except PlaywrightError:  # the page or context closed meanwhile
            pass

    def release(self, *, required: bool = True) -> None:
        """Send the requests held so far on to GitHub, and hold no more (``required``: at
        least one was held)."""
        assert self.held or not required, "no request was held"
        held, self.held = self.held, []
        self.hold_commits = self.hold_file_reads = self.hold_listings = False
        for route in held:
            self._forward(route)


@contextlib.contextmanager
def routed_context(browser: Browser, network: Network) -> Iterator[BrowserContext]:
    """A browser context at a computer's width, in French, whose every request goes
    through ``network``."""
    context = browser.new_context(viewport={"width": 1280, "height": 900}, locale="fr-FR")
    context.route("**/*", network.handle)
    try:
        yield context
    finally:
        context.unroute_all(behavior="ignoreErrors")
        context.close()


@pytest.fixture
def editor(
    browser: Browser, editor_site: PagesServer, fake_github: FakeGitHub
) -> Iterator[tuple[Page, Network]]:
    network = Network(fake_github, editor_site)
    with routed_context(browser, network) as context:
        page = context.new_page()
        page.logs = []  # type: ignore[attr-defined]
        page.on("console", lambda message: page.logs.append(message.text))  # type: ignore[attr-defined]
        page.goto(editor_site.url_for("/editeur/"))
        yield page, network


def sign_in(page: Page, token: str = TOKEN, remember: bool = False) -> None:
    page.get_by_label("Jeton d’accès personnel").fill(token)
    if remember:
        page.get_by_label("Se souvenir sur cet appareil").check()
    page.get_by_role("button", name="Se connecter à GitHub").click()


def signed_in(page: Page, token: str = TOKEN) -> None:
    """Signed in, from the sign-in form if the page shows it (a new tab, a reload)."""
    form = page.get_by_role("button", name="Se connecter à GitHub")
    expect(form.or_(page.get_by_role("button", name="Se déconnecter"))).to_be_visible()
    if form.is_visible():
        sign_in(page, token)
    expect(page.get_by_role("button", name="Se déconnecter")).to_be_visible()


def open_file(page: Page, site: PagesServer, path: str) -> None:
    page.goto(site.url_for("/editeur/") + f"#fichier={path}")
    expect(page.get_by_role("button", name="Enregistrer")).to_be_visible()


def change_first_price(page: Page, site: PagesServer, amount: str) -> None:
    open_file(page, site, "reglages/site.md")
    page.get_by_label(field_label("amount"), exact=True).first.fill(amount)
    saved(page)


def propose(page: Page, title: str) -> None:
    page.get_by_label("Titre de la proposition").fill(title)
    page.get_by_role("button", name="Proposer mes modifications").click()


def changed_files(fake: FakeGitHub, old: str, new: str) -> dict[str, bytes | None]:
    before, after = fake.repo.files(old), fake.repo.files(new)
    return {p: after.get(p) for p in before.keys() | after.keys() if before.get(p) != after.get(p)}


def assert_token_kept_secret(page: Page, network: Network, fake: FakeGitHub) -> None:
    """Only in the Authorization header of requests to the API: never in a URL, a body, a
    log, IndexedDB or a request to another host."""
    assert network.elsewhere == []
    for request in network.seen:
        assert TOKEN not in request.url
        assert TOKEN not in (request.post_data or "")
        authorization = request.headers.get("authorization")
        if authorization:
            assert request.url.startswith(API + "/") and authorization == f"Bearer {TOKEN}"
    assert all(TOKEN not in r.path for r in fake.requests)
    assert all(TOKEN not in text for text in page.logs)  # type: ignore[attr-defined]
    dump = page.evaluate(INDEXED_DB_DUMP)
    assert "github_pat" not in dump and dump != ""


#: Every record of every IndexedDB database of the page, as one JSON string.
INDEXED_DB_DUMP = """async () => {
  const out = [];
  for (const { name } of await indexedDB.databases()) {
    const db = await new Promise((ok, ko) => {
      const r = indexedDB.open(name);
      r.onsuccess = () => ok(r.result);
      r.onerror = ko;
    });
    for (const store of db.objectStoreNames) {
      const all = await new Promise((ok) => {
        const r = db.transaction(store).objectStore(store).getAll();
        r.onsuccess = () => ok(r.result);
      });
      out.push([name, store, all]);
    }
    db.close();
  }
  return JSON.stringify(out);
}"""
