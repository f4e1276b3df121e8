"""The carnet's live text preview (site/src/editor/prose, markdown-it in the browser) against
the build's rendering (pyromark + nh3 + French typography, ``render_markdown``): for the same
prose cell and the same settings, the same HTML, character for character.

The build's side is its own code: the document's prose cells as ``load`` splits them, text
variables replaced as ``Substitution`` replaces them, then ``render_markdown``. The
preview's side is ``render-cli.ts`` bundled with rolldown and run by node (jsdom parses the
HTML, with the HTML standard's parser, as the browser does), on the cells the editor's own
reader finds in the same file. Every prose cell of content/ and of the 4,000-article corpus
must agree, and so must generated Markdown, except for the classes of input that
docs/decisions.md lists (``known_difference`` recognises them).
"""

from __future__ import annotations

import datetime as dt
import json
import os
import re
import shutil
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from contenu.models.site import SiteSettings
from contenu.pipeline.discover import Source, classify
from contenu.pipeline.load import load
from contenu.pipeline.validate import ENTRY_MODELS, process
from contenu.pipeline.variables import Variables, substitute
from contenu.render.markdown import render_markdown

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))
from content_factory import generate_site

ROOT = Path(__file__).resolve().parents[2]
SITE = ROOT / "site"
CONTENT = ROOT / "content"
ROLLDOWN = SITE / "node_modules" / ".bin" / "rolldown"
SETTINGS = CONTENT / "reglages" / "site.md"
YEAR = dt.date.today().year

_MISSING = not ROLLDOWN.exists() or shutil.which("node") is None
if _MISSING and os.environ.get("CI"):
    # In CI the `site` session runs this module after `npm ci`: a skip there would hide
    # that the preview and the build were never compared.
    pytest.fail("needs node and site/node_modules (npm --prefix site ci)", pytrace=False)
pytestmark = pytest.mark.skipif(
    _MISSING, reason="needs node and site/node_modules (npm --prefix site ci)"
)


class Preview:
    """One node process running the preview's renderer, asked one line at a time."""

    def __init__(self, bundle: Path) -> None:
        self.process = subprocess.Popen(
            ["node", str(bundle)], cwd=SITE, stdin=subprocess.PIPE, stdout=subprocess.PIPE,
            text=True, encoding="utf-8",
        )  # fmt: skip

    def ask(self, request: dict[str, Any]) -> Any:
        assert self.process.stdin and self.process.stdout
        self.process.stdin.write(json.dumps(request) + "\n")
        self.process.stdin.flush()
        return json.loads(self.process.stdout.readline())

    def cells(self, rel: str, text: str) -> list[str]:
        return list(self.ask({"path": rel, "text": text})["cells"])

    def close(self) -> None:
        assert self.process.stdin
        self.process.stdin.close()
        self.process.wait(timeout=30)


@pytest.fixture(scope="module")
def preview(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Preview]:
    bundle = tmp_path_factory.mktemp("preview") / "render-cli.mjs"
    subprocess.run(
        [str(ROLLDOWN), "src/editor/prose/render-cli.ts", "--platform", "node", "--format",
         "esm", "--file", str(bundle)],
        cwd=SITE, check=True, capture_output=True, timeout=120,
    )  # fmt: skip
    running = Preview(bundle)
    running.ask({"settings": SETTINGS.read_text(encoding="utf-8"), "year": YEAR})
    yield running
    running.close()


def _variables(settings_text: str) -> Variables:
    source = Source(
        SETTINGS, "reglages/site.md", "content/reglages/site.md", *classify("reglages/site.md")
    )
    model = process(source, settings_text.encode()).model
    assert isinstance(model, SiteSettings)
    return Variables.of(model, YEAR)


VARIABLES = _variables(SETTINGS.read_text(encoding="utf-8"))


def build_html(markdown: str) -> str:
    """What the build writes for a prose cell: variables replaced, then rendered."""
    return render_markdown(substitute(markdown, VARIABLES)[0]).html


