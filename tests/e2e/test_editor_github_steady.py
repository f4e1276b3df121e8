"""Nothing under the coach's finger moves while GitHub answers: what the panel above the open
document learns late (GitHub's version of a file waiting to be proposed) takes the place it
keeps for it. A row that grew there pushed « Enregistrer » down between the press and the
release of a tap on a busy phone, and the tap was lost (seen under load in CI). Chromium,
375 px, the fake GitHub."""

from __future__ import annotations

import re

import pytest
from playwright.sync_api import FloatRect, Page, expect

from .editor_github import Network, editor, open_file, propose, sign_in
from .fake_github.fixture import fake_github
from .pages_server import PagesServer
from .test_editor import cell, field_label

__all__ = ["editor", "fake_github"]


def contact_page_on_a_phone(page: Page, site: PagesServer, width: int = 375) -> None:
    """Signed in at ``width`` (a phone's by default), the contact page open, « Mes
    propositions » read once."""
    page.set_viewport_size({"width": width, "height": 800})
    sign_in(page)
    open_file(page, site, "pages/contact.md")
    expect(page.get_by_text("Aucune proposition en cours.")).to_be_visible()


def assert_in_place(now: FloatRect | None, before: FloatRect | None) -> None:
    """Where it was, to the pixel (the browser keeps a scroll adjustment to a fraction)."""
    assert now is not None and before is not None
    moved = {k: round(now[k] - before[k], 2) for k in ("x", "y", "width", "height")}
    assert all(abs(d) < 1 for d in moved.values()), moved


def test_the_document_stays_put_while_github_versions_are_read(
    editor: tuple[Page, Network], editor_site: PagesServer
) -> None:
    page, network = editor
    contact_page_on_a_phone(page, editor_site)
    network.hold_file_reads = True
    cell(page, "hero").get_by_label(field_label("title"), exact=True).fill("Parlons-en")
    save = page.get_by_role("button", name="Enregistrer")
    save.click()
    expect(page.get_by_text(re.compile("^Enregistré"))).to_be_visible()
    review = page.get_by_role("region", name="Ce qui sera proposé")
    expect(review).to_contain_text("Lecture de la version de GitHub…")
    page.evaluate("window.scrollTo(0, 0)")
    before = save.bounding_box()

    network.release()
    expect(review).to_contain_text("modifié · 1 ligne ajoutée, 1 retirée")
    assert_in_place(save.bounding_box(), before)


# In sight with the panel above it, and far under it (the panel scrolled out of sight).
@pytest.mark.parametrize("cell_name", ["hero", "contact-form"])
def test_the_first_change_typed_moves_no_field(
    editor: tuple[Page, Network], editor_site: PagesServer, cell_name: str
) -> None:
    page, _ = editor
    contact_page_on_a_phone(page, editor_site)
    field = cell(page, cell_name).get_by_label(field_label("title"), exact=True)
    field.scroll_into_view_if_needed()
    before = field.bounding_box()
    field.press("End")
    field.press_sequentially("!")
    expect(page.get_by_text("Modifications non enregistrées")).to_be_visible()
    assert_in_place(field.bounding_box(), before)


def test_the_document_stays_put_when_my_proposals_are_read_again(
    editor: tuple[Page, Network], editor_site: PagesServer
) -> None:
    """After « Proposer », « Mes propositions » is read again and grows by the new proposal,
    above the document she goes on with."""
    page, network = editor
    contact_page_on_a_phone(page, editor_site)
    title = cell(page, "hero").get_by_label(field_label("title"), exact=True)
    title.fill("Parlons-en")
    network.hold_listings = True
    propose(page, "Contact")
    answer = page.get_by_text(re.compile("^Proposé\u00a0: pull request n°\u00a01"))
    expect(answer).to_be_in_viewport()
    # She goes on with the document, the new list not read yet.
    title = cell(page, "hero").get_by_label(field_label("title"), exact=True)
    title.fill("Parlons-en vite")
    save = page.get_by_role("button", name="Enregistrer")
    save.scroll_into_view_if_needed()
    before = save.bounding_box()

    # Most often the new list's reading is held by now; if not yet made, it is not held.
    network.release(required=False)
    mine = page.get_by_role("region", name="Mes propositions")
    expect(mine.get_by_text("ouverte dans le carnet")).to_be_visible()
    assert_in_place(save.bounding_box(), before)


