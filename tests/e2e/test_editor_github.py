"""The editor on the published site, against the fake GitHub API (tests/e2e/fake_github):
sign in with a token as the guide says, change files, « Proposer mes modifications », and
see the pull request's checks; every failure shows its French message and loses nothing.

The site, editor page included, is built for the repository « renouer/site » and the API
origin https://api.github.test (GITHUB_REPOSITORY, VITE_GITHUB_API), which the browser
context routes to the fake server: GitHub is replaced at the network boundary only."""

from __future__ import annotations

import io
import os
import re
import shutil
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path

import pytest
from PIL import Image
from playwright.sync_api import Browser, Page, Request, Route, expect
from playwright.sync_api import Error as PlaywrightError

from .bundles import REPO
from .conftest import unavailable
from .fake_github.fixture import fake_github
from .fake_github.server import FakeGitHub
from .pages_server import PagesServer
from .test_editor import cell, cell_label, field_label, folder_title

__all__ = ["fake_github"]

API = "https://api.github.test"
TOKEN = "github_pat_coach"
SETTINGS = "content/reglages/site.md"
PHOTO = (REPO / "content" / "images" / "og-default.png").read_bytes()
PHOTO_PATH = "content/images/rentree.png"


def huge_png() -> bytes:
    """A plain PNG of 40 million pixels and a few more: small on disk, too big to publish."""
    buffer = io.BytesIO()
    Image.new("L", (8000, 5001)).save(buffer, format="PNG")
    return buffer.getvalue()


@pytest.fixture(scope="session")
def editor_site(tmp_path_factory: pytest.TempPathFactory) -> Iterator[PagesServer]:
    if not (REPO / "site" / "node_modules").is_dir():
        unavailable("site/node_modules is missing: run `npm --prefix site ci` (nox -s e2e does)")
    out = tmp_path_factory.mktemp("editor")
    env = {**os.environ, "GITHUB_REPOSITORY": "renouer/site", "VITE_GITHUB_API": API}
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
    with PagesServer(out / "dist") as server:
        yield server


class Network:
    """Every request of the page: GitHub's go to the fake, the site's to its server, and
    any other is recorded and aborted."""

    def __init__(self, fake: FakeGitHub, site: PagesServer) -> None:
        self.fake, self.site = fake, site
        self.offline = False
        self.elsewhere: list[str] = []
        self.seen: list[Request] = []

    def handle(self, route: Route) -> None:
        request = route.request
        self.seen.append(request)
        url = request.url
        if url.startswith(API + "/"):
            if self.offline:
                route.abort("internetdisconnected")
                return
            try:
                response = route.fetch(url=self.fake.url + url[len(API) :])
                route.fulfill(response=response)
            except PlaywrightError:  # the page or context closed meanwhile
                pass
        elif url.startswith(self.site.origin):
            route.continue_()
        else:
            self.elsewhere.append(url)
            route.abort()


@pytest.fixture
def editor(
    browser: Browser, editor_site: PagesServer, fake_github: FakeGitHub
) -> Iterator[tuple[Page, Network]]:
    context = browser.new_context(viewport={"width": 1280, "height": 900}, locale="fr-FR")
    network = Network(fake_github, editor_site)
    context.route("**/*", network.handle)
    page = context.new_page()
    page.logs = []  # type: ignore[attr-defined]
    page.on("console", lambda message: page.logs.append(message.text))  # type: ignore[attr-defined]
    page.goto(editor_site.url_for("/editeur/"))
    yield page, network
    context.unroute_all(behavior="ignoreErrors")
    context.close()


def sign_in(page: Page, token: str = TOKEN, remember: bool = False) -> None:
    page.get_by_label("Jeton d’accès personnel").fill(token)
    if remember:
        page.get_by_label("Se souvenir sur cet appareil").check()
    page.get_by_role("button", name="Se connecter à GitHub").click()


def test_sign_in_refuses_an_expired_token_then_accepts_the_guides(
    editor: tuple[Page, Network], fake_github: FakeGitHub
) -> None:
    page, network = editor
    sign_in(page, "github_pat_expired")
    expect(page.get_by_role("alert")).to_contain_text("expiré")
    sign_in(page)
    expect(page.get_by_text("Connecté à GitHub\u00a0: coach")).to_be_visible()
    expect(page.get_by_role("button", name="Se déconnecter")).to_be_visible()
    page.get_by_role("button", name="Se déconnecter").click()
    expect(page.get_by_role("button", name="Se connecter à GitHub")).to_be_visible()
    assert (
        page.evaluate("Object.keys(sessionStorage).length + Object.keys(localStorage).length") == 0
    )
    assert network.elsewhere == []