def build_cells(rel: str, text: str) -> list[str]:
    """The build's HTML of every prose cell of a file, in order (an entry's body is one)."""
    kind, folder, name = classify(rel)
    loaded = load(Source(CONTENT / rel, rel, f"content/{rel}", kind, folder, name), text.encode())
    if kind in {"page", "article"}:
        return [build_html(cell.text) for cell in loaded.cells if cell.name is None]
    model = ENTRY_MODELS.get(folder) if kind == "entry" else None
    body_field = getattr(model, "BODY_FIELD", None)
    return [build_html(loaded.body)] if body_field and loaded.body.strip() else []


# --- Known differences (docs/decisions.md, « Aperçu du texte dans le carnet ») -----------

_KNOWN = {
    # Raw HTML « <noscript> »: html5ever parses its content as text, a browser as markup.
    "noscript": re.compile(r"<noscript", re.IGNORECASE),
    # Control characters no keyboard types: NUL (U+FFFD for markdown-it, as CommonMark asks),
    # line tabulation and form feed (blanks to pulldown-cmark, text to markdown-it).
    "control": re.compile(r"[\x00\x0b\x0c]"),
    # A link label of Unicode spaces only (« [ ] » with no-break spaces): a label to
    # pulldown-cmark, none to markdown-it.
    "blank label": re.compile(r"\[(?=[^\]]*[^\S \t\n\r])\s+\]"),
    # A tab after a quotation's « > »: pulldown-cmark writes the columns it stands for as
    # spaces in the raw HTML or code that follows, markdown-it keeps the tab.
    "tab after >": re.compile(r"(?m)^[ \t>*+\-\d.)]*> ?\t"),
    # A tab among the blanks that end an ATX heading (before its closing « # » or its
    # attribute block): pulldown-cmark keeps or drops it by rules of its own.
    "tab ending a heading": re.compile(
        r"(?m)^ {0,3}#{1,6}[ \t].*\t[ \t#]*(?:\{[^{}\n]*\})?[ \t]*$"
    ),
    # A list item that opens a code fence: whether a blank line in the fence left open at the
    # item's end makes the list loose (markdown-it) or not (pulldown-cmark).
    "fence opening an item": re.compile(r"(?m)^[ \t>]*(?:[-+*]|\d{1,9}[.)])[ \t]+(?:`{3,}|~{3,})"),
    # An HTML tag alone on its line but for a no-break space after it: an HTML block to
    # markdown-it (JavaScript's « \s »), a paragraph to pulldown-cmark.
    "tag then no-break space": re.compile(r"(?m)>[ \t\u00a0]*\u00a0[ \t\u00a0]*$"),
    # An empty list item followed by a line of blanks: the list goes on (pulldown-cmark) or
    # a new one starts (markdown-it).
    # A code span going on over a line that is indented (a lazy continuation line in a list
    # item): markdown-it strips the indentation, pulldown-cmark keeps it.
    "code span over an indented line": re.compile(r"`[^`]*\n[ \t]+[^`]*`"),
    # A style attribute written by hand whose value is more than one word (`text-align:
    # left !important`): nh3 keeps it, the carnet's sanitiser keeps one keyword only.
    "style of several words": re.compile(
        r"style\s*=\s*[\"']?[^\"'>]*text-align\s*:\s*[^;\"'>]*\s\S"
    ),
    "empty item then blanks": re.compile(r"(?m)^[ \t>]*(?:[-+*]|\d{1,9}[.)])[ \t]*\n[ \t]+\n"),
}


def known_difference(markdown: str) -> str | None:
    """The documented class of difference this Markdown belongs to, or None."""
    return next((name for name, pattern in _KNOWN.items() if pattern.search(markdown)), None)


def as_a_cell(markdown: str) -> str:
    """A prose cell as the build reads it (``split_cells``): ending with one line end."""
    return markdown.rstrip("\n") + "\n"


