"""Fuzz of the whole pipeline, as an attacker with a pull request would: random bytes, random
YAML values and hostile Markdown written into a copy of ``content/``, then ``contenu build``.

Whatever goes in: no traceback, exit code 0 or 1 only; on 1 nothing outside ``content/`` has
changed by a single byte; on 0 no HTML string of the bundles and no published SVG holds
anything that runs (a ``<script>``, an ``on…=`` handler, a ``javascript:`` URL).

``CONTENU_FUZZ_EXAMPLES`` (default 20) sets how many inputs each fuzz test tries.
"""

from __future__ import annotations

import contextlib
import functools
import json
import os
import re
import shutil
import tempfile
from collections.abc import Callable, Iterator
from html.parser import HTMLParser
from pathlib import Path
from typing import Any

import pytest
import yaml
from hypothesis import HealthCheck, event, given, settings
from hypothesis import strategies as st
from hypothesis.errors import InvalidArgument
from test_render import XSS_VECTORS  # tests/pipeline is on sys.path (no package)
from typer.testing import CliRunner

from contenu.cli import app
from contenu.cli import generated_files as generated
from contenu.images.image_check import ACCEPTED_SUFFIXES
from contenu.images.svg import sanitize_svg
from contenu.models import COLLECTIONS
from contenu.pipeline.graph import CELL_TO_FOLDER
from contenu.render.markdown import TAGS

CONTENT = Path(__file__).resolve().parents[2] / "content"
TODAY = "2026-01-15"

EXAMPLES = int(os.environ.get("CONTENU_FUZZ_EXAMPLES", "20"))
FUZZ = settings(
    max_examples=EXAMPLES,
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large],
)
DOCUMENTS = sorted(p.relative_to(CONTENT).as_posix() for p in CONTENT.rglob("*.md"))
DOCUMENTS.remove("README.md")
BODY_FIELDS = {c.folder: c.model.BODY_FIELD for c in COLLECTIONS}

#: Values an attacker would try in any field.
HOSTILE = [
    'https://x.fr/x"><script>alert(1)</script>/',
    '"><script>alert(1)</script>',
    "javascript:alert(1)",
    "JaVaScRiPt:alert(1)",
    "data:text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg==",
    "//evil.example",
    "/\\evil.example",
    "http://evil.example",
    'https://x.fr/x"><script>alert(1)</script>/',
    "https://user@evil.example/",
    "x.fr\n<script>alert(1)</script>",
    "fbq",
    "ml",
    "{{ marque }}",
    "{{ inconnu }}",
    "<img src=x onerror=alert(1)>",
    "\u202e\u0000\u2028",
    "9" * 400,
    "",
]
HREFS = [
    "javascript:alert(1)", "//evil.example/x", "http://evil.example", "/\\evil.example",
    "data:text/html,<script>alert(1)</script>", "/contact", "#fbq", "mailto:x@y.fr",
    "tel:+33612345678", "https://example.org/a b", "vbscript:x",
]  # fmt: skip
FRAGMENTS = [
    *XSS_VECTORS,
    "## Titre {#fbq}",
    "## ML",
    "### Calendly {#Calendly}",
    "## Racine {#root}",
    '<h2 id="fbq">x</h2>',
    '<a name="fbq" id="ml">x</a>',
    "```{cta}\nanchor: fbq\ntitle: x\nactions:\n  - label: y\n    href: //evil.example\n```",
    '```{hero}\ntitle: "<script>alert(1)</script>"\nimage:\n  src: /images/x.svg\n  alt: a\n```',
    "```{figure}\nimage:\n  src: /images/hero-placeholder.svg\n  alt: '\"onload=\"alert(1)'\n```",
    '```{faq}\nitems: ["<script>"]\n```',
    "```{inconnu}\n: [\n```",
    "{{ marque }} {{ nope }}",
    "<!--",
    "```",
]
SVGS = [
    b'<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 1 1" onload="alert(1)"/>',
    b'<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 1 1"><script>alert(1)</script></svg>',
    b'<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 1 1"><foreignObject>'
    b'<body xmlns="http://www.w3.org/1999/xhtml"><script>alert(1)</script></body>'
    b"</foreignObject></svg>",
    b'<!DOCTYPE svg [<!ENTITY a "aaaa"><!ENTITY b "&a;&a;&a;">]>'
    b'<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 1 1"><text>&b;</text></svg>',
    b'<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 4 4"><!-- x --><rect width="4" '
    b'height="4" fill="#2f6f62"/></svg>',
]
IMAGE_TARGETS = [
    "images/og-default.png", "images/hero-placeholder.svg", "images/fuzz.png",
    "images/fuzz.svg", "images/fuzz.html", "images/equipe/fuzz.jpg",
]  # fmt: skip


# --- the copy of the repository each input is written into --------------------------------


