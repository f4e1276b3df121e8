"""« Mes propositions » (issue 29, items 3 and 6), in Chromium against the fake GitHub, from the
site built for GitHub, at 375 px and 1280 px: the open proposals made from the carnet, by the
coach and by the others, found from GitHub alone by a new browser; opening one puts the
carnet on its branch and « Proposer » adds a commit to that same pull request; « Retirer la
proposition » closes it and deletes its branch after a question; a page another proposal
changes says so at the top, with a link that opens it. And the whole journey of « Done when »
(line 1): a new article typed with its live preview, proposed, continued on a phone,
published, online."""

from __future__ import annotations

import re
from collections.abc import Iterator
from datetime import datetime
from zoneinfo import ZoneInfo

import pytest
from playwright.sync_api import Browser, BrowserContext, Locator, Page, expect

from contenu.pipeline.validate import process

from .editor_github import Network, open_file, propose, sign_in
from .fake_github.fixture import fake_github
from .fake_github.server import FakeGitHub
from .pages_server import PagesServer
from .test_editor import field_label, folder_title
from .test_editor_github_merge import coach
from .test_editor_github_preview import (
    ARTICLE,
    TYPED,
    _source,
    _variables,
    built_prose,
    expect_built,
    shown_preview,
)

__all__ = ["coach", "fake_github"]

SITE = "https://renouer.github.io/site/"
CONTACT = "content/pages/contact.md"
PRICES = "content/reglages/site.md"
MONTHS = "janvier février mars avril mai juin juillet août septembre octobre novembre décembre"
GREEN = [{"name": "Contenu", "status": "completed", "conclusion": "success"}]
RED = [{"name": "Contenu", "status": "completed", "conclusion": "failure"}]


def today() -> str:
    """Today as the carnet writes a date, in the browser's time zone (Europe/Paris)."""
    now = datetime.now(ZoneInfo("Europe/Paris"))
    return f"{now.day} {MONTHS.split()[now.month - 1]} {now.year}"


def proposals(page: Page) -> Locator:
    region = page.get_by_role("region", name="Mes propositions")
    expect(region).to_be_visible()
    return region


def proposal_item(page: Page, title: str) -> Locator:
    expect(proposals(page).get_by_role("link", name=title, exact=True)).to_be_visible()
    link = page.get_by_role("link", name=title, exact=True)
    return proposals(page).get_by_role("listitem").filter(has=link)


def main_text(fake: FakeGitHub, path: str) -> str:
    return fake.repo.files(fake.repo.branch_head("main") or "")[path].decode()


def colleague_proposal(fake: FakeGitHub) -> int:
    """Sophie Martin's open proposal, made with the carnet: the contact page's title."""
    fake.add_user("sophie", "Sophie Martin")
    text = main_text(fake, CONTACT).replace("title: Contact", "title: Contactez Sophie", 1)
    pull = fake.open_pull_as("sophie", "contenu/2026-11-20-contact", {CONTACT: text.encode()},
                             "Contenu : page contact")  # fmt: skip
    return pull.number


def no_sideways_scroll(page: Page) -> None:
    width = page.evaluate("document.documentElement.scrollWidth")
    assert width <= page.viewport_size["width"], width  # type: ignore[index]


