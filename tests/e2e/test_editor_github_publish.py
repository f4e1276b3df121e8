"""« Publier » from the carnet, against the fake GitHub: a proposal whose checks are green is
merged (squash, guarded by the head the coach saw), then followed until its Pages deployment
is « En ligne » with a link to the page; a merge GitHub refuses (required review, required
check, no permission, a head that moved, a conflict) is a French sentence with the next step
and loses nothing; « Demander une relecture » asks the maintainers with the reason."""

from __future__ import annotations

import json
import re

import pytest
from playwright.sync_api import Page, expect

from .editor_github import open_file, propose, sign_in
from .fake_github.fixture import fake_github
from .fake_github.server import FakeGitHub
from .pages_server import PagesServer
from .test_editor import field_label
from .test_editor_github_merge import PAGE, coach

__all__ = ["coach", "fake_github"]

SITE = "https://renouer.github.io/site/"


def proposed(page: Page, site: PagesServer, fake: FakeGitHub) -> str:
    """The coach changes the contact page's title and proposes it; the checks go green.
    The proposal's branch."""
    sign_in(page)
    open_file(page, site, "pages/contact.md")
    page.get_by_label(field_label("title"), exact=True).first.fill("Écrivez-nous")
    page.get_by_role("button", name="Enregistrer").click()
    expect(page.get_by_text(re.compile("^Enregistré"))).to_be_visible()
    propose(page, "Contact")
    expect(page.get_by_text(re.compile("Proposé\u00a0: pull request n°\u00a01"))).to_be_visible()
    branch = fake.pulls[0].head
    fake.set_checks(branch, [{"name": "Contenu", "status": "completed", "conclusion": "success"}])
    expect(page.get_by_role("button", name="Publier", exact=True)).to_be_visible()
    return branch


def nothing_published(fake: FakeGitHub, main: str | None, branch: str, head: str | None) -> None:
    assert fake.repo.branch_head("main") == main
    assert fake.repo.branch_head(branch) == head
    assert fake.pulls[0].state == "open" and not fake.pulls[0].merged


def test_publier_merges_the_proposal_and_follows_it_until_the_page_is_online(
    coach: Page, editor_site: PagesServer, fake_github: FakeGitHub
) -> None:
    fake_github.deploy_on_merge = "in_progress"
    main = fake_github.repo.branch_head("main")
    branch = proposed(coach, editor_site, fake_github)
    head = fake_github.repo.branch_head(branch)
    assert head is not None

    coach.get_by_role("button", name="Publier", exact=True).click()

    # Merged: « Publication en cours… » until the deployment of that commit is done.
    expect(
        coach.get_by_role("status").filter(has_text="Le site public se met à jour")
    ).to_contain_text(re.compile("^Publication en cours…"))
    merged = fake_github.repo.branch_head("main")
    assert merged != main and fake_github.repo.parents(merged or "") == [main]
    assert fake_github.repo.files(merged or "") == fake_github.repo.files(head)  # squash
    assert fake_github.pulls[0].merged
    put = fake_github.requests_to("/pulls/1/merge")
    assert [r.method for r in put] == ["PUT"]
    sent = json.loads(put[0].body)
    assert (sent["sha"], sent["merge_method"]) == (head, "squash")  # guarded by the head seen

    fake_github.deploy(merged or "", "success", SITE)
    expect(coach.get_by_role("status").filter(has_text=re.compile("^En ligne$"))).to_be_visible()
    link = coach.get_by_role("link", name="Voir la page en ligne")
    expect(link).to_have_attribute("href", SITE + "contact")


def test_a_failed_deployment_says_so_with_the_run(
    coach: Page, editor_site: PagesServer, fake_github: FakeGitHub
) -> None:
    fake_github.deploy_on_merge = "failure"
    proposed(coach, editor_site, fake_github)
    coach.get_by_role("button", name="Publier", exact=True).click()
    expect(coach.get_by_role("alert")).to_contain_text("La mise en ligne a échoué")
    run = coach.get_by_role("link", name="Voir le déroulement de la publication sur GitHub")
    expect(run).to_have_attribute("href", re.compile(r"/renouer/site/actions/runs/\d+$"))


REFUSALS = {
    "review": "relise et approuve chaque proposition",
    "checks": "la vérification «\u00a0Tests du site\u00a0» n’est pas au vert",
    "permission": "votre compte peut proposer mais pas publier",
    "conflict": "touche les mêmes lignes",
    "stale": "la proposition a changé sur GitHub depuis que vous l’avez vue",
}


@pytest.mark.parametrize(
    ("coach", "refusal"),
    [(1280, refusal) for refusal in REFUSALS] + [(375, "review")],
    indirect=["coach"],
)
def test_a_refused_merge_says_why_and_what_to_do_and_loses_nothing(
    coach: Page, editor_site: PagesServer, fake_github: FakeGitHub, refusal: str
) -> None:
    fake_github.add_user("gestionnaire", "Gestion du site")
    fake_github.maintainers.add("gestionnaire")
    fake_github.deploy_on_merge = "success"
    if refusal == "review":
        fake_github.protect("main", required_reviews=1)
    elif refusal == "checks":
        fake_github.protect("main", required_checks=["Contenu", "Tests du site"])
    elif refusal == "permission":
        fake_github.protect("main", pushers={"gestionnaire"})
    branch = proposed(coach, editor_site, fake_github)
    if refusal == "conflict":
        text = fake_github.repo.files(fake_github.repo.branch_head("main") or "")[PAGE].decode()
        fake_github.push(
            "main", {PAGE: text.replace("title: Contact", "title: Nous").encode()}, "x"
        )
    elif refusal == "stale":
        fake_github.push(branch, {"content/pages/merci.md": b"---\ntitle: Merci\n---\n"}, "y")
    main, head = fake_github.repo.branch_head("main"), fake_github.repo.branch_head(branch)

    coach.get_by_role("button", name="Publier", exact=True).click()

    alert = coach.get_by_role("alert").filter(has_text="Rien n’a été publié")
    expect(alert).to_contain_text(REFUSALS[refusal])
    expect(alert).to_contain_text("rien n’est perdu")
    nothing_published(fake_github, main, branch, head)
    if refusal == "stale":
        # Read again, never merged blind: a second « Publier » merges the head now shown.
        coach.get_by_role("button", name="Publier", exact=True).click()
        expect(coach.get_by_role("link", name="Voir la page en ligne")).to_be_visible()
        assert fake_github.pulls[0].merged
        return
    ask = coach.get_by_role("button", name="Demander une relecture")
    ask.click()
    expect(
        coach.get_by_role("status").filter(has_text="Relecture demandée à gestionnaire.")
    ).to_be_visible()
    assert fake_github.pulls[0].requested_reviewers == ["gestionnaire"]
    assert (
        "Relecture demandée depuis le carnet\u00a0: Rien n’a été publié"
        in fake_github.pulls[0].body
    )
    nothing_published(fake_github, main, branch, head)
