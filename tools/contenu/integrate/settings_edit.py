"""Edits values of ``content/reglages/site.md`` line by line, so the coach's comments, order
and layout stay exactly as they were: a value is replaced on its own line, a missing key is
added at the end of its group with the group's indentation, a key to remove loses its line.
"""

from __future__ import annotations

import json
import re
from dataclasses import dataclass, field

from contenu.pipeline.discover import Source
from contenu.pipeline.load import Loc, load

Scalar = str | int | bool
_KEY_LINE = re.compile(r"^(?P<indent>\s*)(?P<key>[A-Za-z0-9_]+)\s*:(?P<rest>.*)$")


class EditError(Exception):
    """The settings file cannot be edited safely (its YAML is unreadable, a key is not where
    a value should be); the message is French."""


@dataclass
class Edit:
    """Values to write under one mapping of the settings, and keys to take out of it. A key
    absent from the file is only added when its value is not ``False`` (the default of
    every yes/no setting), so the file gains no line that changes nothing."""

    group: tuple[str, ...]  # ("providers", "mailerlite")
    values: dict[str, Scalar]
    remove: tuple[str, ...] = ()
    changed: list[int] = field(default_factory=list)  # 1-based lines written, after the edit


def yaml_scalar(value: Scalar) -> str:
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, int):
        return str(value)
    return json.dumps(value, ensure_ascii=False)  # a JSON string is a YAML double-quoted one


def _comment(rest: str) -> str:
    """The `` # …`` comment after a one-line value, kept as the coach wrote it."""
    value = rest.lstrip()
    start = len(rest) - len(value)
    if value[:1] in ("'", '"'):
        quote = value[0]
        end = value.find(quote, 1)
        while quote == '"' and end > 0 and value[end - 1] == "\\":
            end = value.find(quote, end + 1)
        start += end + 1 if end > 0 else len(value)
    found = re.search(r"\s#", rest[start:])
    return rest[start + found.start() :].rstrip() if found else ""


def _subtree_end(lines: list[str], positions: dict[Loc, tuple[int, int]], loc: Loc) -> int:
    """Index (0-based) of the last line belonging to the mapping at ``loc``."""
    inside = [line for key, (line, _) in positions.items() if key[: len(loc)] == loc]
    last = max(inside) - 1
    indent = positions[loc][1] - 1
    while last + 1 < len(lines):
        following = lines[last + 1]
        deeper = len(following) - len(following.lstrip()) > indent
        if not following.strip() or not deeper:
            break
        last += 1
    return last


def apply(text: str, edit: Edit, source: Source) -> str:
    """``text`` with ``edit`` applied; fills ``edit.changed``."""
    loaded = load(source, text.encode("utf-8"))
    block = loaded.frontmatter
    if block is None or block.data is None:
        raise EditError("l’en-tête du fichier de réglages est illisible : corrigez-le d’abord")
    positions = block.positions
    lines = text.split("\n")
    group = edit.group
    if group not in positions:
        parent = group[:-1]
        if parent not in positions:
            raise EditError(f"la rubrique « {'.'.join(parent)} » manque dans les réglages")
        after = _subtree_end(lines, positions, parent)
        children = [pos for key, pos in positions.items() if len(key) == len(group)]
        indent = " " * ((children[0][1] - 1) if children else positions[parent][1] + 1)
        lines.insert(after + 1, f"{indent}{group[-1]}:")
        text = "\n".join(lines)
        loaded = load(source, text.encode("utf-8"))
        assert loaded.frontmatter is not None
        positions = loaded.frontmatter.positions
    own = {key[-1]: pos for key, pos in positions.items() if key[:-1] == group}
    child_indent = min(col for _, col in own.values()) - 1 if own else positions[group][1] + 1
    replaced: dict[int, str] = {}
    added: list[str] = []
    for key, value in edit.values.items():
        if key in own:
            index = own[key][0] - 1
            match = _KEY_LINE.match(lines[index])
            if match is None or match["key"] != key:
                raise EditError(f"la ligne {index + 1} ne ressemble pas à « {key}: valeur »")
            rest = match["rest"]
            replaced[index] = f"{match['indent']}{key}: {yaml_scalar(value)}{_comment(rest)}"
        elif value is not False:
            added.append(f"{' ' * child_indent}{key}: {yaml_scalar(value)}")
    for index, line in replaced.items():
        lines[index] = line
    end = _subtree_end(lines, positions, group)
    removed = sorted((own[k][0] - 1 for k in edit.remove if k in own), reverse=True)
    lines[end + 1 : end + 1] = added
    for index in removed:
        del lines[index]
    changed = set(replaced) | set(range(end + 1, end + 1 + len(added)))
    edit.changed = sorted(1 + i - sum(1 for r in removed if r < i) for i in changed)
    return "\n".join(lines)
