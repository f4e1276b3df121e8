"""The YAML of a frontmatter or of a cell → a mapping with the position of every key, or
French problems (``yaml_messages``): no exception and none of PyYAML's English leaves this
module. The limits of ``contenu.pipeline.limits`` (depth, anchors and aliases, digits of a number)
are checked here, with one message per problem; so are the mistakes YAML itself accepts
silently (a duplicate key, a « # » that turns the end of a value into a comment).
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from typing import Any

import yaml

from contenu.pipeline.limits import MAX_NUMBER_DIGITS, MAX_YAML_DEPTH
from contenu.pipeline.yaml_messages import (
    GENERIC,
    Position,
    Problem,
    Text,
    anchor_problem,
    depth_problem,
    explained,
    unreadable_character,
    with_example,
)
from contenu.report.diagnostics import format_loc
from contenu.report.labels import key_label

Loc = tuple[str | int, ...]
__all__ = ["Loc", "Parsed", "Position", "Problem", "parse_mapping"]


class _Loader(yaml.CSafeLoader):
    """Safe YAML with two coach-friendly changes: ``yes``/``no``/``on``/``off`` stay text
    (only ``true``/``false`` are booleans) and dates stay text, so a bad date is reported by
    the model with a French message instead of failing inside the YAML parser."""


_Loader.yaml_implicit_resolvers = {
    first: [
        (tag, regexp)
        for tag, regexp in resolvers
        if tag not in {"tag:yaml.org,2002:bool", "tag:yaml.org,2002:timestamp"}
    ]
    for first, resolvers in yaml.SafeLoader.yaml_implicit_resolvers.items()
}
_Loader.add_implicit_resolver(
    "tag:yaml.org,2002:bool",
    re.compile(r"^(?:true|True|TRUE|false|False|FALSE)$"),
    list("tTfF"),
)

_NUMBER_TAGS = {"tag:yaml.org,2002:int", "tag:yaml.org,2002:float"}


@dataclass
class Parsed:
    data: dict[str, Any] | None  # None when the YAML could not be read
    positions: dict[Loc, Position]
    problems: list[Problem] = field(default_factory=list)


# --- Limits before parsing ---------------------------------------------------------------

# A block level needs at least one more column of indentation (or a "- "), a flow level one
# "[" or "{": a text with neither can be composed without counting its levels first.
_DEEP_LINE = re.compile(rf"^[ \t?:-]{{{MAX_YAML_DEPTH // 4}}}", re.MULTILINE)


def _needs_scan(text: str) -> bool:
    return (
        "&" in text
        or "*" in text
        or text.count("[") + text.count("{") > MAX_YAML_DEPTH // 2
        or _DEEP_LINE.search(text) is not None
    )


@dataclass(frozen=True)
class _Mark:
    """A position in the shape of PyYAML's marks (0-based line and column)."""

    line: int
    column: int


def _flow_depth(source: str, text: Text) -> Problem | None:
    """The first ``[`` or ``{`` that opens a level past the limit, counted by our own
    linear scan: libyaml reads tokens ahead of the events and, since PyYAML 6.0.4, stops
    on its own limit (1,000 levels) with its own words before the event scan below sees
    level 21. Brackets inside quotes and comments do not count; in block context only a
    bracket that starts a value does (``titre: a[b`` is text). The frontmatter or cell
    itself is the first level, as in the event scan."""
    depth = 1
    for number, line in enumerate(source.split("\n")):
        quote = ""
        previous = " "
        for column, char in enumerate(line):
            if quote:
                if char == quote and not (quote == '"' and previous == "\\"):
                    quote = ""
                previous = "" if previous == "\\" and char == "\\" else char
                continue
            if char == "#" and previous in " \t":
                break
            if char in "'\"" and (depth > 1 or previous in " \t:-[{,"):
                quote = char
            elif char in "[{" and (depth > 1 or previous in " \t:-?"):
                depth += 1
                if depth > MAX_YAML_DEPTH:
                    return depth_problem(text, _Mark(number, column))
            elif char in "]}" and depth > 1:
                depth -= 1
            previous = char
    return None


def _scan(source: str, text: Text) -> Problem | None:
    """The first anchor, alias or level too deep, read from the parser's events before
    anything is built (a 50,000-level list crashes the C composer; an alias bomb is one
    line here)."""
    problem = _flow_depth(source, text)
    if problem is not None:
        return problem
    loader = _Loader(source)
    depth = 0
    try:
        while loader.check_event():
            event = loader.get_event()
            if event is None:
                break
            if isinstance(event, yaml.AliasEvent):
                return anchor_problem(text, event.start_mark, "*")
            if getattr(event, "anchor", None):
                return anchor_problem(text, event.start_mark, "&")
            if isinstance(event, yaml.MappingStartEvent | yaml.SequenceStartEvent):
                depth += 1
                if depth > MAX_YAML_DEPTH:
                    return depth_problem(text, event.start_mark)
            elif isinstance(event, yaml.MappingEndEvent | yaml.SequenceEndEvent):
                depth -= 1
    finally:
        loader.dispose()
    return None


# --- Walking the composed nodes ---------------------------------------------------------


