"""The editor's slugify (site/src/editor/emulated/slug.ts) against the definition,
tools/contenu/text/slug.py: the same name for any text, so a heading's id, a new file's name
and an uploaded image's are what the pipeline would make. And the editor has one slugify.

The TypeScript is bundled with rolldown and run by node, one process for every example."""

from __future__ import annotations

import json
import os
import re
import shutil
import subprocess
from collections.abc import Iterator
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from contenu.text.slug import slugify

ROOT = Path(__file__).resolve().parents[2]
SITE = ROOT / "site"
EMULATED = SITE / "src" / "editor" / "emulated" / "slug.ts"
ROLLDOWN = SITE / "node_modules" / ".bin" / "rolldown"

_MISSING = not ROLLDOWN.exists() or shutil.which("node") is None
if _MISSING and os.environ.get("CI"):
    # In CI the `site` session runs this module after `npm ci` (as the editor's agreement).
    pytest.fail("needs node and site/node_modules (npm --prefix site ci)", pytrace=False)
needs_node = pytest.mark.skipif(
    _MISSING, reason="needs node and site/node_modules (npm --prefix site ci)"
)

#: Reads one JSON [text, empty] per line, answers the slug as one JSON string per line.
SERVER = """
import { createInterface } from "node:readline";
const { slugify } = await import(process.argv[1]);
for await (const line of createInterface({ input: process.stdin })) {
  const [text, empty] = JSON.parse(line);
  const slug = empty === null ? slugify(text) : slugify(text, empty);
  process.stdout.write(JSON.stringify(slug) + "\\n");
}
"""


class Editor:
    def __init__(self, process: subprocess.Popen[str]) -> None:
        self.process = process

    def slugify(self, text: str, empty: str | None = None) -> str:
        assert self.process.stdin is not None and self.process.stdout is not None
        self.process.stdin.write(json.dumps([text, empty]) + "\n")
        self.process.stdin.flush()
        answer: str = json.loads(self.process.stdout.readline())
        return answer


@pytest.fixture(scope="module")
def editor(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Editor]:
    bundle = tmp_path_factory.mktemp("emulated") / "slug.mjs"
    subprocess.run(
        [str(ROLLDOWN), str(EMULATED), "--platform", "node", "--format", "esm",
         "--file", str(bundle)],
        cwd=SITE, check=True, capture_output=True, timeout=120,
    )  # fmt: skip
    process = subprocess.Popen(
        ["node", "--input-type=module", "-e", SERVER, bundle.as_uri()],
        stdin=subprocess.PIPE,
        stdout=subprocess.PIPE,
        text=True,
        encoding="utf-8",
    )
    yield Editor(process)
    assert process.stdin is not None
    process.stdin.close()
    process.wait(timeout=30)


#: Text a coach types (accents, ligatures, typographic spaces and quotes, emoji), and any text.
FRENCH = st.text(
    alphabet=st.sampled_from(
        list("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789 -_'?!:;.,&%/")
        + list("éèêëàâäîïôöùûüçÉÈÊÀÇœŒæÆ’«»\u00a0\u202f–—…ﬁﬀ²½ℌⅣ①🙂\t\n")
    ),
    max_size=60,
)
ANY = st.text(max_size=40)


@needs_node
@settings(max_examples=400, deadline=None)
@given(text=st.one_of(FRENCH, ANY))
def test_the_editor_names_any_text_as_the_pipeline_does(editor: Editor, text: str) -> None:
    # The editor's names (headings, files, images) fall back to « section »; the pipeline's
    # category keys to "".
    assert editor.slugify(text) == slugify(text, empty="section")
    assert editor.slugify(text, "") == slugify(text)


@needs_node
@pytest.mark.parametrize(
    "text",
    ["Être parent ?", "Émotions & colère", "œuvre & cœur", "a\tb", "a\x7fb", "ﬁn ½", "???", ""],
)
def test_the_names_a_coach_sees_agree(editor: Editor, text: str) -> None:
    assert editor.slugify(text) == slugify(text, empty="section")


_SLUGIFY = re.compile(r"normalize\(\s*[\"']NFKD[\"']\s*\)|function\s+slugify\b|slugify\s*=")


def test_the_editor_has_one_slugify() -> None:
    """Any other spelling of the rule in site/ (they had drifted apart) fails here."""
    homes = {
        path.relative_to(SITE).as_posix()
        for folder in (SITE / "src", SITE / "scripts")
        for path in folder.rglob("*.[tj]s*")
        if _SLUGIFY.search(path.read_text(encoding="utf-8"))
    }
    assert homes == {"src/editor/emulated/slug.ts"}