@pytest.fixture(scope="module")
def baseline(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Path]:
    """A repository root with content/ and the outputs of one successful build."""
    root = tmp_path_factory.mktemp("fuzz") / "depot"
    shutil.copytree(CONTENT, root / "content")
    (root / "pyproject.toml").write_text("")
    with pytest.MonkeyPatch.context() as patch:
        # The JSON Schemas and TypeScript types do not depend on content/ but take most of a
        # build to make: make them once, every build still writes them.
        patch.setattr(generated, "generated_files", functools.cache(generated.generated_files))
        code, output = _build(root)
        assert code == 0, output
        yield root


@contextlib.contextmanager
def _copy(baseline: Path) -> Iterator[Path]:
    with tempfile.TemporaryDirectory(prefix="fuzz-") as folder:
        root = Path(folder) / "depot"
        shutil.copytree(baseline, root, symlinks=True)
        yield root


def _build(root: Path) -> tuple[int, str]:
    env = {"SITE_URL": None, "GITHUB_ACTIONS": None, "GITHUB_STEP_SUMMARY": None}
    with contextlib.chdir(root):
        result = CliRunner().invoke(
            app, ["build", "--today", TODAY], env=env, catch_exceptions=False
        )
    return result.exit_code, result.output


#: The caches beside the build folder: the image encoder's and the results cache.
CACHES = ("-image-cache", "-content-cache")


def _outputs(root: Path) -> dict[str, bytes]:
    """Every file outside content/ that a build may write; the caches are not outputs
    (nothing reads them but the build, which only ever takes from them what it would make)."""
    return {
        p.relative_to(root).as_posix(): p.read_bytes()
        for p in sorted(root.rglob("*"))
        if p.is_file()
        and p.relative_to(root).parts[0] != "content"
        and not any(part.endswith(CACHES) for part in p.relative_to(root).parts)
    }


# --- what "nothing executable" means -------------------------------------------------------

_SAFE_SCHEMES = re.compile(r"^(?:https?:|mailto:|tel:|/|#|[^:/?#]*(?:[/?#]|$))", re.IGNORECASE)


class _HtmlAudit(HTMLParser):
    def __init__(self) -> None:
        super().__init__(convert_charrefs=True)
        self.problems: list[str] = []

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        if tag not in TAGS:
            self.problems.append(f"<{tag}>")
        for name, value in attrs:
            if name.startswith("on"):
                self.problems.append(f"{name}=")
            if name in {"href", "src"} and not _SAFE_SCHEMES.match((value or "").strip()):
                self.problems.append(f"{name}={value}")


def _assert_inert_html(html: str, where: str) -> None:
    assert "<script" not in html.lower(), where
    audit = _HtmlAudit()
    audit.feed(html)
    audit.close()
    assert not audit.problems, (where, audit.problems)


_URL_KEYS = {"href", "src", "canonical", "ogImage", "siteUrl", "basePath", "url"}
_BREAKS_OUT = re.compile(r"[\s\"'<>\\`]")


def _assert_urls_inert(value: Any, where: str) -> None:
    """Every URL of a bundle (links, images, canonical, base path) is a safe scheme or a
    path, and nothing in it can end an attribute."""
    if isinstance(value, dict):
        for key, item in value.items():
            if key in _URL_KEYS and isinstance(item, str):
                assert _SAFE_SCHEMES.match(item) and not item.startswith("//"), (where, item)
                assert not _BREAKS_OUT.search(item), (where, item)
            else:
                _assert_urls_inert(item, where)
    elif isinstance(value, list):
        for item in value:
            _assert_urls_inert(item, where)


def _html_strings(bundle: Any) -> Iterator[tuple[str, str]]:
    """Every string of a route bundle that the site inserts as HTML."""
    for cell in bundle.get("cells", []):
        if cell["type"] == "prose":
            yield "prose", cell["html"]
        folder = CELL_TO_FOLDER.get(cell["type"])
        if folder is not None:
            for entry in cell.get("entries") or []:
                yield f"{folder}/{entry['id']}", entry[BODY_FIELDS[folder]]


def _assert_nothing_runs(root: Path) -> None:
    public = root / "site" / "generated" / "build" / "public"
    _assert_urls_inert(json.loads((public / "data" / "site.json").read_text()), "site.json")
    cname = public / "CNAME"
    assert not cname.exists() or re.fullmatch(rb"[a-z0-9.-]+\n", cname.read_bytes())
    for path in (public / "data" / "routes").rglob("*.json"):
        bundle = json.loads(path.read_text(encoding="utf-8"))
        _assert_urls_inert(bundle, path.name)
        for where, html in _html_strings(bundle):
            _assert_inert_html(html, f"{path.name}: {where}")
        assert "<" not in (bundle["head"]["jsonLd"] or ""), path.name
    images = public / "images"
    for path in images.rglob("*"):
        if path.is_file():
            assert path.suffix.lower() in ACCEPTED_SUFFIXES, path
            if path.suffix.lower() == ".svg":
                data = path.read_bytes()
                assert sanitize_svg(data).data == data, path  # what is published is sanitised
                assert b"<script" not in data and not re.search(rb"\son\w+=", data), path