# --------------------------------------------------------------------------- helpers


def open_file(page: Page, site: PagesServer, path: str) -> None:
    page.goto(site.url_for("/editeur/") + f"#fichier={path}")
    expect(page.get_by_role("button", name="Enregistrer")).to_be_visible()


def change_first_price(page: Page, site: PagesServer, amount: str) -> None:
    open_file(page, site, "reglages/site.md")
    page.get_by_label(field_label("amount"), exact=True).first.fill(amount)
    page.get_by_role("button", name="Enregistrer").click()
    expect(page.get_by_text(re.compile("^Enregistré"))).to_be_visible()


def propose(page: Page, title: str) -> None:
    page.get_by_label("Titre de la proposition").fill(title)
    page.get_by_role("button", name="Proposer mes modifications").click()


def changed_files(fake: FakeGitHub, old: str, new: str) -> dict[str, bytes | None]:
    before, after = fake.repo.files(old), fake.repo.files(new)
    return {p: after.get(p) for p in before.keys() | after.keys() if before.get(p) != after.get(p)}


def contenu_check(fake: FakeGitHub, commit: str, folder: Path) -> subprocess.CompletedProcess[str]:
    for path, data in fake.repo.files(commit).items():
        target = folder / path
        target.parent.mkdir(parents=True, exist_ok=True)
        target.write_bytes(data)
    cli = shutil.which("contenu") or str(Path(sys.executable).with_name("contenu"))
    return subprocess.run([cli, "check", str(folder / "content")], capture_output=True,
                          text=True, check=False, cwd=folder)  # fmt: skip


# --------------------------------------------------------------------------- proposing


def test_a_price_and_a_new_article_become_one_commit_and_one_pull_request(
    editor: tuple[Page, Network], editor_site: PagesServer, fake_github: FakeGitHub,
    tmp_path: Path,
) -> None:  # fmt: skip
    page, network = editor
    main = fake_github.repo.branch_head("main")
    assert main is not None
    sign_in(page)
    change_first_price(page, editor_site, "275")
    page.goto(editor_site.url_for("/editeur/"))
    articles = page.get_by_role("region", name=folder_title("articles"))
    articles.get_by_role("button", name=re.compile("^Nouveau")).click()
    articles.get_by_label("Titre", exact=True).fill("Rentrée sereine")
    articles.get_by_role("button", name="Créer").click()
    expect(page.get_by_role("button", name="Enregistrer")).to_be_visible()
    # A photo from the phone or the computer, in a figure of the article.
    page.get_by_role("button", name="Ajouter une cellule").last.click()
    page.get_by_role("button", name=re.compile("^" + re.escape(cell_label("figure")))).click()
    figure = cell(page, "figure")
    figure.get_by_text("Choisir une image").click()
    upload = figure.get_by_label("Ajouter une image depuis cet appareil")
    # Above the pipeline's pixel limit: refused in contenu check's words, nothing stored.
    upload.set_input_files(
        files=[{"name": "Panorama.png", "mimeType": "image/png", "buffer": huge_png()}]
    )
    expect(figure.get_by_role("alert")).to_contain_text("image trop grande (8000 × 5001 pixels")
    upload.set_input_files(
        files=[{"name": "Rentrée.png", "mimeType": "image/png", "buffer": PHOTO}]
    )
    expect(figure.get_by_text("/images/rentree.png")).to_be_visible()
    expect(figure.get_by_role("alert")).to_have_count(0)
    figure.get_by_label(field_label("alt"), exact=True).fill("Un cartable prêt pour la rentrée.")
    page.get_by_role("button", name="Enregistrer").click()
    expect(page.get_by_text(re.compile("^Enregistré"))).to_be_visible()
    expect(page.get_by_text("3 fichiers à proposer.")).to_be_visible()

    propose(page, "Nouveaux prix")
    expect(page.get_by_text(re.compile("Proposé\u00a0: pull request n°\u00a01"))).to_be_visible()

    branches = {b for b in fake_github.repo.branches() if b.startswith("contenu/")}
    assert len(branches) == 1
    branch = branches.pop()
    assert re.fullmatch(r"contenu/\d{4}-\d{2}-\d{2}-nouveaux-prix", branch)
    head = fake_github.repo.branch_head(branch)
    assert head is not None and fake_github.repo.parents(head) == [main]
    changes = changed_files(fake_github, main, head)
    assert sorted(changes) == ["content/articles/rentree-sereine.md", PHOTO_PATH, SETTINGS]
    assert changes[PHOTO_PATH] == PHOTO
    old_settings = fake_github.repo.files(main)[SETTINGS].decode()
    new_settings = changes[SETTINGS]
    assert new_settings is not None
    diff = [(a, b) for a, b in zip(old_settings.splitlines(), new_settings.decode().splitlines(),
                                   strict=True) if a != b]  # fmt: skip
    assert len(diff) == 1 and diff[0][1].strip().endswith("275")
    checked = contenu_check(fake_github, head, tmp_path / "branch")
    assert checked.returncode == 0, checked.stdout + checked.stderr

    assert len(fake_github.pulls) == 1
    pull = fake_github.pulls[0]
    assert pull.head == branch and pull.title == "Contenu\u00a0: Nouveaux prix"
    assert "## Modifications du contenu" in pull.body and "Réglages du site" in pull.body
    assert "Article « rentree-sereine »" in pull.body

    # A second save in the same session: one more commit on the same branch and pull request.
    change_first_price(page, editor_site, "280")
    propose(page, "Nouveaux prix")
    expect(page.get_by_text(re.compile("Proposé\u00a0: pull request n°\u00a01"))).to_be_visible()
    expect(page.get_by_text("Aucune modification à proposer.")).to_be_visible()
    second = fake_github.repo.branch_head(branch)
    assert second is not None and fake_github.repo.parents(second) == [head]
    assert list(changed_files(fake_github, head, second)) == [SETTINGS]
    assert len(fake_github.pulls) == 1

    assert_token_kept_secret(page, network, fake_github)


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


