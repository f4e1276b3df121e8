"""The coach's work on GitHub, attacked (issue 32): it belongs to her repository and login,
nothing foreign is proposed without her seeing it, two tabs lose nothing, a proposal
merged, closed or whose branch is gone makes the next one start afresh, an upload never
replaces a file, a title is one bounded line. In Chromium against the fake GitHub."""

from __future__ import annotations

import io
import re
import unicodedata

import pytest
from PIL import Image
from playwright.sync_api import Page, expect

from .editor_github import (
    SETTINGS,
    Network,
    change_first_price,
    changed_files,
    editor,
    open_file,
    propose,
    sign_in,
    signed_in,
)
from .fake_github.fixture import fake_github
from .fake_github.server import FakeGitHub
from .pages_server import PagesServer
from .test_editor import cell, cell_label, field_label

__all__ = ["editor", "fake_github"]

PROPOSED = re.compile("Proposé\u00a0: pull request n°\u00a0(\\d+)")
SCOPE = "github:renouer/site:coach"

#: A script of the site's origin writing a change « to propose » into the carnet's store.
PLANT = """([record]) => new Promise((resolve, reject) => {
  const open = indexedDB.open("carnet-github");
  open.onsuccess = () => {
    const db = open.result;
    const tx = db.transaction("a-proposer", "readwrite");
    tx.objectStore("a-proposer").put(record);
    tx.oncomplete = () => { db.close(); resolve(true); };
    tx.onerror = () => reject(tx.error);
  };
  open.onerror = () => reject(open.error);
})"""


def small_png() -> bytes:
    buffer = io.BytesIO()
    Image.new("RGB", (64, 48), (200, 120, 60)).save(buffer, format="PNG")
    return buffer.getvalue()


def pending_count(page: Page, count: int) -> None:
    words = "Aucune modification à proposer." if count == 0 else f"{count} fichier"
    expect(page.get_by_role("status").filter(has_text=words).first).to_be_visible()


def panel(page: Page):  # type: ignore[no-untyped-def]
    return page.get_by_role("region", name="Proposition sur GitHub")


def review_item(page: Page, path: str):  # type: ignore[no-untyped-def]
    return panel(page).get_by_role("listitem").filter(has_text=f"content/{path}")


# --------------------------------------------------------------------------- whose work


def test_a_coachs_changes_are_hers_and_sign_out_asks_to_propose_or_erase_them(
    editor: tuple[Page, Network], editor_site: PagesServer, fake_github: FakeGitHub
) -> None:
    page, _ = editor
    fake_github.add_user("lea", "Léa Martin")
    fake_github.add_token("github_pat_lea", "lea", repositories={fake_github.full_name})
    sign_in(page)
    change_first_price(page, editor_site, "275")
    pending_count(page, 1)

    # Another person on the same device (a tab without this session) starts with nothing.
    other = page.context.new_page()
    other.goto(editor_site.url_for("/editeur/"))
    signed_in(other, "github_pat_lea")
    pending_count(other, 0)
    other.close()

    # « Se déconnecter » says what is left, and leaves nothing unasked.
    page.get_by_role("button", name="Se déconnecter").click()
    ask = page.get_by_role("group", name=re.compile("Se déconnecter"))
    expect(ask).to_contain_text("1 fichier pas encore proposé sur cet appareil")
    ask.get_by_role("button", name="Rester connecté").click()
    pending_count(page, 1)
    page.get_by_role("button", name="Se déconnecter").click()
    page.get_by_role("button", name="Effacer et se déconnecter").click()
    expect(page.get_by_role("button", name="Se connecter à GitHub")).to_be_visible()
    sign_in(page)
    pending_count(page, 0)
    assert fake_github.pulls == []


def test_sign_out_can_propose_first(
    editor: tuple[Page, Network], editor_site: PagesServer, fake_github: FakeGitHub
) -> None:
    page, _ = editor
    sign_in(page)
    change_first_price(page, editor_site, "285")
    page.get_by_label("Titre de la proposition").fill("Prix")
    page.get_by_role("button", name="Se déconnecter").click()
    page.get_by_role("button", name="Proposer puis se déconnecter").click()
    expect(page.get_by_role("button", name="Se connecter à GitHub")).to_be_visible()
    assert len(fake_github.pulls) == 1
    head = fake_github.repo.branch_head(fake_github.pulls[0].head)
    assert head is not None and b"285" in fake_github.repo.files(head)[SETTINGS]


