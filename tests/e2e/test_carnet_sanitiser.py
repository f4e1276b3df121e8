"""The carnet's HTML sanitiser (site/src/editor/preview/sanitise.ts) against the build's
(nh3, tools/contenu/render/markdown.py), in Chromium, where the carnet runs it:

- over content/: every piece of HTML the build puts in a route's cells passes unchanged, and
  the raw rendering of every Markdown body of content/ comes out as nh3 makes it;
- over hostile HTML (known XSS vectors, and seeded random soup of tags, attributes, URLs
  and text): the same tree as nh3's, so the carnet draws nothing the build would not.

Both outputs are compared as the browser parses them (serialisations differ in details)."""

from __future__ import annotations

import json
import random
import re
import shutil
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path

import pyromark
import pytest
from playwright.sync_api import Browser, Page

from contenu.render.markdown import _OPTIONS, sanitize

from .bundles import REPO
from .conftest import unavailable

SITE = REPO / "site"
ROLLDOWN = SITE / "node_modules" / ".bin" / "rolldown"
MODEL = json.loads((SITE / "src/editor/generated/content-model.gen.json").read_text("utf-8"))
HTML_FIELDS: dict[str, list[list[str]]] = MODEL["sanitiser"]["htmlFields"]

VECTORS = [
    "<script>alert(1)</script><p>après</p>",
    "<img src=x onerror=alert(1)>",
    '<a href="javascript:alert(1)">a</a>',
    '<a href=" JaVaScRiPt:alert(1)">a</a>',
    '<a href="java\tscript:alert(1)">a</a>',
    '<a href="http://">vide</a>',
    '<a href="//evil.example/x">deux barres</a>',
    '<a href="mailto:a@b.fr" title="t" target="_blank" rel="opener">m</a>',
    '<a href="tel:+33100000000">t</a><a href="data:text/html,x">d</a><a href="vbscript:x">v</a>',
    '<iframe srcdoc="<script>parent.x=1</script>"></iframe>',
    '<meta http-equiv="refresh" content="0;url=https://phishing.example/">',
    "<svg><script>alert(1)</script><a>lien</a></svg>texte",
    "<math><mtext><table><mglyph><style><img src=x onerror=alert(1)>",
    "<template><img src=x onerror=alert(1)></template>",
    "<form action=https://evil.example><input name=q><button>go</button></form>",
    "<select><option>o</option></select><textarea><b>t</b></textarea>",
    "<object data=x></object><embed src=x><style>*{}</style>",
    "<div><span class=c id=i>garde le texte</span></div><x-y>k</x-y><!-- commentaire -->",
    '<table><tr><td style="text-align: center">c</td><th style="color:red">r</th></tr></table>',
    '<ol start="3" reversed><li>a</li></ol><h2 id="x" class="y">t</h2><abbr title="t">a</abbr>',
    '<p lang="fr" dir="rtl" title="x" style="color:red">p</p>',
    '<img src="/images/a.png" alt="a" width="3" height="4" srcset="x 1x" loading="lazy">',
    "<p>&lt;b&gt; &amp; « guillemets » l’apostrophe</p><pre><code>&lt;x&gt;</code></pre>",
    "<a href=/x><a href=/y>imbriqués</a></a><b><i>mal</b>fermé</i>",
    "<table><p>hors</p><tr><td>dans</td></tr></table>",
]

#: Pieces of the random soup: tags of the allow-list and outside it, attributes and URLs of
#: every kind, text with the characters that matter.
TAGS = ["a", "p", "em", "strong", "img", "table", "tr", "td", "th", "ul", "li", "h2", "pre",
        "code", "blockquote", "div", "span", "script", "style", "svg", "math", "iframe",
        "form", "template", "textarea", "select", "object", "x-y", "abbr", "br"]  # fmt: skip
ATTRIBUTES = ["href", "src", "title", "lang", "id", "class", "style", "onclick", "onerror",
              "start", "alt", "width", "rel", "target", "srcdoc", "action", "xmlns"]  # fmt: skip
VALUES = ["/page", "#ancre", "https://example.org/a", "http://x.fr", "//evil.example",
          "javascript:alert(1)", " JaVa\tScript:x", "mailto:a@b.fr", "tel:+331", "data:x",
          "http://", "c:/x", "text-align:center", "color:red", "x\"y", "a'b", "<b>", "&amp;",
          "", "fr"]  # fmt: skip
TEXTS = ["texte", " ", "«\u00a0a\u00a0»", "&lt;", "&", "<", ">", '"', "l’été", "\n", "&#x3c;"]


def soup(rng: random.Random) -> str:
    parts: list[str] = []
    for _ in range(rng.randint(1, 14)):
        kind = rng.random()
        tag = rng.choice(TAGS)
        if kind < 0.4:
            attrs = "".join(
                f' {rng.choice(ATTRIBUTES)}="{rng.choice(VALUES).replace(chr(34), "&quot;")}"'
                for _ in range(rng.randint(0, 3))
            )
            parts.append(f"<{tag}{attrs}>")
        elif kind < 0.65:
            parts.append(f"</{tag}>")
        elif kind < 0.7:
            parts.append("<!-- c -->")
        else:
            parts.append(rng.choice(TEXTS))
    return "".join(parts)