def test_mes_propositions_lists_every_open_proposal_of_the_carnet_with_its_state(
    coach: Page, fake_github: FakeGitHub
) -> None:
    fake = fake_github
    sophie = colleague_proposal(fake)
    prices = main_text(fake, PRICES).replace("60", "65", 1).encode()
    title = main_text(fake, CONTACT).replace("title: Contact", "title: Nous", 1).encode()
    mine = fake.open_pull_as("coach", "contenu/2026-11-21-prix", {PRICES: prices}, "Contenu : prix")
    conflicting = fake.open_pull_as("coach", "contenu/2026-11-22-titre", {CONTACT: title},
                                    "Contenu : titre").number  # fmt: skip
    gone = {"content/faq/tarifs.md": None}
    fake.open_pull_as("coach", "contenu/2026-11-23-attente", gone, "Contenu : attente")
    # Not the carnet's: a branch of another name.
    fake.open_pull_as("sophie", "refonte-du-site", {"content/pages/tarifs.md": b"x"}, "Refonte")
    fake.set_checks("contenu/2026-11-21-prix", GREEN)
    fake.set_checks("contenu/2026-11-20-contact", RED)
    # Sophie's change of the same line reached main: the coach's « titre » now conflicts.
    fake.merge(sophie)
    assert fake.pulls[conflicting - 1].state == "open" and mine.state == "open"

    sign_in(coach)
    region = proposals(coach)
    expect(region.get_by_role("link", name="Refonte")).to_have_count(0)
    # Merged: no longer a proposal.
    expect(region.get_by_role("link", name="Contenu\u00a0: page contact")).to_have_count(0)
    states = {
        "Contenu\u00a0: prix": "prête à publier",
        "Contenu\u00a0: titre": "en conflit",
        "Contenu\u00a0: attente": "en cours de vérification",
    }
    for title, state in states.items():
        item = proposal_item(coach, title)
        expect(item).to_contain_text(f"par Claire Delmas, le {today()}")
        expect(item).to_contain_text(f"État\u00a0: {state}")
    expect(proposal_item(coach, "Contenu\u00a0: prix")).to_contain_text("Réglages du site")
    expect(proposal_item(coach, "Contenu\u00a0: attente").get_by_role("listitem")).to_have_count(1)
    no_sideways_scroll(coach)


def test_a_colleagues_proposal_is_listed_with_her_name_and_red_checks_say_a_corriger(
    coach: Page, fake_github: FakeGitHub
) -> None:
    colleague_proposal(fake_github)
    fake_github.set_checks("contenu/2026-11-20-contact", RED)
    sign_in(coach)
    item = proposal_item(coach, "Contenu\u00a0: page contact")
    expect(item).to_contain_text("par Sophie Martin")
    expect(item).to_contain_text("État\u00a0: à corriger")
    expect(item).to_contain_text("contact")
    # Few requests: one listing, then the proposal's pull request, files and checks, and
    # its author's name (docs/decisions.md « The carnet's proposals… »).
    gets = [r.path for r in fake_github.requests if r.method == "GET"]
    assert len([p for p in gets if "/pulls?state=open" in p]) == 1
    assert len([p for p in gets if re.search(r"/pulls/1(\?|$)", p)]) == 1
    assert len([p for p in gets if "/pulls/1/files" in p]) == 1
    assert len([p for p in gets if p.startswith("/users/")]) == 1


def test_a_page_another_proposal_changes_says_so_at_the_top_and_opens_it(
    coach: Page, editor_site: PagesServer, fake_github: FakeGitHub
) -> None:
    number = colleague_proposal(fake_github)
    sign_in(coach)
    expect(proposals(coach).get_by_role("link", name="Contenu\u00a0: page contact")).to_be_visible()
    open_file(coach, editor_site, "pages/contact.md")
    warning = coach.get_by_role("note").filter(has_text="propose déjà")
    said = f"Sophie Martin propose déjà une modification de cette page (n°\u00a0{number})."
    expect(warning).to_have_text(re.compile("^" + re.escape(said)))
    title = coach.get_by_label(field_label("title"), exact=True).first
    expect(title).to_have_value("Contact")
    warning.get_by_role("link", name=f"Ouvrir la proposition n°\u00a0{number}").click()
    # On her branch now: her title, and no warning about the proposal being edited.
    expect(coach.get_by_label(field_label("title"), exact=True).first).to_have_value(
        "Contactez Sophie"
    )
    expect(coach.get_by_role("note").filter(has_text="propose déjà")).to_have_count(0)
    expect(proposal_item(coach, "Contenu\u00a0: page contact")).to_contain_text(
        "ouverte dans le carnet"
    )
    no_sideways_scroll(coach)
    # Back to the published version: the title as it is on main, and the warning again.
    proposals(coach).get_by_role("button", name="Revenir à la version publiée").click()
    expect(coach.get_by_label(field_label("title"), exact=True).first).to_have_value("Contact")
    expect(coach.get_by_role("note").filter(has_text="propose déjà")).to_be_visible()


