"""The pipeline's prose rendering for the editor's live preview: ``python -m
contenu.render.serve`` reads one JSON request per line on stdin (``{"id": 1, "markdown":
"…"}``) and answers one per line on stdout (``{"id": 1, "html": "…"}``), with the same
pyromark + nh3 + French typography as the build (``render_markdown``). The dev server of
``contenu dev`` keeps one such process while the editor is open; text variables
(``{{ prix.pack }}``) are replaced at the next save, when the build renders the file.
"""

from __future__ import annotations

import json
import sys

from contenu.render.markdown import render_markdown

#: A request larger than a content file may be is not rendered (limits.py's size).
MAX_REQUEST_CHARS = 2_000_000


def answer(line: str) -> str:
    try:
        request = json.loads(line) if len(line) <= MAX_REQUEST_CHARS else {}
        ident, markdown = request.get("id"), request.get("markdown")
        html = render_markdown(markdown).html if isinstance(markdown, str) else ""
    except (ValueError, AttributeError):
        ident, html = None, ""
    return json.dumps({"id": ident, "html": html}, ensure_ascii=False)


def main() -> None:
    for line in sys.stdin:
        sys.stdout.write(answer(line) + "\n")
        sys.stdout.flush()


if __name__ == "__main__":
    main()