# --------------------------------------------------------------------------- checks


def test_the_checks_verdict_and_each_annotation_are_shown(
    editor: tuple[Page, Network], editor_site: PagesServer, fake_github: FakeGitHub
) -> None:
    page, _ = editor
    sign_in(page)
    change_first_price(page, editor_site, "199")
    propose(page, "Prix")
    expect(page.get_by_text("Vérifications\u00a0: en cours")).to_be_visible()
    branch = next(b for b in fake_github.repo.branches() if b.startswith("contenu/"))
    annotations = [
        {"path": SETTINGS, "line": 40, "title": "Prix → pack → montant",
         "message": "Le montant doit être un nombre."},
        {"path": SETTINGS, "line": 46, "title": "Prix → séance → montant",
         "message": "Le montant doit être un nombre."},
        {"path": "content/pages/contact.md", "line": 15, "title": "Formulaire → titre",
         "message": "Le titre du formulaire est trop long."},
        {"path": "content/pages/contact.md", "line": 24, "title": "Formulaire → objet du message",
         "message": "L’objet du message est vide."},
    ]  # fmt: skip
    fake_github.set_checks(branch, [
        {"name": "Contenu", "status": "completed", "conclusion": "failure",
         "annotations": annotations},
        {"name": "Tests du site", "status": "completed", "conclusion": "success"},
    ])  # fmt: skip
    expect(page.get_by_text("Vérifications\u00a0: échec")).to_be_visible()
    for annotation in annotations:
        expect(
            page.get_by_role("link", name=re.compile(re.escape(annotation["title"])))
        ).to_be_visible()
    # In the notebook, each annotation shows at its cell, under its field (the line's key).
    on_title, on_subject = annotations[2:]
    page.get_by_role("link", name=re.compile(re.escape(on_title["title"]))).click()
    form = cell(page, "contact-form")
    for annotation, key in ((on_title, "title"), (on_subject, "subject")):
        expect(form.get_by_label(field_label(key), exact=True)).to_have_accessible_description(
            re.compile(re.escape(annotation["message"]))
        )
    expect(form.get_by_label(field_label("title"), exact=True)).not_to_have_accessible_description(
        re.compile(re.escape(on_subject["message"]))
    )
    expect(cell(page, "hero")).not_to_contain_text(on_title["message"])

    change_first_price(page, editor_site, "260")
    propose(page, "Prix")
    expect(page.get_by_text("Aucune modification à proposer.")).to_be_visible()
    fake_github.set_checks(
        branch, [{"name": "Contenu", "status": "completed", "conclusion": "success"}]
    )
    expect(page.get_by_text("Vérifications\u00a0: réussi")).to_be_visible()
    expect(page.get_by_text(re.compile("^Tout est vert"))).to_be_visible()


# --------------------------------------------------------------------------- conflicts
# A colleague's change on main, merged or asked about field by field: test_editor_github_merge.py


# --------------------------------------------------------------------------- failures