class _Walker:
    """Records the position of every key and list item and the span of every scalar;
    reports duplicate keys, shared nodes (aliases) and numbers too long to be numbers."""

    def __init__(self, text: Text) -> None:
        self.text = text
        self.positions: dict[Loc, Position] = {}
        self.problems: list[Problem] = []
        self.spans: list[tuple[int, int, int, int]] = []
        self._seen: set[int] = set()

    def at(self, node: yaml.Node) -> Position:
        return self.text.position(node.start_mark.line, node.start_mark.column)

    def walk(self, node: yaml.Node, loc: Loc) -> None:
        if isinstance(node, yaml.ScalarNode):
            start, end = node.start_mark, node.end_mark
            self.spans.append((start.line, start.column, end.line, end.column))
            if node.tag in _NUMBER_TAGS and not node.style:  # plain: '' (libyaml) or None
                self._number(node, loc)
            return
        # Both only reachable if the scan before parsing was skipped wrongly: said once.
        if len(loc) >= MAX_YAML_DEPTH or id(node) in self._seen:
            if not self.problems:
                deep = len(loc) >= MAX_YAML_DEPTH
                self.problems.append(
                    depth_problem(self.text, node.start_mark)
                    if deep
                    else anchor_problem(self.text, node.start_mark, "*")
                )
            return
        self._seen.add(id(node))
        if isinstance(node, yaml.MappingNode):
            first_line: dict[str, int] = {}
            for key_node, value_node in node.value:
                key = key_node.value if isinstance(key_node, yaml.ScalarNode) else "?"
                if isinstance(key_node, yaml.ScalarNode):
                    self.walk(key_node, loc)
                position = self.at(key_node)
                if key in first_line:
                    message = (
                        f"le champ « {key_label(key)} » est écrit deux fois (déjà ligne "
                        f"{first_line[key]}) ; gardez-en un seul"
                    )
                    self.problems.append(Problem(message, position, format_loc((*loc, key))))
                first_line.setdefault(key, position[0])
                self.positions[(*loc, key)] = position
                self.walk(value_node, (*loc, key))
        elif isinstance(node, yaml.SequenceNode):
            for index, item in enumerate(node.value):
                self.positions[(*loc, index)] = self.at(item)
                self.walk(item, (*loc, index))

    def _number(self, node: yaml.ScalarNode, loc: Loc) -> None:
        digits = sum(c.isdigit() for c in node.value)
        if digits <= MAX_NUMBER_DIGITS:
            return
        message = (
            f"nombre de {digits} chiffres : au-delà de {MAX_NUMBER_DIGITS} chiffres, un nombre "
            "n’est plus exact ; si c’est un identifiant ou un numéro, écrivez-le entre "
            "guillemets"
        )
        line = self.text.line(node.start_mark.line)
        self.problems.append(Problem(with_example(message, line), self.at(node), format_loc(loc)))

    def comments(self) -> list[Problem]:
        """A « # » after a value starts a comment: the rest of the line would be lost."""
        problems = []
        for number, line in enumerate(self.text.lines):
            for match in re.finditer(r"(?<=[ \t])#", line):
                column = match.start()
                if not line[:column].strip():
                    break  # a comment line of its own: allowed
                if any(self._inside(span, number, column) for span in self.spans):
                    continue
                rest = line[column:].strip()
                rest = rest if len(rest) <= 40 else rest[:39] + "…"
                message = (
                    "« # » précédé d’une espace commence un commentaire : la fin de la ligne "
                    f"(« {rest} ») serait ignorée ; si elle fait partie du texte, mettez toute "
                    "la valeur entre guillemets"
                )
                position = self.text.position(number, column)
                problems.append(Problem(with_example(message, line), position))
                break
        return problems

    @staticmethod
    def _inside(span: tuple[int, int, int, int], line: int, column: int) -> bool:
        start_line, start_column, end_line, end_column = span
        return (start_line, start_column) <= (line, column) < (end_line, end_column)


# --- Reading -----------------------------------------------------------------------------


def parse_mapping(source: str, first_line: int, what: str) -> Parsed:
    """Read ``source`` (which starts at file line ``first_line``) as a mapping. ``what``
    names the block in messages (« l’en-tête », « la cellule {cta} »)."""
    if not source.strip():
        return Parsed({}, {})
    text = Text(source, first_line)
    try:
        if _needs_scan(source):
            problem = _scan(source, text)
            if problem is not None:
                return Parsed(None, {}, [problem])
        loader = _Loader(source)
        try:
            node = loader.get_single_node()
            if node is None:
                return Parsed({}, {})
            walker = _Walker(text)
            walker.walk(node, ())
            problems = walker.problems + (walker.comments() if "#" in source else [])
            if problems:
                return Parsed(None, walker.positions, problems)
            value = loader.construct_document(node)
        finally:
            loader.dispose()
    except yaml.MarkedYAMLError as exc:
        return Parsed(None, {}, [explained(exc, text, what)])
    except yaml.reader.ReaderError as exc:
        return Parsed(None, {}, [unreadable_character(exc, source, text, what)])
    except (yaml.YAMLError, ValueError, TypeError, RecursionError, MemoryError):
        return Parsed(None, {}, [Problem(f"impossible de lire {what} : {GENERIC}")])
    if not isinstance(value, dict):
        message = f"{what} doit être une suite de lignes `clé: valeur`"
        if isinstance(value, str) and re.search(r"\w:\S", value):
            message += " ; il manque une espace après le deux-points « : »"
        return Parsed(None, walker.positions, [Problem(message)])
    return Parsed(value, walker.positions)
