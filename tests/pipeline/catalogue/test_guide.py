"""The French guide for coaches (docs/guide/README.md) must stay true: every path and command
it names exists, its templates pass validation, and following it (change a price, add an
article) gives content that `contenu check` accepts, with the error messages it shows."""

from __future__ import annotations

import importlib.util
import re
import shutil
from pathlib import Path
from typing import Any

import pytest
import yaml

from contenu.models import CELL_MODELS, COLLECTIONS, REQUIRED_PAGES, Article, entries
from contenu.models.common import Image
from contenu.text.markdown_text import github_anchor
from contenu.text.typography import french_typography

ROOT = Path(__file__).resolve().parents[3]
GUIDE_DIR = ROOT / "docs" / "guide"
GUIDE = GUIDE_DIR / "README.md"
WORKFLOWS = ROOT / ".github" / "workflows"

FENCE = re.compile(r"^(`{3,})(\S*)\s*$")
CODE_SPAN = re.compile(r"(`+)(.+?)\1")
CELL = re.compile(r"^```\{([a-z-]+)\}\n(.*?)^```$", re.S | re.M)
FRONTMATTER_BLOCK = re.compile(r"\A---\n(.*?)^---\n?(.*)\Z", re.S | re.M)

#: Files the guide invents for its examples (the broken article of the error message).
EXAMPLE_FILES = {"content/articles/mon-article.md"}

HAS_CLI = importlib.util.find_spec("contenu.cli") is not None
NEEDS_CLI = pytest.mark.skipif(not HAS_CLI, reason="contenu.cli is not written yet")


@pytest.fixture(scope="module")
def guide() -> str:
    return GUIDE.read_text(encoding="utf-8")


def code_blocks(text: str) -> list[tuple[str, str, str]]:
    """(info string, body, the line just before the block) of every top-level fenced block."""
    blocks: list[tuple[str, str, str]] = []
    lines = text.split("\n")
    i = 0
    while i < len(lines):
        match = FENCE.match(lines[i])
        if not match:
            i += 1
            continue
        fence, info = match.groups()
        before = lines[i - 1] if i else ""
        end = next(j for j in range(i + 1, len(lines)) if lines[j].strip() == fence)
        blocks.append((info, "\n".join(lines[i + 1 : end]), before))
        i = end + 1
    return blocks


def lines_outside_fences(text: str) -> list[str]:
    """The lines of the guide that are not inside a fenced block."""
    outside: list[str] = []
    fence: str | None = None
    for line in text.split("\n"):
        match = FENCE.match(line)
        if fence is None and match:
            fence = match.group(1)
        elif fence is not None:
            if line.strip() == fence:
                fence = None
        else:
            outside.append(line)
    return outside


def prose(text: str) -> list[str]:
    """The prose of the guide: outside fenced blocks, inline code and HTML comments."""
    chunks: list[str] = []
    for line in lines_outside_fences(text):
        if not line.lstrip().startswith("<!--"):
            chunks += CODE_SPAN.split(line)[::3]
    return chunks


def inline_code(text: str) -> list[str]:
    return [m.group(2) for line in lines_outside_fences(text) for m in CODE_SPAN.finditer(line)]


def parse_file(text: str) -> tuple[dict[str, Any], str]:
    match = FRONTMATTER_BLOCK.match(text.strip() + "\n")
    assert match, "example has no frontmatter"
    return yaml.safe_load(match.group(1)) or {}, match.group(2)


def article_template(guide: str) -> str:
    blocks = [
        body for info, body, before in code_blocks(guide) if before == "<!-- modele-article -->"
    ]
    assert len(blocks) == 1, "the guide shows one article template, marked <!-- modele-article -->"
    return blocks[0] + "\n"


# --- Paths, links and names ---------------------------------------------------------------


def test_every_path_the_guide_names_exists(guide: str) -> None:
    paths = [s for s in inline_code(guide) if re.match(r"^(content|docs|tools|schema)/", s)]
    assert len(paths) > 20
    for path in paths:
        if path in EXAMPLE_FILES:
            continue
        if "<" in path:  # a pattern such as content/articles/<nom>.md: its folder must exist
            path = path.split("<")[0]
        assert (ROOT / path).exists(), f"the guide names {path}, which does not exist"


def test_every_link_resolves(guide: str) -> None:
    own_anchors = {github_anchor(h) for h in re.findall(r"^#{1,6} (.+)$", guide, flags=re.M)}
    links = re.findall(r"\]\(([^)\s]+)\)", guide)
    assert links
    for link in links:
        if link.startswith(("http://", "https://", "/")):
            continue  # site routes are checked against the pages below
        target, _, anchor = link.partition("#")
        if target:
            path = GUIDE_DIR / target
            assert path.exists(), f"broken link {link}"
            heads = re.findall(r"^#{1,6} (.+)$", path.read_text(encoding="utf-8"), flags=re.M)
            anchors = {github_anchor(h) for h in heads}
        else:
            anchors = own_anchors
        assert not anchor or anchor in anchors, f"broken anchor in link {link}"