def test_a_proposal_is_not_opened_over_changes_not_yet_proposed(
    coach: Page, editor_site: PagesServer, fake_github: FakeGitHub
) -> None:
    colleague_proposal(fake_github)
    sign_in(coach)
    open_file(coach, editor_site, "pages/contact.md")
    coach.get_by_label(field_label("title"), exact=True).first.fill("Écrivez-nous")
    coach.get_by_role("button", name="Enregistrer").click()
    expect(coach.get_by_text(re.compile("^Enregistré"))).to_be_visible()
    proposals(coach).get_by_role("link", name="Contenu\u00a0: page contact").click()
    said = proposals(coach).get_by_role("status").filter(has_text="pas encore proposées")
    expect(said).to_contain_text("proposez-les ou retirez-les")
    # Still on the published version, her change kept.
    expect(coach.get_by_label(field_label("title"), exact=True).first).to_have_value("Écrivez-nous")
    expect(coach.get_by_role("status").filter(has_text="1 fichier à proposer")).to_be_visible()


def test_retirer_la_proposition_asks_then_closes_it_and_deletes_its_branch(
    coach: Page, fake_github: FakeGitHub
) -> None:
    number = colleague_proposal(fake_github)
    branch = fake_github.pulls[number - 1].head
    sign_in(coach)
    item = proposal_item(coach, "Contenu\u00a0: page contact")
    item.get_by_role("button", name="Retirer la proposition").click()
    question = item.get_by_role("group", name="Retirer la proposition")
    expect(question).to_contain_text("proposée par Sophie Martin")
    question.get_by_role("button", name="Annuler").click()
    expect(question).to_have_count(0)
    assert fake_github.pulls[number - 1].state == "open"  # nothing done without a yes

    item.get_by_role("button", name="Retirer la proposition").click()
    item.get_by_role("button", name="Oui, retirer").click()
    region = proposals(coach)
    expect(region.get_by_role("status").filter(has_text="est retirée")).to_be_visible()
    expect(region).to_contain_text("Aucune proposition en cours.")
    assert (
        fake_github.pulls[number - 1].state == "closed" and not fake_github.pulls[number - 1].merged
    )
    assert fake_github.repo.branch_head(branch) is None


# ---------------------------------------------------------------------- the whole journey


def carnet(
    browser: Browser, site: PagesServer, fake: FakeGitHub, width: int
) -> tuple[BrowserContext, Page]:
    """A new browser (nothing remembered), signed in at `width`."""
    context = browser.new_context(
        viewport={"width": width, "height": 900}, locale="fr-FR", timezone_id="Europe/Paris"
    )
    context.route("**/*", Network(fake, site).handle)
    page = context.new_page()
    page.goto(site.url_for("/editeur/"))
    sign_in(page)
    expect(page.get_by_role("button", name="Se déconnecter")).to_be_visible()
    return context, page


@pytest.fixture
def contexts() -> Iterator[list[BrowserContext]]:
    made: list[BrowserContext] = []
    yield made
    for context in made:
        context.unroute_all(behavior="ignoreErrors")
        context.close()


