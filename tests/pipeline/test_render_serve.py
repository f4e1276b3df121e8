"""``python -m contenu.render.serve``: the editor's live prose preview is the pipeline's own
rendering, one JSON line in, one out; nothing a page sends makes it stop answering."""

from __future__ import annotations

import json
import subprocess
import sys

from hypothesis import given
from hypothesis import strategies as st

from contenu.render.markdown import render_markdown
from contenu.render.serve import answer


@given(st.text(max_size=300))
def test_the_answer_is_the_builds_rendering(markdown: str) -> None:
    reply = json.loads(answer(json.dumps({"id": 7, "markdown": markdown})))
    assert reply == {"id": 7, "html": render_markdown(markdown).html}


@given(st.text(max_size=100))
def test_any_line_gets_an_answer(line: str) -> None:
    reply = json.loads(answer(line))
    assert set(reply) == {"id", "html"}


def test_the_process_answers_line_by_line() -> None:
    lines = [json.dumps({"id": 1, "markdown": "Un **mot** <script>x</script>"}), "pas du JSON"]
    done = subprocess.run(
        [sys.executable, "-m", "contenu.render.serve"],
        input="\n".join(lines) + "\n",
        capture_output=True, text=True, check=True, timeout=60,
    )  # fmt: skip
    first, second = (json.loads(line) for line in done.stdout.splitlines())
    assert first["id"] == 1 and "<strong>mot</strong>" in first["html"]
    assert "script" not in first["html"]
    assert second == {"id": None, "html": ""}
