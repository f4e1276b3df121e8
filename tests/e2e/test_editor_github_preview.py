"""The published carnet's live text preview (issue 29), in Chromium against the fake GitHub,
from the site built for GitHub, at a computer's and a phone's width: a new article with two
paragraphs, a subheading and a link is typed one key at a time, and after every key the
prose cell's preview shows exactly the HTML the build writes for the text in the box; after
« Proposer » it shows what was proposed, which is what the build makes of the committed file.
The FAQ's answer, which has no page of its own, is previewed with the settings' prices.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from pathlib import Path

import pytest
from playwright.sync_api import Browser, Locator, Page, expect
from playwright.sync_api import TimeoutError as PlaywrightTimeout

from contenu.models.site import SiteSettings
from contenu.pipeline.discover import Source, classify
from contenu.pipeline.validate import process
from contenu.pipeline.variables import Variables, substitute
from contenu.render.markdown import render_markdown

from .bundles import REPO
from .editor_github import Network, propose, sign_in
from .fake_github.fixture import fake_github
from .fake_github.server import FakeGitHub
from .pages_server import PagesServer
from .test_editor import folder_title

__all__ = ["fake_github"]  # editor_site comes from conftest.py (one build for every module)

ARTICLE = "articles/rentree-sereine.md"
#: What the coach types, key by key: two paragraphs, a subheading and a link.
TYPED = (
    "Premier paragraphe : la rentrée approche !\n\n"
    "## Un sous-titre\n\n"
    "Deuxième paragraphe, avec un [lien](https://exemple.fr/guide) et l'été."
)
# The preview's HTML and the build's, both parsed and serialised by the page (so that a
# no-break space is compared as one, whichever way each string writes it).
SAME_HTML = """([selector, expected]) => {
  const shown = document.querySelector(selector);
  if (!shown) return false;
  const parsed = document.createElement("template");
  parsed.innerHTML = expected;
  return shown.innerHTML === parsed.innerHTML;
}"""


def _source(rel: str) -> Source:
    return Source(REPO / "content" / rel, rel, f"content/{rel}", *classify(rel))


def _variables(fake: FakeGitHub) -> Variables:
    settings = fake.repo.files(fake.repo.branch_head("main"))["content/reglages/site.md"]
    model = process(_source("reglages/site.md"), settings).model
    assert isinstance(model, SiteSettings)
    return Variables.of(model)


def built_prose(text: str, variables: Variables) -> str:
    """The build's HTML for a prose cell holding `text` (`split_cells` ends it with a line
    end; variables are replaced before rendering)."""
    return render_markdown(substitute(text.rstrip("\n") + "\n", variables)[0]).html


@pytest.fixture(params=[1280, 375], ids=["1280px", "375px"])
def carnet(
    request: pytest.FixtureRequest, browser: Browser, editor_site: PagesServer,
    fake_github: FakeGitHub,
) -> Iterator[Page]:  # fmt: skip
    width = request.param
    context = browser.new_context(viewport={"width": width, "height": 900}, locale="fr-FR")
    network = Network(fake_github, editor_site)
    context.route("**/*", network.handle)
    page = context.new_page()
    console: list[str] = []
    page.on("console", lambda message: console.append(message.text))
    page.goto(editor_site.url_for("/editeur/"))
    sign_in(page)
    expect(page.get_by_role("button", name="Se déconnecter")).to_be_visible()
    yield page
    assert network.elsewhere == []
    # The carnet's strict policy holds: nothing the preview draws is refused by it.
    assert not [m for m in console if "Content Security Policy" in m], console
    context.unroute_all(behavior="ignoreErrors")
    context.close()


def shown_preview(prose: Locator) -> Locator:
    """The prose cell's preview, opened where a phone keeps it behind a button."""
    expect(prose.get_by_role("textbox")).to_be_visible(timeout=30_000)  # the files are listed
    toggle = prose.get_by_role("button", name="Montrer l’aperçu")
    if toggle.is_visible():
        toggle.click()
    region = prose.get_by_role("region", name="Aperçu")
    expect(region).to_be_visible()
    return region


def expect_built(page: Page, region: Locator, expected: str) -> None:
    region.evaluate("node => node.setAttribute('data-test', 'preview')")
    try:
        page.wait_for_function(SAME_HTML, arg=["[data-test=preview] .prose", expected])
    except PlaywrightTimeout:
        shown = region.inner_html()
        pytest.fail(
            f"the preview is not the build's HTML:\n  build   {expected!r}\n  preview {shown!r}"
        )