def test_route_table_covers_every_page(guide: str) -> None:
    rows = re.findall(
        r"^\| `(/[^`]*)` \| [^|]+ \| `content/pages/([a-z0-9-]+)\.md` \|$", guide, re.M
    )
    for route, page in rows:
        assert route == ("/" if page == "index" else f"/{page}"), (route, page)
    documented = {page for _, page in rows} | (
        {"404"} if "`content/pages/404.md`" in guide else set()
    )
    assert documented == set(REQUIRED_PAGES), "the route table and REQUIRED_PAGES differ"


def test_every_collection_folder_is_in_the_guide(guide: str) -> None:
    for collection in COLLECTIONS:
        assert f"`content/{collection.folder}/`" in guide, collection.folder


def test_workflow_names_quoted_by_the_guide_exist(guide: str) -> None:
    if not WORKFLOWS.is_dir():
        pytest.skip("no workflows yet")
    names = set()
    for workflow in WORKFLOWS.glob("*.yml"):
        names |= set(
            re.findall(r"^\s*name:\s*(.+?)\s*$", workflow.read_text(encoding="utf-8"), re.M)
        )
    quoted_names = (
        "Vérifications",
        "Contenu",
        "Tests dans le navigateur",
        "Résumé des modifications",
        "Publication",
    )
    for quoted in quoted_names:
        assert quoted in guide, quoted
        assert quoted in names, f"the guide quotes the check « {quoted} », no workflow has it"


def test_guide_uses_french_typography(guide: str) -> None:
    """Prose carries its no-break spaces and typographic apostrophes (code is left alone)."""
    for chunk in prose(guide):
        assert french_typography(chunk) == chunk, f"typography to fix in: {chunk!r}"


# --- Templates and examples -------------------------------------------------------------


def test_article_template_validates(guide: str) -> None:
    frontmatter, body = parse_file(article_template(guide))
    article = Article.model_validate(frontmatter)
    assert article.draft, "the template starts as a draft so nothing goes live by mistake"
    assert body.strip()


def test_other_examples_validate(guide: str) -> None:
    blocks = code_blocks(guide)
    testimonials = [b for info, b, _ in blocks if info == "markdown" and "\nrating:" in b]
    assert testimonials
    for text in testimonials:
        frontmatter, body = parse_file(text)
        entries.Testimonial.model_validate({**frontmatter, "content": body.strip()})
    photos = [
        yaml.safe_load(b)["photo"] for info, b, _ in blocks if info == "yaml" and "photo:" in b
    ]
    assert photos
    for photo in photos:
        Image.model_validate(photo)
    cells = [cell for _, b, _ in blocks for cell in CELL.findall(b + "\n")]
    assert {name for name, _ in cells} >= {"cta", "testimonials"}
    for name, cell_yaml in cells:
        CELL_MODELS[name].model_validate(yaml.safe_load(cell_yaml))


# --- With the CLI: commands exist, and following the guide passes `contenu check` --------


def run_cli(*args: str, cwd: Path) -> Any:
    from typer.testing import CliRunner

    from contenu.cli import app

    runner = CliRunner()
    with pytest.MonkeyPatch.context() as mp:
        mp.chdir(cwd)
        mp.delenv("GITHUB_ACTIONS", raising=False)
        mp.delenv("GITHUB_STEP_SUMMARY", raising=False)
        return runner.invoke(app, list(args))


@NEEDS_CLI
def test_every_command_the_guide_names_exists(guide: str) -> None:
    commands = set(re.findall(r"\bnox -s contenu -- ([a-z-]+)", guide))
    assert commands >= {"check", "new"}
    help_text = run_cli("--help", cwd=ROOT).output
    for command in commands:
        assert re.search(rf"\b{command}\b", help_text), f"`contenu {command}` is not a command"
    assert "article" in run_cli("new", "--help", cwd=ROOT).output


@pytest.fixture
def content_copy(tmp_path: Path) -> Path:
    shutil.copytree(ROOT / "content", tmp_path / "content")
    return tmp_path


@NEEDS_CLI
def test_following_the_guide_passes_contenu_check(guide: str, content_copy: Path) -> None:
    """Done-when of issue 5: a price changed and an article added as the guide says."""
    content = content_copy / "content"
    site = content / "reglages" / "site.md"
    site.write_text(
        site.read_text(encoding="utf-8").replace("amount: 395", "amount: 420", 1), encoding="utf-8"
    )
    (content / "articles" / "parler-ecrans-ado.md").write_text(
        article_template(guide), encoding="utf-8"
    )
    result = run_cli("check", cwd=content_copy)
    assert result.exit_code == 0, result.output


@NEEDS_CLI
def test_error_example_is_what_contenu_check_prints(guide: str, content_copy: Path) -> None:
    """The broken article of the guide gives exactly the messages the guide shows."""
    shown = next(b for info, b, _ in code_blocks(guide) if info == "text")
    lines = ["---", "title: Mon premier article", "excerpt: Un résumé de deux lignes."]
    lines += ["date: 15/03/24", "categorie: Émotions", "---", "", "Le texte.", ""]
    target = content_copy / "content" / "articles" / "mon-article.md"
    target.write_text("\n".join(lines), encoding="utf-8")
    result = run_cli("check", cwd=content_copy)
    assert result.exit_code == 1
    for line in shown.split("\n"):
        assert line in result.output, (
            f"the guide shows {line!r}, contenu check prints:\n{result.output}"
        )
