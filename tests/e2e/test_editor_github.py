"""The editor on the published site, against the fake GitHub API (tests/e2e/fake_github):
sign in with a token as the guide says, change files, « Proposer mes modifications », and
see the pull request's checks; every failure shows its French message and loses nothing.
The build, the network and the common steps are editor_github.py's."""

from __future__ import annotations

import re
import shutil
import subprocess
import sys
from pathlib import Path

import pytest
from playwright.sync_api import Page, expect

from .editor_github import (
    PHOTO,
    PHOTO_PATH,
    SETTINGS,
    TOKEN,
    Network,
    assert_token_kept_secret,
    change_first_price,
    changed_files,
    editor,
    huge_png,
    open_file,
    propose,
    sign_in,
)
from .fake_github.fixture import fake_github
from .fake_github.server import FakeGitHub
from .pages_server import PagesServer
from .test_editor import cell, cell_label, field_label, folder_title

__all__ = ["editor", "fake_github"]


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
    # Back to the list in the same page: a reload would ask for the token again (it is
    # kept in memory only, test_editor_vault.py).
    page.goto(editor_site.url_for("/editeur/") + "#")
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
    sign_in(page)
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

    # Nothing is lost: the change is still there after a reload (and a new sign-in: the
    # token is kept in memory only), and is proposed once the cause is gone.
    network.offline = False
    page.reload()
    if failure.get("status") == 401:
        fake_github.revoke(TOKEN)
        fake_github.add_token("github_pat_new", "coach", repositories={fake_github.full_name})
        sign_in(page, "github_pat_new")
    else:
        sign_in(page)
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
    # What will happen to it, and no « brouillon » the file does not say (issue 30).
    saved = page.get_by_text(re.compile("^Enregistré, avec 1 erreur.*mises en ligne"))
    expect(saved).to_be_visible()
    button = page.get_by_role("button", name="Proposer mes modifications")
    expect(button).to_have_accessible_description(
        re.compile("vérification «\u00a0Contenu\u00a0» échouera")
    )
    propose(page, "Titre du contact")
    expect(page.get_by_text(re.compile("Proposé\u00a0: pull request n°\u00a01"))).to_be_visible()
    assert "❌ 1 erreur à corriger" in fake_github.pulls[0].body


#: « Enregistrer » then « Proposer mes modifications » in one task, before the page renders
#: again: a thumb faster than the save (the save's verdict takes long on a slow phone).
SAVE_THEN_PROPOSE = """() => {
  const button = (name) =>
    [...document.querySelectorAll("button")].find((b) => b.innerText === name);
  button("Enregistrer").click();
  button("Proposer mes modifications").click();
}"""


def test_proposer_tapped_while_the_save_runs_waits_for_it_and_proposes_the_change(
    editor: tuple[Page, Network], editor_site: PagesServer, fake_github: FakeGitHub
) -> None:
    page, _ = editor
    sign_in(page)
    open_file(page, editor_site, "reglages/site.md")
    page.get_by_label(field_label("amount"), exact=True).first.fill("275")
    page.get_by_label("Titre de la proposition").fill("Prix")
    page.evaluate(SAVE_THEN_PROPOSE)
    expect(page.get_by_text(re.compile("Proposé\u00a0: pull request n°\u00a01"))).to_be_visible()
    expect(page.get_by_role("dialog")).to_have_count(0)
    head = fake_github.repo.branch_head(fake_github.pulls[0].head)
    assert head is not None
    assert b"275" in fake_github.repo.files(head)[SETTINGS]
    # One commit of hers on the branch: the file was written once, then proposed.
    assert len(fake_github.repo.parents(head)) == 1