def test_a_new_article_from_the_first_key_to_online_across_two_devices(
    browser: Browser,
    editor_site: PagesServer,
    fake_github: FakeGitHub,
    contexts: list[BrowserContext],
) -> None:
    fake = fake_github
    fake.deploy_on_merge = "in_progress"
    variables = _variables(fake)

    # At her computer: a new article, each key previewed as the build renders it.
    context, page = carnet(browser, editor_site, fake, 1280)
    contexts.append(context)
    articles = page.get_by_role("region", name=folder_title("articles"))
    articles.get_by_role("button", name=re.compile("^Nouveau")).click()
    articles.get_by_label("Titre", exact=True).fill("Rentrée sereine")
    articles.get_by_role("button", name="Créer").click()
    prose = page.get_by_role("group", name="Texte", exact=True)
    box = prose.get_by_role("textbox")
    region = shown_preview(prose)
    box.fill("")
    # « Entrée » starts a paragraph (the blank line with it): one press for each "\n\n".
    for key in TYPED.replace("\n\n", "\n"):
        box.press("Enter") if key == "\n" else box.press_sequentially(key)
        expect_built(page, region, built_prose(box.input_value(), variables))
    expect(region.get_by_role("heading", name="Un sous-titre")).to_be_visible()
    expect(region.get_by_role("link", name="lien")).to_be_visible()
    page.get_by_role("button", name="Enregistrer").click()
    expect(page.get_by_text(re.compile("^Enregistré"))).to_be_visible()
    propose(page, "Rentrée sereine")
    expect(page.get_by_text(re.compile("Proposé\u00a0: pull request n°\u00a01"))).to_be_visible(
        timeout=30_000
    )
    assert len(fake.pulls) == 1
    branch = fake.pulls[0].head
    first = fake.repo.branch_head(branch)
    context.close()
    contexts.remove(context)

    # The next day, on her phone: a new browser finds the proposal on GitHub.
    context, phone = carnet(browser, editor_site, fake, 375)
    contexts.append(context)
    phone.get_by_role("region", name="Mes propositions").get_by_role(
        "link", name="Contenu\u00a0: Rentrée sereine", exact=True
    ).click()
    expect(proposal_item(phone, "Contenu\u00a0: Rentrée sereine")).to_contain_text(
        "ouverte dans le carnet"
    )
    open_file(phone, editor_site, ARTICLE)
    box = phone.get_by_role("group", name="Texte", exact=True).get_by_role("textbox")
    expect(box).to_have_value(TYPED)  # read from the proposal's branch
    changed = TYPED.replace("Premier paragraphe", "Tout premier paragraphe")
    box.fill(changed)
    phone.get_by_role("button", name="Enregistrer").click()
    expect(phone.get_by_text(re.compile("^Enregistré"))).to_be_visible()
    phone.get_by_role("button", name="Proposer mes modifications").click()
    expect(phone.get_by_text(re.compile("Proposé\u00a0: pull request n°\u00a01"))).to_be_visible(
        timeout=30_000
    )

    # The same pull request has a second commit; no other pull request exists.
    assert len(fake.pulls) == 1 and fake.pulls[0].state == "open"
    head = fake.repo.branch_head(branch) or ""
    assert fake.repo.parents(head) == [first]
    assert [b for b in fake.repo.branches() if b.startswith("contenu/")] == [branch]
    committed = fake.repo.files(head)[f"content/{ARTICLE}"]
    cells = process(_source(ARTICLE), committed, variables).cells
    assert "Tout premier paragraphe" in next(c.html for c in cells if c.name is None)

    # The checks go green; « Publier » merges; the deployment succeeds; « En ligne ».
    fake.set_checks(branch, GREEN)
    phone.get_by_role("button", name="Publier", exact=True).click()
    expect(
        phone.get_by_role("status").filter(has_text="Le site public se met à jour")
    ).to_be_visible()
    assert fake.pulls[0].merged
    fake.deploy(fake.repo.branch_head("main") or "", "success", SITE)
    expect(phone.get_by_role("status").filter(has_text=re.compile("^En ligne$"))).to_be_visible()
    link = phone.get_by_role("link", name="Voir la page en ligne")
    expect(link).to_have_attribute("href", re.compile(f"^{re.escape(SITE)}.*rentree-sereine$"))
    no_sideways_scroll(phone)
