"""The editor's address on a site built without a GitHub repository (a local `nox -s build`):
it cannot edit there, and says so in the editor's own frame."""

from __future__ import annotations

from playwright.sync_api import Page, expect

from .conftest import Site


def test_the_editor_address_of_a_site_built_without_a_repository_says_what_to_do(
    site: Site, page: Page
) -> None:
    """A site built locally (no GITHUB_REPOSITORY) has an editor page that cannot edit: it
    shows the editor's frame and, in French, where the editor opens instead."""
    page.goto(site.url("/editeur/"))
    expect(page.get_by_role("heading", level=1)).to_have_text(
        "Le carnet ne s’ouvre pas à cette adresse"
    )
    expect(page.get_by_role("alert")).to_contain_text("nox -s dev")
    banner = page.get_by_role("banner")
    expect(banner).to_contain_text("Le carnet")
    # Styled as the editor is: its frame's background, not a bare line of text.
    assert banner.evaluate("(el) => getComputedStyle(el).display") == "flex"