@pytest.mark.parametrize(
    ("failure", "words"),
    [
        ({"status": 403, "match": "POST /graphql", "kind": "rate_limit"}, "limite le nombre"),
        ({"status": 429, "match": "GET /repos/.*/git/ref/"}, "limite le nombre"),
        ({"status": 502, "match": "POST /graphql"}, "erreur 502"),
        ({"status": 403, "match": "POST /repos/.*/git/refs", "kind": "permission"},
         "«\u00a0Contents\u00a0» doit être en «\u00a0Read and write\u00a0»"),
        ({"status": 401, "match": "GET /repos/.*/git/ref/"}, "expiré"),
        ({"offline": True}, "Pas de connexion"),
    ],
)  # fmt: skip
def test_each_failure_says_what_happened_in_french_and_loses_nothing(
    editor: tuple[Page, Network], editor_site: PagesServer, fake_github: FakeGitHub,
    failure: dict[str, object], words: str,
) -> None:  # fmt: skip
    page, network = editor
    sign_in(page, remember=True)
    change_first_price(page, editor_site, "290")
    main = fake_github.repo.branch_head("main")
    if failure.get("offline"):
        network.offline = True
    else:
        fake_github.fail(**failure)  # type: ignore[arg-type]
    propose(page, "Prix")
    panel = page.get_by_role("region", name="Proposition sur GitHub")
    expect(panel.get_by_role("alert")).to_contain_text(words)
    expect(page.get_by_text("1 fichier à proposer.")).to_be_visible()
    assert fake_github.pulls == [] and fake_github.repo.branch_head("main") == main

    # Nothing is lost: the change is still there after a reload, and is proposed once the
    # cause is gone (« Réessayer » when GitHub may answer later, or a new sign-in).
    network.offline = False
    page.reload()
    if failure.get("status") == 401:
        fake_github.revoke(TOKEN)
        fake_github.add_token("github_pat_new", "coach", repositories={fake_github.full_name})
        page.reload()
        sign_in(page, "github_pat_new")
    expect(page.get_by_text("1 fichier à proposer.")).to_be_visible()
    propose(page, "Prix")
    expect(page.get_by_text(re.compile("Proposé\u00a0: pull request n°\u00a01"))).to_be_visible()
    head = fake_github.repo.branch_head(fake_github.pulls[0].head)
    assert head is not None
    assert b"290" in (fake_github.repo.files(head)[SETTINGS])
    # A branch left empty by the failed attempt is taken up again, not doubled.
    assert len([b for b in fake_github.repo.branches() if b.startswith("contenu/")]) == 1


def test_after_an_expired_token_and_a_new_sign_in_the_same_pull_request_goes_on(
    editor: tuple[Page, Network], editor_site: PagesServer, fake_github: FakeGitHub
) -> None:
    page, _ = editor
    sign_in(page)
    change_first_price(page, editor_site, "265")
    propose(page, "Prix")
    expect(page.get_by_text(re.compile("Proposé\u00a0: pull request n°\u00a01"))).to_be_visible()
    branch = fake_github.pulls[0].head
    first = fake_github.repo.branch_head(branch)

    change_first_price(page, editor_site, "270")
    fake_github.revoke(TOKEN)
    propose(page, "Prix")
    panel = page.get_by_role("region", name="Proposition sur GitHub")
    expect(panel.get_by_role("alert")).to_contain_text("expiré")
    fake_github.add_token("github_pat_new", "coach", repositories={fake_github.full_name})
    page.reload()
    sign_in(page, "github_pat_new")
    expect(page.get_by_text("1 fichier à proposer.")).to_be_visible()
    propose(page, "Prix")
    expect(page.get_by_text("Aucune modification à proposer.")).to_be_visible()

    assert len(fake_github.pulls) == 1
    head = fake_github.repo.branch_head(branch)
    assert head is not None and fake_github.repo.parents(head) == [first]
    assert b"270" in fake_github.repo.files(head)[SETTINGS]


def test_content_with_an_error_can_be_proposed_and_the_button_says_why_it_will_not_pass(
    editor: tuple[Page, Network], editor_site: PagesServer, fake_github: FakeGitHub
) -> None:
    page, _ = editor
    sign_in(page)
    open_file(page, editor_site, "pages/contact.md")
    page.get_by_label(field_label("title"), exact=True).first.fill("")
    page.get_by_role("button", name="Enregistrer").click()
    expect(page.get_by_text(re.compile("^Enregistré comme brouillon"))).to_be_visible()
    button = page.get_by_role("button", name="Proposer mes modifications")
    expect(button).to_have_accessible_description(
        re.compile("vérification «\u00a0Contenu\u00a0» échouera")
    )
    propose(page, "Titre du contact")
    expect(page.get_by_text(re.compile("Proposé\u00a0: pull request n°\u00a01"))).to_be_visible()
    assert "❌ 1 erreur à corriger" in fake_github.pulls[0].body