def _run(baseline: Path, mutate: Callable[[Path], None]) -> None:
    with _copy(baseline) as root:
        mutate(root / "content")
        before = _outputs(root)
        code, output = _build(root)
        with contextlib.suppress(InvalidArgument):  # outside a hypothesis test: no statistics
            event(f"exit code {code}")  # --hypothesis-show-statistics: both paths are taken
        assert code in (0, 1), output
        assert "Traceback" not in output and "Erreur interne" not in output, output
        if code == 1:
            assert "Rien n’a été écrit" in output
            assert _outputs(root) == before  # not one byte written on failure
        else:
            _assert_nothing_runs(root)


# --- the inputs ------------------------------------------------------------------------------


def _write(path: Path, data: bytes) -> None:
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_bytes(data)


@FUZZ
@given(
    target=st.sampled_from(
        [*DOCUMENTS, *IMAGE_TARGETS, "pages/fuzz.md", "articles/fuzz.md", "faq/fuzz.md"]
    ),
    data=st.binary(max_size=3000),
)
def test_random_bytes_in_any_file(baseline: Path, target: str, data: bytes) -> None:
    _run(baseline, lambda content: _write(content / target, data))


def _split(text: str) -> tuple[Any, str]:
    _, head, body = text.split("---\n", 2)
    return yaml.safe_load(head), body


def _leaves(data: Any, path: tuple[Any, ...] = ()) -> Iterator[tuple[Any, ...]]:
    if isinstance(data, dict):
        for key, value in data.items():
            yield from _leaves(value, (*path, key))
    elif isinstance(data, list):
        for index, value in enumerate(data):
            yield from _leaves(value, (*path, index))
    else:
        yield path


_YAML_VALUES = st.recursive(
    st.one_of(
        st.sampled_from(HOSTILE), st.text(max_size=20), st.integers(), st.floats(),
        st.booleans(), st.none(), st.dates(),
    ),
    lambda inner: st.one_of(
        st.lists(inner, max_size=3), st.dictionaries(st.text(max_size=8), inner, max_size=3)
    ),
    max_leaves=6,
)  # fmt: skip


#: Keys whose value ends up in a URL, an attribute or a file: aimed at half of the time.
AIMED = {"href", "src", "siteUrl", "customDomain", "anchor", "url", "socialUrl", "ogUrl", "ogImage"}


@FUZZ
@given(
    # The settings hold the values that reach every page: tried as often as all the others.
    target=st.one_of(st.just("reglages/site.md"), st.sampled_from(DOCUMENTS)),
    aimed=st.booleans(),
    choice=st.integers(min_value=0),
    value=st.one_of(st.sampled_from(HOSTILE), _YAML_VALUES),
)
def test_random_yaml_values_in_the_frontmatter(
    baseline: Path, target: str, aimed: bool, choice: int, value: Any
) -> None:
    def mutate(content: Path) -> None:
        data, body = _split((content / target).read_text(encoding="utf-8"))
        leaves = list(_leaves(data))
        if aimed:
            leaves = [p for p in leaves if p[-1] in AIMED] or leaves
            if target == "reglages/site.md" and choice % 3 == 0:
                data["customDomain"] = "renouer-coaching.fr"  # absent from the shipped file
                leaves.append(("customDomain",))
        path = leaves[choice % len(leaves)]
        node = data
        for key in path[:-1]:
            node = node[key]
        node[path[-1]] = value
        head = yaml.safe_dump(data, allow_unicode=True, sort_keys=False)
        _write(content / target, f"---\n{head}---\n{body}".encode())

    _run(baseline, mutate)


_MARKDOWN = st.lists(
    st.one_of(
        st.sampled_from(FRAGMENTS),
        st.builds("[lien]({})".format, st.sampled_from(HREFS)),
        st.builds("![image]({})".format, st.sampled_from(HREFS)),
        st.text(max_size=40),
    ),
    min_size=1,
    max_size=6,
).map("\n\n".join)


@FUZZ
@given(
    target=st.sampled_from([d for d in DOCUMENTS if not d.startswith("reglages/")]),
    markdown=_MARKDOWN,
)
def test_random_markdown_in_a_body(baseline: Path, target: str, markdown: str) -> None:
    def mutate(content: Path) -> None:
        text = (content / target).read_text(encoding="utf-8")
        _write(content / target, (text + "\n" + markdown + "\n").encode())

    _run(baseline, mutate)


@FUZZ
@given(target=st.sampled_from(IMAGE_TARGETS), data=st.sampled_from(SVGS))
def test_hostile_svg_anywhere_in_images(baseline: Path, target: str, data: bytes) -> None:
    _run(baseline, lambda content: _write(content / target, data))


def test_a_failed_build_without_an_image_writes_nothing(baseline: Path) -> None:
    _run(baseline, lambda content: (content / "images" / "og-default.png").unlink())
