"""Inputs of the worst shapes for the parsers and patterns of ``tools/contenu`` (issue 24):
each one made a quadratic or cubic pattern spend minutes on a few kilobytes. Used by
``test_linear_time.py`` (each shape alone, as a hang-catcher) and by the benchmark
(``tests/bench/hostile.py``: one 1 MB file of all of them, one 1 MB snippet)."""

from __future__ import annotations

from collections.abc import Callable

ARTICLE_FRONT = "---\ntitle: Un titre\nexcerpt: Un résumé.\ndate: 2024-03-15\ncategory: Émotions\n"


def cell_opener(size: int) -> str:
    """A fence whose info string is « { » and spaces (the cell opener was cubic on them)."""
    return "```{" + " " * (size // 2) + "cta" + " " * (size // 2) + "\n```\n"


def typography_prose(size: int) -> str:
    """One paragraph (one text node) with a mark French typography changes every few
    characters (the HTML look-ahead rescanned the node at every mark)."""
    unit = "Vraiment ! l'école « oui » : "
    return unit * (size // len(unit)) + "\n"


def long_yaml_line(size: int) -> str:
    """A cell whose YAML line is a value with « : » and a long run of spaces: the error
    message quotes the line (``yaml_messages``)."""
    return "```{cta}\ntitle: a: b" + " " * (size - 30) + "c\n```\n"


def dashes_line(size: int) -> str:
    """A YAML line of list dashes ending in « : » inside a value (``yaml_messages._colon``)."""
    return "```{cta}\ntitle: x\n" + "- " * (size // 2 - 20) + "a: b: c\n```\n"


def repeated_headings(count: int) -> str:
    """The same heading again and again (each got the first free suffix by trying them all)."""
    return "## Exemple\n\n" * count


def variable_spaces(size: int) -> str:
    """An unclosed variable opener followed by spaces (``variables.PATTERN``)."""
    return "{{" + " " * size + "\n"


SHAPES: dict[str, Callable[[int], str]] = {
    "cell_opener": cell_opener,
    "typography_prose": typography_prose,
    "long_yaml_line": long_yaml_line,
    "dashes_line": dashes_line,
    "repeated_headings": lambda size: repeated_headings(size // 12),
    "variable_spaces": variable_spaces,
}


def hostile_article(size: int = 1_000_000) -> str:
    """An article of about ``size`` characters holding every shape above in equal parts."""
    part = size // len(SHAPES)
    body = "\n".join(make(part) for make in SHAPES.values())
    return ARTICLE_FRONT + "---\n\n" + body


def hostile_snippets(size: int) -> dict[str, str]:
    """Pasted « embed codes » of the shapes that made ``contenu integrer`` slow or fail."""
    return {
        "unclosed_tags": "<a " * (size // 3),
        "unclosed_quotes": "<div class='" * (size // 12),
        "marked_sections": "<![" * (size // 3),
        "comments": "<!--" * (size // 4),
        "calendly_calls": "Calendly.initInlineWidget({ url" * (size // 31),
        "urls": "https://calendly.com/" * (size // 21),
    }


def hostile_snippet(size: int = 1_000_000) -> str:
    """One snippet of about ``size`` characters holding every shape of ``hostile_snippets``."""
    shapes = hostile_snippets(size // 6)
    return "\n".join(shapes.values())


def hostile_availability(size: int) -> str:
    """An ``offer.availability`` setting of day ranges never followed by hours, then spaces."""
    unit = "du lundi au mardi "
    return unit * (size // len(unit)) + "9h" + " " * 1000 + "x"
