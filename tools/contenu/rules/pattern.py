"""A regular expression both sides read: the pipeline with Python's ``re``, the carnet with
JavaScript's ``RegExp`` (flag ``u``), from one source written here.

Only the part of the syntax the two engines read the same way is accepted: literal
characters, classes of explicit characters and ranges, groups (plain, named ``(?P<name>…)``,
look-ahead, look-behind), alternation, and the quantifiers ``* + ? {m} {m,} {m,n}`` and
their lazy forms. Refused: ``.`` (JavaScript's stops at U+2028), ``^`` and ``$`` (Python's
``$`` also matches before a final newline), ``\\d``, ``\\s``, ``\\b`` (Unicode in Python,
ASCII in JavaScript), flags, possessive quantifiers, back-references. Anchoring is the
pattern's ``mode``: ``search`` (anywhere), ``match`` (at the start), ``fullmatch`` (the whole
text). Two escapes are translated rather than shared, each to what Python means by it:
``\\w`` (a Unicode letter, digit or « _ ») and ``\\Z`` (the end of the text); Python's
spaces and other classes JavaScript reads differently are written out (``characters.py``).

Each pattern is also checked to run in linear time, as far as its shape can tell: a
repeated part that can be empty, a repetition inside a repetition (unless each round starts
with a character the inner one cannot take) and two unbounded repetitions that could share
a character one after the other are refused — the shapes whose backtracking grows as the
square or the cube of the text. A search that rescans a long run from every start is not
a shape; ``tests/pipeline/test_linear_growth.py`` times every pattern on both sides.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from typing import Literal

Mode = Literal["search", "match", "fullmatch"]

_SYNTAX = "^$\\.*+?()[]{}|/"
_CONTROL = {"n": "\n", "t": "\t", "r": "\r", "f": "\f", "v": "\v"}
_WORD_JS = "\\p{L}\\p{N}_"
_NAME = re.compile(r"[A-Za-z_][A-Za-z0-9_]*")
_MAX = 0x10FFFF


class PatternError(ValueError):
    """A pattern outside the shared subset, or of a shape that can take super-linear time."""


@dataclass(frozen=True)
class Chars:
    """A set of characters: ranges of code points, or all but them."""

    ranges: tuple[tuple[int, int], ...]
    negated: bool = False

    def _covers(self, other: Chars) -> bool:
        """Every character of the (plain) ``other`` is in these ranges."""
        return all(
            any(lo <= a and b <= hi for lo, hi in self.ranges) for a, b in other.ranges
        )  # a range split across two of ours counts as not covered: a safe answer

    def overlaps(self, other: Chars) -> bool:
        if self.negated and other.negated:
            return True
        if self.negated:
            return not self._covers(other)
        if other.negated:
            return not other._covers(self)
        return any(a <= hi and lo <= b for a, b in self.ranges for lo, hi in other.ranges)


#: What ``\w`` may take, for the shape checks: every non-ASCII character (a safe superset).
_WORD = Chars(((0x30, 0x39), (0x41, 0x5A), (0x5F, 0x5F), (0x61, 0x7A), (0x80, _MAX)))


@dataclass(frozen=True)
class Node:
    """A part of a parsed pattern: ``chars`` (one character of a set), ``seq``, ``alt``,
    ``group``, ``look`` (zero-width) or ``repeat`` (``low`` to ``high`` times, None: no
    limit)."""

    kind: Literal["chars", "seq", "alt", "group", "look", "repeat"]
    chars: Chars | None = None
    parts: tuple[Node, ...] = ()
    low: int = 1
    high: int | None = 1


class _Reader:
    """Reads a pattern of the subset into nodes, writing its JavaScript form as it goes."""

    def __init__(self, source: str) -> None:
        self.src = source
        self.at = 0
        self.js: list[str] = []
        self.names: list[str] = []

    def fail(self, why: str) -> PatternError:
        return PatternError(f"{why} at {self.at} in {self.src!r}")

    def peek(self, ahead: int = 0) -> str:
        at = self.at + ahead
        return self.src[at] if at < len(self.src) else ""

    def take(self, text: str) -> bool:
        if self.src.startswith(text, self.at):
            self.at += len(text)
            return True
        return False

    def alternation(self) -> Node:
        branches = [self.sequence()]
        while self.take("|"):
            self.js.append("|")
            branches.append(self.sequence())
        return branches[0] if len(branches) == 1 else Node("alt", parts=tuple(branches))

    def sequence(self) -> Node:
        parts: list[Node] = []
        while self.peek() not in ("", "|", ")"):
            atom = self.atom()
            parts.append(self.quantified(atom))
        return parts[0] if len(parts) == 1 else Node("seq", parts=tuple(parts))

    def atom(self) -> Node:
        char = self.peek()
        if char == "(":
            return self.group()
        if char == "[":
            return self.char_class()
        if char == "\\":
            self.at += 1
            return self.escape()
        if char in ".^$":
            raise self.fail(f"« {char} » reads differently in Python and JavaScript")
        if char in "*+?{}]":
            raise self.fail(f"« {char} » must be escaped")
        self.at += 1
        self.js.append(char)
        return Node("chars", Chars(((ord(char), ord(char)),)))

    def group(self) -> Node:
        start = self.at
        self.at += 1
        kind: Literal["group", "look"] = "group"
        if self.take("?P<"):
            name = _NAME.match(self.src, self.at)
            if name is None or not self.take(name.group() + ">"):
                raise self.fail("a group name is letters, digits and « _ »")
            if name.group() in self.names:
                raise self.fail(f"group « {name.group()} » named twice")
            self.names.append(name.group())
            self.js.append(f"(?<{name.group()}>")
        elif self.take("?:"):
            self.js.append("(?:")
        elif any(self.take(look) for look in ("?=", "?!", "?<=", "?<!")):
            kind = "look"
            self.js.append(self.src[start : self.at])
        elif self.peek() == "?":
            raise self.fail("only (?:…), (?P<name>…) and look-arounds are shared")
        else:
            self.js.append("(")
        inner = self.alternation()
        if not self.take(")"):
            raise self.fail("unclosed group")
        self.js.append(")")
        return Node(kind, parts=(inner,))

    def escape(self) -> Node:
        char = self.peek()
        self.at += 1
        if char in _SYNTAX and char:
            self.js.append("\\" + char)
            return _one(char)
        if char == "w":
            self.js.append(f"[{_WORD_JS}]")
            return Node("chars", _WORD)
        if char == "Z":
            self.js.append("$")
            return Node("look")
        return _one(self.code_escape(char))

    def code_escape(self, char: str) -> str:
        """``\\n``, ``\\xHH``, ``\\uHHHH`` (the backslash and ``char`` already read)."""
        if char in _CONTROL:
            self.js.append("\\" + char)
            return _CONTROL[char]
        digits = {"x": 2, "u": 4}.get(char)
        text = self.src[self.at : self.at + (digits or 0)]
        if digits is None or not re.fullmatch(r"[0-9a-fA-F]+", text) or len(text) != digits:
            raise self.fail(f"« \\{char} » is not a shared escape")
        code = int(text, 16)
        if 0xD800 <= code <= 0xDFFF:
            raise self.fail("a surrogate is not a character")
        self.at += digits
        self.js.append(f"\\{char}{text}")
        return chr(code)

    def char_class(self) -> Node:
        self.at += 1
        negated = self.take("^")
        self.js.append("[^" if negated else "[")
        ranges: list[tuple[int, int]] = []
        word = False
        while not self.take("]"):
            if self.peek() == "":
                raise self.fail("unclosed class")
            if self.peek() in "[" or self.src.startswith(("&&", "~~", "||"), self.at):
                raise self.fail("« [ », « && », « ~~ » and « || » must be escaped in a class")
            if self.take("\\w"):
                self.js.append(_WORD_JS)
                word = True
                continue
            low = self.class_char()
            high = low
            if self.peek() == "-" and self.peek(1) != "]":
                self.at += 1
                self.js.append("-")
                high = self.class_char()
                if high < low:
                    raise self.fail("a range runs backwards")
            ranges.append((ord(low), ord(high)))
        self.js.append("]")
        if not ranges and not word:
            raise self.fail("an empty class")
        if word:
            ranges += _WORD.ranges
        return Node("chars", Chars(tuple(ranges), negated))

    def class_char(self) -> str:
        char = self.peek()
        self.at += 1
        if char == "-":
            raise self.fail("a « - » of a class must be escaped")
        if char != "\\":
            self.js.append(char)
            return char
        char = self.peek()
        self.at += 1
        if char and (char in _SYNTAX or char == "-"):
            self.js.append("\\" + char)
            return char
        return self.code_escape(char)

    def quantified(self, atom: Node) -> Node:
        low, high, start = 0, None, self.at
        if self.take("*"):
            pass
        elif self.take("+"):
            low = 1
        elif self.take("?"):
            high = 1
        elif self.peek() == "{":
            bounds = re.compile(r"\{([0-9]+)(,([0-9]*))?\}").match(self.src, self.at)
            if bounds is None:
                raise self.fail("« { » must be escaped or be « {m} », « {m,} », « {m,n} »")
            self.at = bounds.end()
            low = int(bounds.group(1))
            high = low if bounds.group(2) is None else int(bounds.group(3) or 0) or None
            if high is not None and high < low:
                raise self.fail("a repetition runs backwards")
        else:
            return atom
        if atom.kind == "look":
            raise self.fail("a look-around cannot be repeated")
        self.take("?")  # lazy: the same language, read the same way
        if self.peek() == "+" or (self.peek() and self.peek() in "*?{"):
            raise self.fail("possessive or doubled quantifiers are not shared")
        self.js.append(self.src[start : self.at])
        return Node("repeat", parts=(atom,), low=low, high=high)


def _one(char: str) -> Node:
    return Node("chars", Chars(((ord(char), ord(char)),)))


# --- Shape checks ----------------------------------------------------------------------


def _nullable(node: Node) -> bool:
    if node.kind == "chars":
        return False
    if node.kind == "look":
        return True
    if node.kind == "repeat":
        return node.low == 0 or _nullable(node.parts[0])
    if node.kind == "alt":
        return any(_nullable(p) for p in node.parts)
    return all(_nullable(p) for p in node.parts)


def _alphabet(node: Node) -> list[Chars]:
    """Every set of characters the node can consume (look-arounds consume none)."""
    if node.kind == "chars":
        return [node.chars] if node.chars else []
    if node.kind == "look":
        return []
    return [chars for part in node.parts for chars in _alphabet(part)]


def _first(node: Node, last: bool = False) -> list[Chars]:
    """The sets of the characters the node can begin (``last``: end) with."""
    if node.kind == "chars":
        return [node.chars] if node.chars else []
    if node.kind == "look":
        return []
    if node.kind == "seq":
        out: list[Chars] = []
        for part in reversed(node.parts) if last else node.parts:
            out += _first(part, last)
            if not _nullable(part):
                break
        return out
    return [chars for part in node.parts for chars in _first(part, last)]


def _edges(node: Node, last: bool) -> list[list[Chars]]:
    """The alphabets of the unbounded repetitions that can begin (``last``: end) the node."""
    if node.kind in ("chars", "look"):
        return []
    if node.kind == "repeat":
        if node.high is None:
            return [_first(node.parts[0], last)]
        return _edges(node.parts[0], last)
    if node.kind == "seq":
        out: list[list[Chars]] = []
        for part in reversed(node.parts) if last else node.parts:
            out += _edges(part, last)
            if not _nullable(part):
                break
        return out
    return [edge for part in node.parts for edge in _edges(part, last)]


def _share(left: list[Chars], right: list[Chars]) -> bool:
    return any(a.overlaps(b) for a in left for b in right)


def _unbounded_inside(node: Node) -> list[Node]:
    if node.kind == "look":
        return []
    found = [node] if node.kind == "repeat" and node.high is None else []
    return found + [inner for part in node.parts for inner in _unbounded_inside(part)]


def _bare(node: Node) -> Node:
    while node.kind == "group":
        node = node.parts[0]
    return node


def _check(node: Node, fail: type[PatternError], tail_free: Node | None = None) -> None:
    """Refuse the super-linear shapes in ``node``; ``tail_free``: the last part of a pattern
    that nothing follows (a repetition there never has to give characters back)."""
    for part in node.parts:
        _check(part, fail, tail_free if part is node.parts[-1] else None)
    if node.kind == "repeat" and node.high != node.low:
        body = node.parts[0]
        if _nullable(body):
            raise fail("a repeated part that can match nothing")
        if node.high is None:
            _check_rounds(_bare(body), fail)
    if node.kind == "seq":
        parts = node.parts
        for i, part in enumerate(parts):
            for tail in _edges(part, last=True):
                for later in parts[i + 1 :]:
                    exempt = later is tail_free and _bare(later).kind == "repeat"
                    if not exempt and _share(tail, [c for h in _edges(later, False) for c in h]):
                        raise fail("two unbounded repetitions that can take the same character")
                    if not _nullable(later):
                        break


def _check_rounds(body: Node, fail: type[PatternError]) -> None:
    """The rounds of an unbounded repetition of ``body`` must be told apart."""
    inner = [r for part in body.parts for r in _unbounded_inside(part)]
    if body.kind == "repeat" and body.high is None:
        inner.append(body)
    if inner:
        lead = body.parts[0] if body.kind == "seq" else None
        if lead is None or lead.kind != "chars" or lead.chars is None:
            raise fail("a repetition inside a repetition, with no character between rounds")
        if any(lead.chars.overlaps(c) for r in inner for c in _alphabet(r.parts[0])):
            raise fail("a repetition inside a repetition that can take its rounds' first character")
    if _share(
        [c for e in _edges(body, True) for c in e], [c for e in _edges(body, False) for c in e]
    ):
        raise fail("a repetition whose rounds can end and begin with the same character")
    if body.kind == "alt":
        firsts = [_first(branch) for branch in body.parts]
        for i, one in enumerate(firsts):
            if any(_share(one, other) for other in firsts[i + 1 :]):
                raise fail("a repeated alternation whose branches begin alike")


@dataclass(frozen=True)
class Pattern:
    """A regular expression of the shared subset, used in one ``mode``.

    ``name``: a pattern the pipeline and the carnet both use outside any rule (the cell
    fences): exported under this name with the rules.
    """

    source: str
    mode: Mode = "search"
    name: str = ""
    compiled: re.Pattern[str] = field(init=False, repr=False, compare=False)
    js: str = field(init=False, repr=False, compare=False)
    groups: tuple[str, ...] = field(init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        reader = _Reader(self.source)

        def fail(why: str) -> PatternError:
            return PatternError(f"{why} in {self.source!r}")

        tree = reader.alternation()
        if reader.at != len(self.source):
            raise reader.fail("« ) » without its « ( »")
        top = tree.parts[-1] if tree.kind == "seq" else tree
        _check(tree, fail, None if self.mode == "fullmatch" else top)  # type: ignore[arg-type]
        js = "".join(reader.js)
        anchored = {"search": js, "match": f"^(?:{js})", "fullmatch": f"^(?:{js})$"}[self.mode]
        object.__setattr__(self, "compiled", re.compile(self.source))
        object.__setattr__(self, "js", anchored)
        object.__setattr__(self, "groups", tuple(reader.names))

    def test(self, text: str) -> re.Match[str] | None:
        """The match in ``mode``, or None."""
        if self.mode == "fullmatch":
            return self.compiled.fullmatch(text)
        if self.mode == "match":
            return self.compiled.match(text)
        return self.compiled.search(text)

    def export(self) -> dict[str, str]:
        """What the carnet reads: the JavaScript source (flag ``u``), anchored for the mode."""
        return {"source": self.js, "mode": self.mode}