def test_each_keystroke_of_a_new_article_is_previewed_as_the_build_renders_it(
    carnet: Page, editor_site: PagesServer, fake_github: FakeGitHub
) -> None:
    page = carnet
    variables = _variables(fake_github)
    articles = page.get_by_role("region", name=folder_title("articles"))
    articles.get_by_role("button", name=re.compile("^Nouveau")).click()
    articles.get_by_label("Titre", exact=True).fill("Rentrée sereine")
    articles.get_by_role("button", name="Créer").click()
    prose = page.get_by_role("group", name="Texte", exact=True)
    box = prose.get_by_role("textbox")
    region = shown_preview(prose)
    # The template's text is previewed before any key is typed.
    expect_built(page, region, built_prose(box.input_value(), variables))
    assert "Aperçu indisponible" not in region.inner_text()
    box.fill("")
    # « Entrée » starts a paragraph (the blank line with it): one press for each "\n\n".
    for key in TYPED.replace("\n\n", "\n"):
        box.press("Enter") if key == "\n" else box.press_sequentially(key)
        expect_built(page, region, built_prose(box.input_value(), variables))
    assert box.input_value() == TYPED
    expect(region.get_by_role("heading", name="Un sous-titre")).to_be_visible()
    expect(region.get_by_role("link", name="lien")).to_have_attribute("rel", "noopener noreferrer")
    expect(region).to_contain_text("Premier paragraphe\u00a0: la rentrée approche\u202f!")

    # The whole page of this article, which is not published: drawn from what is typed.
    page.get_by_role("button", name="Aperçu de la page").click()
    for frame_title in ("Téléphone (375 px)", "Ordinateur (1280 px)"):
        frame = page.frame_locator(f'iframe[title="Aperçu de la page – {frame_title}"]')
        expect(frame.get_by_role("heading", level=1)).to_have_text("Rentrée sereine")
        expect(frame.get_by_role("heading", name="Un sous-titre")).to_be_visible()
        expect(frame.get_by_role("link", name="lien")).to_be_visible()
    page.get_by_role("button", name="Fermer l’aperçu de la page").click()

    page.get_by_role("button", name="Enregistrer").click()
    expect(page.get_by_text(re.compile("^Enregistré"))).to_be_visible()
    propose(page, "Rentrée sereine")
    proposed = page.get_by_text(re.compile("Proposé\u00a0: pull request n°\u00a01"))
    expect(proposed).to_be_visible(timeout=30_000)  # several requests to the API
    # Read again from the proposal: the preview shows what was proposed, as the build makes it.
    branch = next(b for b in fake_github.repo.branches() if b.startswith("contenu/"))
    committed = fake_github.repo.files(fake_github.repo.branch_head(branch))[f"content/{ARTICLE}"]
    result = process(_source(ARTICLE), committed, variables)
    built = [c.html for c in result.cells if c.name is None]
    assert len(built) == 1
    prose = page.get_by_role("group", name="Texte", exact=True)
    expect(prose.get_by_role("textbox")).to_have_value(TYPED)
    region = shown_preview(prose)
    expect_built(page, region, built[0])


def test_a_faq_answer_is_previewed_with_the_settings_prices(
    carnet: Page, editor_site: PagesServer, fake_github: FakeGitHub
) -> None:
    page = carnet
    variables = _variables(fake_github)
    page.goto(editor_site.url_for("/editeur/") + "#fichier=faq/tarifs.md")
    prose = page.get_by_role("group", name="Texte", exact=True)
    box = prose.get_by_role("textbox")
    expect(box).to_contain_text("{{ prix.pack }}")
    region = shown_preview(prose)
    expect_built(page, region, built_prose(box.input_value(), variables))
    expect(region).to_contain_text(variables.values["prix.pack"])
    expect(region).not_to_contain_text("{{")
    expect(region).not_to_contain_text("Aperçu indisponible")


#: A name markdown-it gives one of its rules, kept as a string by the minifier.
MARKDOWN_IT = "fragments_join"
_SCRIPTS = re.compile(
    r'<(?:script[^>]*\ssrc|link[^>]*rel="modulepreload"[^>]*\shref)="([^"]+\.js)"'
)


def _first_load(dist: Path, html: Path) -> list[Path]:
    """The scripts a page loads before it is interactive: its scripts and modulepreloads."""
    return [dist / url.lstrip("/") for url in _SCRIPTS.findall(html.read_text())]


def test_the_preview_code_is_the_carnets_alone(editor_site: PagesServer) -> None:
    """The renderer (markdown-it and the sanitiser) is loaded by the carnet, and by no page
    of the site."""
    dist = editor_site.root
    carnet = _first_load(dist, dist / "editeur" / "index.html")
    assert any(MARKDOWN_IT in f.read_text(errors="replace") for f in carnet)
    pages = [p for p in dist.rglob("*.html") if "editeur" not in p.relative_to(dist).parts]
    assert len(pages) > 10
    for page in pages:
        for script in _first_load(dist, page):
            assert MARKDOWN_IT not in script.read_text(errors="replace"), (page, script)