def assert_same(markdown: str, preview_html: str) -> None:
    expected = build_html(markdown)
    if preview_html != expected and known_difference(markdown) is None:
        pytest.fail(
            f"preview ≠ build for {markdown!r}:\n  build   {expected!r}\n  preview {preview_html!r}"
        )


# --- The settings' variables --------------------------------------------------------------


def test_the_preview_reads_the_settings_variables_as_the_build(preview: Preview) -> None:
    found = preview.ask({"settings": SETTINGS.read_text(encoding="utf-8"), "year": YEAR})
    assert found["variables"] == VARIABLES.values


def test_changed_settings_change_the_preview_values(preview: Preview) -> None:
    text = SETTINGS.read_text(encoding="utf-8")
    changed = re.sub(r"(pack:\n(?:.*\n)*?\s+amount: )\d+", r"\g<1>1200", text, count=1)
    changed = changed.replace("coachName: Claire Delmas", 'coachName: "  Claire d\'Aubigné !"')
    assert changed != text
    try:
        found = preview.ask({"settings": changed, "year": YEAR})
        assert found["variables"] == _variables(changed).values
        assert found["variables"]["prix.pack"] == "1\u202f200\u00a0€"
    finally:
        preview.ask({"settings": text, "year": YEAR})


# --- Every prose cell of content/ and of the 4,000-article corpus -------------------------


def _compare_files(preview: Preview, root: Path) -> int:
    compared = 0
    for path in sorted(root.rglob("*.md")):
        if path.parent == root:
            continue
        rel = path.relative_to(root).as_posix()
        text = path.read_text(encoding="utf-8")
        built, shown = build_cells(rel, text), preview.cells(rel, text)
        assert len(shown) == len(built), rel
        for expected, html in zip(built, shown, strict=True):
            assert html == expected, rel
        compared += len(built)
    return compared


def test_every_prose_cell_of_content_looks_as_built(preview: Preview) -> None:
    assert _compare_files(preview, CONTENT) > 20


def test_every_prose_cell_of_the_4000_article_corpus_looks_as_built(
    preview: Preview, tmp_path: Path
) -> None:
    corpus = generate_site(tmp_path / "corpus", 4000, words=300)
    assert _compare_files(preview, corpus / "content") >= 4000


# --- Generated Markdown ----------------------------------------------------------------------

_WORDS = st.sampled_from(
    ["Bonjour", "l'enfant", "ado", "écoute", "colère", "a", "b", "x1", "Émotions", "n°3", "«", "»",
     "\"", "'", "?", "!", ";", ":", "10:30", "…", "\u00a0", "&", "&amp;", "&nbsp;", "&#35;",
     "<", ">", "\\", "`", "{{ prix.pack }}", "{{ email }}", "{{ inconnue }}", "{{", "}}"]
)  # fmt: skip
_INLINE = st.sampled_from(
    ["*", "**", "_", "__", "~", "~~", "~~~", "`", "``", "[", "]", "(", ")", "![", "](", "<",
     ">", "|", "\\|", "#", "{#", "}", "{#id}", " {#a-b}", "{.c}", "\n", "  \n", "\\\n",
     "<br>", "<b>", "</b>", "<em>", "<span class=x>", "</span>", "<sup>", "<abbr title=\"t\">",
     "<script>x</script>", "<!-- c -->", "<img src=/images/a.png alt=x>", "<a href=\"#x\">",
     "</a>", "<p>", "</p>", "<div>", "</div>", "<td style=\"text-align:left\">", "<u>"]
)  # fmt: skip
_URL = st.sampled_from(
    ["/contact", "#tarifs", "https://exemple.fr/a?b=1&c=2", "http://exemple.fr", "//x.fr",
     "mailto:contact@exemple.fr", "tel:+33600000000", "javascript:alert(1)", "x:y",
     "/images/équipe.png", "https://exemple.fr/a b", "<>", "<a b>", "data:x", "HTTPS://A.FR",
     "/a'b\"c", "/%41", "https://[::1"]
)  # fmt: skip
_TITLE = st.sampled_from(["", ' "titre"', " 'l\\'été'", ' "a &amp; b"', " (x)"])


