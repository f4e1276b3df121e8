"""Markdown the tools write for people to read on GitHub (the catalogue, the pull-request
summary): table rows, inline code and the anchors GitHub gives headings."""

from __future__ import annotations

import re
from collections.abc import Sequence

# What starts a link, an image, HTML, an entity, code, emphasis, strikethrough, maths or a
# table column in GitHub's Markdown, and the dot, colon and at sign of its autolinks.
_MARKDOWN_ACTIVE = re.compile(r"([\\`*_\[\]<>|!~.:@&$#])")


def table_cell(text: str) -> str:
    """Text that stays inside its table cell: pipes escaped, lines joined."""
    return text.replace("|", "\\|").replace("\r", " ").replace("\n", " ")


def untrusted_cell(text: str) -> str:
    """A table cell from text nobody reviewed (file names of a pull request): every character
    of ``_MARKDOWN_ACTIVE`` backslash-escaped, so no HTML, code span, pipe, emphasis or link
    (``[a](b)``, ``<https://…>``, and the autolinks GitHub makes of ``www.x.png``,
    ``http://…`` or ``a@b.fr``: an escaped dot, colon or at sign breaks them); lines
    joined."""
    return _MARKDOWN_ACTIVE.sub(r"\\\1", text.replace("\r", " ").replace("\n", " "))


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
