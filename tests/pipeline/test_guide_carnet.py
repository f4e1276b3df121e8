"""The guide's pages on the online carnet (docs/guide/carnet-en-ligne.md, connexion-github.md)
match the carnet: every picture they show exists, is the carnet at 375 px and is taken by
tests/e2e/test_guide_pictures.py (so it can be taken again); every name they quote « … » is
a text of the carnet (a button, a field, a state), as the carnet's texts modules write it;
and they are written in French typography."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from PIL import Image
from test_guide import GUIDE_DIR, ROOT, prose

from contenu.text.typography import french_typography

CARNET_PAGE = GUIDE_DIR / "carnet-en-ligne.md"
PAGES = (CARNET_PAGE, GUIDE_DIR / "connexion-github.md")
IMAGES = GUIDE_DIR / "images"
PICTURES_TEST = ROOT / "tests" / "e2e" / "test_guide_pictures.py"
EDITOR = ROOT / "site" / "src" / "editor"
#: Where the carnet's words live (components write none: README of site/src/editor).
TEXT_MODULES = (
    "texts.ts", "server-texts.ts", "github/texts.ts", "github/publish-texts.ts",
    "conflict/conflict-texts.ts", "github/proposals/texts.ts",
)  # fmt: skip
IMAGE = re.compile(r"!\[([^\]]*)\]\(([^)\s]+)\)")
QUOTED = re.compile(r"«\s(.+?)\s»", re.S)
SPACES = re.compile(r"[\s\u00a0\u202f]+")


def images_of(page: Path) -> list[tuple[str, str]]:
    return IMAGE.findall(page.read_text(encoding="utf-8"))


def carnet_words() -> str:
    """The carnet's texts as one string, its typography's spaces read as plain spaces."""
    text = "\n".join((EDITOR / m).read_text(encoding="utf-8") for m in TEXT_MODULES)
    text = text.replace("${NB}", " ").replace("${NNB}", " ")
    return SPACES.sub(" ", text)


@pytest.mark.parametrize("page", PAGES, ids=lambda p: p.name)
def test_every_picture_shown_exists_with_words_for_who_cannot_see_it(page: Path) -> None:
    shown = images_of(page)
    assert shown, f"{page.name} shows no picture of the carnet"
    for alt, src in shown:
        assert src.startswith("images/") and (GUIDE_DIR / src).is_file(), src
        assert alt.strip(), f"{src} has no alternative text"


def test_every_picture_is_the_carnet_at_375_px_and_taken_by_the_pictures_test() -> None:
    shown = {src.removeprefix("images/") for page in PAGES for _, src in images_of(page)}
    stored = {p.name for p in IMAGES.iterdir()}
    assert stored == shown, "a picture is stored and shown nowhere, or shown and not stored"
    taken = set(re.findall(r'"([a-z0-9-]+\.png)"', PICTURES_TEST.read_text(encoding="utf-8")))
    assert shown <= taken, f"not taken by {PICTURES_TEST.name}: {sorted(shown - taken)}"
    for name in stored:
        with Image.open(IMAGES / name) as picture:
            assert picture.format == "PNG" and picture.width <= 375, (name, picture.size)


def test_every_name_the_carnet_page_quotes_is_the_carnets() -> None:
    words = carnet_words()
    quoted = [SPACES.sub(" ", q) for q in QUOTED.findall(CARNET_PAGE.read_text(encoding="utf-8"))]
    assert len(quoted) > 20
    missing = [q for q in quoted if q not in words]
    assert not missing, f"quoted by the guide, not in the carnet's texts: {missing}"


def test_the_sign_in_page_is_described_in_its_order() -> None:
    """The guide's steps name the sign-in page's parts in the order the page shows them."""
    page = (GUIDE_DIR / "connexion-github.md").read_text(encoding="utf-8")
    section = SPACES.sub(
        " ", page.split("## Se connecter dans l’éditeur", 1)[1].split("\n## ", 1)[0]
    )
    order = [
        "Connexion à GitHub", "Créez le jeton sur GitHub", "Ouvrir la page des jetons sur GitHub",
        "Collez-le ici", "Jeton d’accès personnel", "Se connecter à GitHub",
    ]  # fmt: skip
    words = carnet_words()
    positions = [section.index(f"« {name}") for name in order]
    assert positions == sorted(positions)
    assert all(name in words for name in order)
    sign_in = (EDITOR / "github" / "SignIn.tsx").read_text(encoding="utf-8")
    drawn = ["SIGN_IN.title", "SIGN_IN.createTitle", "LABELS.tokenPage", "SIGN_IN.pasteTitle",
             "LABELS.tokenField", "LABELS.signIn"]  # fmt: skip
    places = [sign_in.index("{" + name + "}") for name in drawn]
    assert places == sorted(places)


@pytest.mark.parametrize("page", PAGES, ids=lambda p: p.name)
def test_the_pages_use_french_typography(page: Path) -> None:
    for chunk in prose(page.read_text(encoding="utf-8")):
        if chunk.lstrip().startswith("<https"):
            continue
        assert french_typography(chunk) == chunk, f"typography to fix in: {chunk!r}"


def test_the_guide_links_to_the_carnet_page() -> None:
    assert "(carnet-en-ligne.md)" in (GUIDE_DIR / "README.md").read_text(encoding="utf-8")
    assert "(carnet-en-ligne.md)" in (GUIDE_DIR / "connexion-github.md").read_text(encoding="utf-8")