@st.composite
def _inline_text(draw: st.DrawFn) -> str:
    parts: list[str] = []
    for _ in range(draw(st.integers(1, 12))):
        choice = draw(st.integers(0, 5))
        if choice == 0:
            url, title = draw(_URL), draw(_TITLE)
            image = draw(st.booleans())
            parts.append(f"{'!' if image else ''}[{draw(_WORDS)} *{draw(_WORDS)}*]({url}{title})")
        elif choice == 1:
            parts.append(draw(_INLINE))
        elif choice == 2:
            parts.append(f"<{draw(_URL)}>")
        else:
            parts.append(draw(_WORDS))
        parts.append(draw(st.sampled_from(["", " ", "  ", "\t"])))
    return "".join(parts)


_HTML_BLOCKS = st.sampled_from(
    ["---", "***", "<div>\n*a*\n</div>", "<table><tr><td>x</td></tr></table>",
     "<!-- commentaire -->", "<script>alert(1)</script>", "<h1>Titre</h1>", "<pre>\n\nx</pre>",
     "<details><summary>s</summary>t</details>"]
)  # fmt: skip


@st.composite
def _block(draw: st.DrawFn) -> str:
    text = draw(_inline_text())
    kind = draw(st.integers(0, 11))
    if kind == 0:
        ending = draw(st.sampled_from(["", " {#ancre}", " #", " {#fbq}", " {#Mauvais id}"]))
        return f"{'#' * draw(st.integers(1, 7))} {text}{ending}"
    if kind == 1:
        return f"{text}\n{draw(st.sampled_from(['===', '---']))}"
    if kind == 2:
        marker = draw(st.sampled_from(["-", "*", "+", "1.", "3)", "10."]))
        items = draw(st.lists(_inline_text(), min_size=1, max_size=3))
        gap = draw(st.sampled_from(["\n", "\n\n"]))
        return gap.join(f"{marker} {item}" for item in items)
    if kind == 3:
        return "\n".join(f"> {line}" for line in text.split("\n"))
    if kind == 4:
        cols = draw(st.integers(1, 3))
        align = draw(
            st.lists(st.sampled_from(["---", ":--", "--:", ":-:"]), min_size=cols, max_size=cols)
        )
        rows = draw(st.lists(st.lists(_inline_text(), min_size=1, max_size=4), max_size=3))
        lines = [
            "| " + " | ".join(f"c{n}" for n in range(cols)) + " |",
            "|" + "|".join(align) + "|",
        ]
        lines += ["| " + " | ".join(cell.replace("\n", " ") for cell in row) + " |" for row in rows]
        return "\n".join(lines)
    if kind == 5:
        return f"```{draw(st.sampled_from(['', 'python', 'js x']))}\n{text}\n```"
    if kind == 6:
        return "    " + text.replace("\n", "\n    ")
    if kind == 7:
        return draw(_HTML_BLOCKS)
    if kind == 8:
        return f"[{draw(_WORDS)}]: {draw(_URL)}{draw(_TITLE)}\n\n[{draw(_WORDS)}]"
    return text


_MARKDOWN = st.lists(_block(), min_size=1, max_size=6).map(
    lambda blocks: "\n\n".join(blocks) + "\n"
)


@settings(
    max_examples=40,
    deadline=None,
    suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow],
)
@given(st.lists(_MARKDOWN, min_size=20, max_size=20))
def test_generated_markdown_looks_as_built(preview: Preview, texts: list[str]) -> None:
    for markdown in texts:
        assert_same(markdown, preview.ask({"markdown": markdown})["html"])


@settings(
    max_examples=40, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture]
)
@given(st.text(st.characters(codec="utf-8", exclude_categories=["Cs"]), max_size=80))
def test_any_text_looks_as_built(preview: Preview, text: str) -> None:
    markdown = as_a_cell(text)
    assert_same(markdown, preview.ask({"markdown": markdown})["html"])