def test_a_change_planted_by_a_script_of_the_origin_is_shown_and_removed_before_proposing(
    editor: tuple[Page, Network], editor_site: PagesServer, fake_github: FakeGitHub
) -> None:
    page, _ = editor
    main = fake_github.repo.branch_head("main")
    assert main is not None
    settings = fake_github.repo.files(main)[SETTINGS].decode()
    calendly = re.search(r"https://calendly\.com/[^\s\"']+", settings)
    assert calendly, "the settings name a Calendly address"
    planted = settings.replace(calendly[0], "https://calendly.com/escroc/appel")
    sign_in(page)
    open_file(page, editor_site, "pages/contact.md")
    page.get_by_label(field_label("title"), exact=True).first.fill("Écrivez-nous")
    page.get_by_role("button", name="Enregistrer").click()
    expect(page.get_by_text(re.compile("^Enregistré"))).to_be_visible()
    # The attack: a script of the origin writes into the carnet's store, as the carnet would.
    page.evaluate(PLANT, [{"scope": SCOPE, "path": "reglages/site.md", "text": planted}])
    page.evaluate(PLANT, [{"scope": SCOPE, "path": "../README.md", "text": "# pris"}])
    page.reload()
    signed_in(page)

    # A path outside content/ is dropped, and said so in French.
    expect(panel(page).get_by_role("alert")).to_contain_text(
        "«\u00a0../README.md\u00a0» a été retiré des modifications à proposer"
    )
    # Every file to propose is listed with what it changes: the planted address shows.
    pending_count(page, 2)
    planted_item = review_item(page, "reglages/site.md")
    planted_item.get_by_text(re.compile("Voir les différences")).click()
    expect(planted_item).to_contain_text("+ ")
    expect(planted_item).to_contain_text("https://calendly.com/escroc/appel")
    expect(review_item(page, "pages/contact.md")).to_contain_text("Écrivez-nous")
    planted_item.get_by_role("button", name=re.compile("^Retirer")).click()
    pending_count(page, 1)

    propose(page, "Contact")
    expect(page.get_by_text(PROPOSED)).to_be_visible()
    head = fake_github.repo.branch_head(fake_github.pulls[0].head)
    assert head is not None
    assert list(changed_files(fake_github, main, head)) == ["content/pages/contact.md"]


def test_a_file_outside_content_does_not_open(
    editor: tuple[Page, Network], editor_site: PagesServer, fake_github: FakeGitHub
) -> None:
    page, _ = editor
    sign_in(page)
    expect(page.get_by_role("button", name="Se déconnecter")).to_be_visible()
    for path in ("../README.md", ".github/workflows/site.yml", "content/../../etc"):
        page.goto(editor_site.url_for("/editeur/") + f"#fichier={path}")
        expect(page.get_by_role("alert")).to_contain_text("ne s’ouvre pas dans le carnet")
        expect(page.get_by_role("button", name="Enregistrer")).to_have_count(0)
    assert not [r for r in fake_github.requests if "README" in r.path or ".github" in r.path]


# --------------------------------------------------------------------------- two tabs


def test_a_change_saved_in_another_tab_during_a_proposal_is_kept(
    editor: tuple[Page, Network], editor_site: PagesServer, fake_github: FakeGitHub
) -> None:
    first, network = editor
    sign_in(first)
    change_first_price(first, editor_site, "275")
    second = first.context.new_page()
    second.goto(editor_site.url_for("/editeur/"))
    signed_in(second)
    pending_count(second, 1)

    network.hold_commits = True
    with first.expect_request(lambda r: "createCommitOnBranch" in (r.post_data or "")):
        propose(first, "Prix")
    # While the first tab's commit is on its way, the second saves the same file again.
    change_first_price(second, editor_site, "280")
    network.release()
    expect(first.get_by_text(PROPOSED)).to_be_visible()
    branch = fake_github.pulls[0].head
    first_commit = fake_github.repo.branch_head(branch)
    assert first_commit is not None and b"275" in fake_github.repo.files(first_commit)[SETTINGS]

    # The second tab's change was not erased by the first one's proposal.
    first.reload()
    signed_in(first)
    pending_count(first, 1)
    item = review_item(first, "reglages/site.md")
    item.get_by_text(re.compile("Voir les différences")).click()
    expect(item).to_contain_text("280")
    propose(first, "Prix")
    expect(first.get_by_text("Aucune modification à proposer.")).to_be_visible()
    head = fake_github.repo.branch_head(branch)
    assert head is not None and b"280" in fake_github.repo.files(head)[SETTINGS]


def test_a_save_over_another_tabs_newer_save_shows_both_versions(
    editor: tuple[Page, Network], editor_site: PagesServer, fake_github: FakeGitHub
) -> None:
    first, _ = editor
    sign_in(first)
    change_first_price(first, editor_site, "275")
    second = first.context.new_page()
    second.goto(editor_site.url_for("/editeur/"))
    signed_in(second)
    change_first_price(second, editor_site, "280")
    # The first tab still shows its own save: saving over the second's is refused, both shown.
    first.get_by_label(field_label("amount"), exact=True).first.fill("290")
    first.get_by_role("button", name="Enregistrer").click()
    expect(first.get_by_role("alert").filter(has_text="Rien n’a été enregistré")).to_be_visible()
    conflict = first.get_by_role("region", name=re.compile("Conflit dans"))
    expect(conflict).to_contain_text("280")
    expect(conflict).to_contain_text("290")
    conflict.get_by_role("radio", name="Garder ma version", exact=True).check()  # hers, the 290
    conflict.get_by_role("button", name="Garder ces choix").click()
    first.get_by_role("button", name="Enregistrer").click()
    expect(first.get_by_text(re.compile("^Enregistré"))).to_be_visible()
    propose(first, "Prix")
    expect(first.get_by_text(PROPOSED)).to_be_visible()
    head = fake_github.repo.branch_head(fake_github.pulls[0].head)
    assert head is not None and b"290" in fake_github.repo.files(head)[SETTINGS]


