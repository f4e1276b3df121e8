"""Markdown the tools write for people to read on GitHub (the catalogue, the pull-request
summary): table rows, inline code and the anchors GitHub gives headings."""

from __future__ import annotations

import html
import re
from collections.abc import Sequence


def table_cell(text: str) -> str:
    """Text that stays inside its table cell: pipes escaped, lines joined."""
    return text.replace("|", "\\|").replace("\n", " ")


def untrusted_cell(text: str) -> str:
    """A table cell from text nobody reviewed (file names of a pull request): no HTML, no
    code spans, no pipes."""
    return table_cell(html.escape(text, quote=False).replace("`", "'"))


def inline_code(text: str) -> str:
    """Inline code that file names from a pull request cannot break out of."""
    return "`" + table_cell(text.replace("`", "'")) + "`"


def table(header: Sequence[str], rows: Sequence[Sequence[str]]) -> list[str]:
    """The lines of a table; cells are written as given (escape them with the above)."""
    lines = ["| " + " | ".join(header) + " |", "|" + "---|" * len(header)]
    lines += ["| " + " | ".join(row) + " |" for row in rows]
    return lines


def github_anchor(heading: str) -> str:
    """The anchor GitHub gives a heading: lower case, punctuation dropped, spaces → ``-``."""
    slug = heading.strip().lower()
    slug = re.sub(r"[^\w\- ]", "", slug)
    return slug.replace(" ", "-")