@pytest.fixture(scope="module")
def sanitiser_script(tmp_path_factory: pytest.TempPathFactory) -> str:
    if not ROLLDOWN.exists():
        unavailable("site/node_modules is missing: run `npm --prefix site ci` (nox -s e2e does)")
    out = tmp_path_factory.mktemp("sanitiser") / "sanitiser.js"
    subprocess.run(
        [str(ROLLDOWN), "src/editor/preview/sanitise.ts", "--format", "iife", "--name",
         "carnetSanitiser", "--file", str(out)],
        cwd=SITE, check=True, capture_output=True, timeout=120,
    )  # fmt: skip
    return out.read_text("utf-8")


@pytest.fixture(scope="module")
def built_cells(tmp_path_factory: pytest.TempPathFactory) -> list[dict[str, object]]:
    """Every cell of every route of a build of content/."""
    out = tmp_path_factory.mktemp("content-build")
    cli = shutil.which("contenu") or str(Path(sys.executable).with_name("contenu"))
    subprocess.run([cli, "build", "--out", str(out)], cwd=REPO, check=True, capture_output=True)
    cells: list[dict[str, object]] = []
    for route in sorted((out / "public" / "data" / "routes").glob("*.json")):
        cells += json.loads(route.read_text("utf-8")).get("cells", [])
    return cells


@pytest.fixture(scope="module")
def page(browser: Browser, sanitiser_script: str) -> Iterator[Page]:
    context = browser.new_context()
    tab = context.new_page()
    tab.set_content("<!doctype html><title>sanitiser</title>")
    tab.add_script_tag(content=sanitiser_script)
    yield tab
    context.close()


COMPARE = """([inputs, expected]) => {
  const tree = (html) => {
    const div = document.createElement('div');
    div.innerHTML = html;
    // The build adds rel to external links after nh3; the carnet's sanitiser does the same.
    for (const a of div.querySelectorAll('a[rel]')) a.removeAttribute('rel');
    return div.innerHTML;
  };
  return inputs.map((input, i) => {
    const mine = carnetSanitiser.sanitiseHtml(input);
    return [tree(mine), expected[i] === null ? tree(input) : tree(expected[i])];
  });
}"""


def compare(
    page: Page, inputs: list[str], expected: list[str | None]
) -> list[tuple[str, str, str]]:
    """(input, the carnet's tree, the expected tree) for each input where they differ."""
    pairs = page.evaluate(COMPARE, [inputs, expected])
    return [(i, mine, want) for i, (mine, want) in zip(inputs, pairs, strict=True) if mine != want]


def html_values(cell: dict[str, object]) -> list[str]:
    found: list[str] = []

    def walk(value: object, path: list[str]) -> None:
        if not path:
            if isinstance(value, str):
                found.append(value)
            return
        step, rest = path[0], path[1:]
        if step == "*" and isinstance(value, list):
            for item in value:
                walk(item, rest)
        elif isinstance(value, dict) and step in value:
            walk(value[step], rest)

    for path in HTML_FIELDS.get(str(cell.get("type")), []):
        walk(cell, path)
    return found


def test_the_builds_html_of_content_passes_unchanged(
    page: Page, built_cells: list[dict[str, object]]
) -> None:
    values = [html for cell in built_cells for html in html_values(cell)]
    assert len(values) > 20, "the build of content/ should hold prose and entry bodies"
    assert any("<a " in v for v in values) and any("<h2" in v for v in values)
    assert compare(page, values, [None] * len(values)) == []


def test_content_markdown_rendered_raw_comes_out_as_nh3_makes_it(page: Page) -> None:
    bodies = []
    for path in sorted((REPO / "content").rglob("*.md")):
        text = path.read_text("utf-8")
        body = text.split("\n---\n", 1)[-1]
        # Prose only, as the pipeline cuts it: cells ```{…}``` left out.
        bodies += [p for p in re.split(r"```\{[^}]*\}.*?```", body, flags=re.DOTALL) if p.strip()]
    raws = [pyromark.html(body, options=_OPTIONS) for body in bodies]
    assert len(raws) > 20
    assert compare(page, raws, [sanitize(raw) for raw in raws]) == []


def test_hostile_html_comes_out_as_nh3_makes_it(page: Page) -> None:
    assert compare(page, VECTORS, [sanitize(v) for v in VECTORS]) == []


def test_noscript_goes_whole(page: Page) -> None:
    """The one place the carnet is stricter: it parses as a browser without scripts (an inert
    document), where a <noscript> holds markup, and drops it whole; nh3 reads its content as
    text up to the first « </noscript> », and keeps what follows."""
    vector = '<noscript><p title="</noscript><img src=x onerror=alert(1)>"></noscript>'
    assert page.evaluate("(html) => carnetSanitiser.sanitiseHtml(html)", vector) == ""


def test_random_soup_comes_out_as_nh3_makes_it(page: Page) -> None:
    rng = random.Random(32)
    inputs = [soup(rng) for _ in range(2000)]
    differing = compare(page, inputs, [sanitize(i) for i in inputs])
    assert differing == [], differing[:5]