# --------------------------------------------------------------------------- proposals that ended


@pytest.mark.parametrize("ending", ["merged", "closed", "branch deleted"])
def test_after_a_proposal_ended_the_next_one_opens_a_new_pull_request(
    editor: tuple[Page, Network], editor_site: PagesServer, fake_github: FakeGitHub, ending: str
) -> None:
    page, _ = editor
    sign_in(page)
    change_first_price(page, editor_site, "275")
    propose(page, "Prix")
    expect(page.get_by_text(PROPOSED)).to_have_text(re.compile("n°\u00a01"))
    first = fake_github.pulls[0]
    if ending == "merged":
        fake_github.merge(first.number)
    elif ending == "closed":
        fake_github.close(first.number)
    else:
        fake_github.delete_branch(first.head)
    main = fake_github.repo.branch_head("main")

    change_first_price(page, editor_site, "299")
    propose(page, "Prix de rentrée")
    expect(page.get_by_text(PROPOSED)).to_have_text(re.compile("n°\u00a02"))
    expect(panel(page).get_by_role("alert")).to_have_count(0)
    second = fake_github.pulls[1]
    assert second.state == "open" and second.head != first.head
    head = fake_github.repo.branch_head(second.head)
    assert head is not None and fake_github.repo.parents(head) == [main]
    assert b"299" in fake_github.repo.files(head)[SETTINGS]


# --------------------------------------------------------------------------- uploads, titles


def test_an_upload_named_like_an_existing_image_takes_a_free_name(
    editor: tuple[Page, Network], editor_site: PagesServer, fake_github: FakeGitHub
) -> None:
    page, _ = editor
    main = fake_github.repo.branch_head("main")
    assert main is not None
    sign_in(page)
    open_file(page, editor_site, "articles/routines-apaisantes.md")
    page.get_by_role("button", name="Ajouter une cellule").last.click()
    page.get_by_role("button", name=re.compile("^" + re.escape(cell_label("figure")))).click()
    figure = cell(page, "figure")
    figure.get_by_text("Choisir une image").click()
    other = small_png()  # not the bytes of content/images/og-default.png
    figure.get_by_label("Ajouter une image depuis cet appareil").set_input_files(
        files=[{"name": "og-default.png", "mimeType": "image/png", "buffer": other}]
    )
    expect(figure.get_by_text("/images/og-default-2.png")).to_be_visible()
    figure.get_by_label(field_label("alt"), exact=True).fill("Une photo.")
    page.get_by_role("button", name="Enregistrer").click()
    expect(page.get_by_text(re.compile("^Enregistré"))).to_be_visible()
    propose(page, "Photo")
    expect(page.get_by_text(PROPOSED)).to_be_visible()
    head = fake_github.repo.branch_head(fake_github.pulls[0].head)
    assert head is not None
    changed = changed_files(fake_github, main, head)
    assert "content/images/og-default.png" not in changed
    assert changed["content/images/og-default-2.png"] == other


def test_a_title_is_one_bounded_line_without_control_or_bidirectional_characters(
    editor: tuple[Page, Network], editor_site: PagesServer, fake_github: FakeGitHub
) -> None:
    page, _ = editor
    sign_in(page)
    change_first_price(page, editor_site, "275")
    hostile = "Prix\u202e\u2066 ordinaires\u0007\n" + "très " * 73
    assert len(hostile) > 369
    field = page.get_by_label("Titre de la proposition")
    # Typed, pasted, or set by a script: the value as sent is bounded and cleaned.
    field.evaluate("input => input.removeAttribute('maxlength')")
    field.fill(hostile)
    page.get_by_role("button", name="Proposer mes modifications").click()
    expect(page.get_by_text(PROPOSED)).to_be_visible()
    pull = fake_github.pulls[0]
    head = fake_github.repo.branch_head(pull.head)
    assert head is not None
    headline = fake_github.repo.message(head).splitlines()[0]
    for text in (pull.title, headline, pull.head):
        assert len(text) <= 90, text
        assert not [c for c in text if unicodedata.category(c) in ("Cc", "Cf")], ascii(text)
    assert pull.title.startswith("Contenu\u00a0: Prix ordinaires très")