#: Where « Proposer mes modifications » is beside « Enregistrer », in the same sticky bar, at
#: every frame from now on (window.places): a scroll moves both, a line that wraps does not.
RECORD_PROPOSE_PLACES = """() => {
  window.places = [];
  const button = (name) =>
    [...document.querySelectorAll("button")].find((b) => b.innerText === name);
  const frame = () => {
    const save = button("Enregistrer") ?? button("Enregistrement…");
    const propose = button("Proposer mes modifications");
    if (save && propose) {
      const [a, b] = [save.getBoundingClientRect(), propose.getBoundingClientRect()];
      window.places.push(`${Math.round(b.left - a.left)},${Math.round(b.top - a.top)}`);
    }
    requestAnimationFrame(frame);
  };
  requestAnimationFrame(frame);
}"""


@pytest.mark.parametrize("width", [375, 1280])
def test_proposer_keeps_its_place_while_the_document_is_saved(
    editor: tuple[Page, Network], editor_site: PagesServer, width: int
) -> None:
    """She taps « Enregistrer », then « Proposer » right away: the first button says
    « Enregistrement… » meanwhile, and « Ce qui sera proposé » learns of the file."""
    page, _ = editor
    contact_page_on_a_phone(page, editor_site, width)
    cell(page, "hero").get_by_label(field_label("title"), exact=True).fill("Parlons-en")
    page.evaluate(RECORD_PROPOSE_PLACES)
    page.get_by_role("button", name="Enregistrer").click()
    review = page.get_by_role("region", name="Ce qui sera proposé")
    expect(review).to_contain_text("modifié · 1 ligne ajoutée, 1 retirée")
    places = page.evaluate("window.places")
    assert places and len(set(places)) == 1, sorted(set(places))


@pytest.mark.parametrize("width", [375, 1280])
def test_on_a_phone_the_bar_leaves_the_screen_to_the_document(
    editor: tuple[Page, Network], editor_site: PagesServer, width: int
) -> None:
    """Deep in a document, the bar that stays at the top holds what she needs there; on a
    phone « Annuler les modifications » and « Aperçu de la page » stay at the document's top
    instead, and the bar takes less than a third of the screen (it took 38 % with them)."""
    page, _ = editor
    contact_page_on_a_phone(page, editor_site, width)
    cell(page, "hero").get_by_label(field_label("title"), exact=True).fill("Parlons-en")
    bar = page.locator(".carnet-savebar")
    expect(bar.get_by_role("button", name="Proposer mes modifications")).to_be_enabled()
    cell(page, "contact-form").get_by_label(
        field_label("title"), exact=True
    ).scroll_into_view_if_needed()
    expect(bar).to_be_in_viewport()
    for name in ("Enregistrer", "Plan du document"):
        expect(bar.get_by_role("button", name=name)).to_be_visible()
    expect(bar.get_by_text("Modifications non enregistrées")).to_be_visible()
    occasional = ("Annuler les modifications", "Aperçu de la page")
    box = bar.bounding_box()
    assert box is not None
    if width == 375:
        screen = page.viewport_size
        assert screen is not None and box["height"] < screen["height"] / 3, box
        for name in occasional:
            expect(bar.get_by_role("button", name=name)).to_have_count(0)
            expect(page.get_by_role("button", name=name)).not_to_be_in_viewport()
        # The document's top: its title, then the bar, then these two.
        page.get_by_role("heading", name="Contact", level=1).evaluate("e => e.scrollIntoView()")
        for name in occasional:
            expect(page.get_by_role("button", name=name)).to_be_in_viewport()
    else:
        for name in occasional:
            expect(bar.get_by_role("button", name=name)).to_be_visible()
