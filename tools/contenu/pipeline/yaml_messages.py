"""French for everything that can be wrong in the YAML of a frontmatter or a cell.

PyYAML's own messages are English and name the parser's state ("while scanning a simple
key"), not the character a coach typed: they are recognised here from PyYAML's problem text
and never shown. Each message names the character at fault (at the position it is reported)
and the fix; an error not recognised gets a generic French sentence. Examples of the fix are
written between backticks, which French typography leaves as typed.
"""

from __future__ import annotations

import re
import unicodedata
from dataclasses import dataclass
from typing import Any

import yaml

from contenu.pipeline.limits import MAX_YAML_DEPTH
from contenu.rules import SPACE, Pattern, Shape
from contenu.text.plural import plural

Position = tuple[int, int]  # 1-based line and column in the file


@dataclass(frozen=True)
class Problem:
    """A French message about the YAML at a place of the file (None: the block as a whole)."""

    message: str
    position: Position | None = None
    field: str = ""


class Text:
    """The YAML text and where it starts in the file."""

    def __init__(self, text: str, first_line: int) -> None:
        self.lines = text.split("\n")
        self.first_line = first_line

    def position(self, line: int, column: int) -> Position:
        return (self.first_line + line, column + 1)

    def line(self, line: int) -> str:
        return self.lines[line] if 0 <= line < len(self.lines) else ""

    def char(self, line: int, column: int) -> str:
        text = self.line(line)
        return text[column] if 0 <= column < len(text) else ""

    def previous(self, line: int) -> int | None:
        """The nearest line above ``line`` that holds something (no blank, no comment)."""
        for number in range(min(line, len(self.lines)) - 1, -1, -1):
            stripped = self.lines[number].strip()
            if stripped and not stripped.startswith("#"):
                return number
        return None


def _indent(line: str) -> int:
    return len(line) - len(line.lstrip(" "))


# --- Naming what the coach typed --------------------------------------------------------

_CHAR_NAMES = {
    "\t": "la tabulation (touche Tab)",
    ":": "le deux-points « : »",
    "#": "le dièse « # »",
    "@": "l’arobase « @ »",
    "`": "l’accent grave « ` »",
    "%": "le signe « % »",
    "&": "l’esperluette « & »",
    "*": "l’astérisque « * »",
    "!": "le point d’exclamation « ! »",
    "|": "la barre verticale « | »",
    ">": "le chevron « > »",
    "[": "le crochet « [ »",
    "]": "le crochet « ] »",
    "{": "l’accolade « { »",
    "}": "l’accolade « } »",
    ",": "la virgule « , »",
    "-": "le tiret « - »",
    "?": "le point d’interrogation « ? »",
    '"': 'le guillemet droit `"`',
    "'": "l’apostrophe droite `'`",
    "\\": "la barre oblique inverse « \\ »",
}


#: What is left open, by its opening sign (« … ouvert ici et jamais fermé »).
_UNCLOSED = {
    '"': 'guillemet `"` ouvert ici et jamais fermé',
    "'": "apostrophe `'` ouverte ici et jamais fermée",
    "[": "crochet « [ » ouvert ici et jamais fermé",
    "{": "accolade « { » ouverte ici et jamais fermée",
}


def char_name(char: str) -> str:
    """« la tabulation (touche Tab) », « le caractère invisible U+0007 », « le caractère « x » »."""
    if not char:
        return "la fin de la ligne"
    if char in _CHAR_NAMES:
        return _CHAR_NAMES[char]
    if char.isspace():
        return "une espace"
    if unicodedata.category(char)[0] in "CZ":
        return f"le caractère invisible U+{ord(char):04X}"
    return f"le caractère « {char} »"


#: A YAML line: its head (list dashes, a key and its « : ») and its value. Matched on the
#: line without its trailing spaces: a lazy value before "\s*$" would try every split of a
#: long run of spaces (quadratic). The carnet quotes its examples with the same pattern.
_BLANK = f"[{SPACE}]"
#: Python's whitespace (``str.strip``): the carnet strips a line as the pipeline does.
BLANK = Shape("blank", Pattern(_BLANK, "fullmatch"))
_KEY_START = f"[^{SPACE}\"'#:\\-\\[{{]"  # not a space, quote, « # », « : », « - », « [ », « { »
KEY_AND_VALUE = Shape(
    "key_and_value",
    Pattern(
        f"{_BLANK}*(?P<head>(?:-{_BLANK}+)*(?:{_KEY_START}[^:#]*?:(?:{_BLANK}+|\\Z))?)"
        f"(?P<value>(?:[^{SPACE}\\n][^\\n]*)?)",
        "fullmatch",
    ),
)


def quoted_example(line: str) -> str:
    """The line with its value in double quotes, as code: `title: "A : B"` ("" if no value)."""
    match = KEY_AND_VALUE.pattern.test(line.rstrip())
    if match is None or not match.group(2) or "`" in line or len(match.group(2)) > 80:
        return ""  # nothing to quote, a backtick to keep, or too long to be an example
    prefix, value = match.groups()
    value = value.replace("\\", "\\\\").replace('"', '\\"')
    head = prefix.strip()
    return f'`{head} "{value}"`' if head else f'`"{value}"`'


def with_example(message: str, line: str) -> str:
    example = quoted_example(line)
    return f"{message} : {example}" if example else message


GENERIC = (
    "l’écriture n’est pas comprise ; comparez-la avec l’exemple du catalogue "
    "(docs/guide/catalogue.md) et mettez la valeur entre guillemets si elle contient de la "
    "ponctuation"
)


def anchor_problem(text: Text, mark: Any, sign: str) -> Problem:
    line = text.line(mark.line)
    if sign == "&":
        message = (
            "« & » au début d’une valeur crée une ancre YAML (que des alias « * » "
            "recopient ailleurs) ; ancres et alias ne sont pas acceptés : si « & » fait partie "
            "du texte, mettez toute la valeur entre guillemets"
        )
    else:
        message = (
            "« * » au début d’une valeur désigne un alias YAML, qui n’est pas accepté ; si "
            "« * » fait partie du texte (du gras Markdown par exemple), mettez toute la valeur "
            "entre guillemets"
        )
    column = line.find(sign, mark.column)
    position = text.position(mark.line, column if column >= 0 else mark.column)
    return Problem(with_example(message, line), position)


def depth_problem(text: Text, mark: Any) -> Problem:
    opener = char_name(text.char(mark.line, mark.column))
    message = (
        f"trop de niveaux imbriqués : {opener} ouvre ici un {MAX_YAML_DEPTH + 1}e niveau de "
        f"groupes de clés ou de listes, la limite est de {MAX_YAML_DEPTH} ; le contenu n’en "
        "demande jamais autant : vérifiez les retraits et les crochets"
    )
    return Problem(message, text.position(mark.line, mark.column))


# --- PyYAML's errors ---------------------------------------------------------------------


def unreadable_character(
    exc: yaml.reader.ReaderError, source: str, text: Text, what: str
) -> Problem:
    # libyaml counts this position in bytes of UTF-8, not in characters.
    before = source.encode("utf-8")[: exc.position].decode("utf-8", errors="ignore")
    line = before.count("\n")
    column = len(before) - (before.rfind("\n") + 1)
    char = chr(exc.character) if isinstance(exc.character, int) else str(exc.character)
    message = (
        f"impossible de lire {what} : {char_name(char)} n’est pas permis ; supprimez-le "
        "(il vient souvent d’un copier-coller)"
    )
    return Problem(message, text.position(line, column))


def explained(exc: yaml.MarkedYAMLError, text: Text, what: str) -> Problem:
    """The French problem for one of PyYAML's errors."""
    mark = exc.problem_mark or exc.context_mark
    if mark is None:
        return Problem(f"impossible de lire {what} : {GENERIC}")
    position, message = _explain(exc, text, mark.line, mark.column, what)
    return Problem(f"impossible de lire {what} : {message}", position)


def _explain(
    exc: yaml.MarkedYAMLError, text: Text, line: int, column: int, what: str
) -> tuple[Position, str]:
    problem = exc.problem or ""
    context = exc.context or ""
    here = text.position(line, column)
    source_line = text.line(line)
    char = text.char(line, column)
    opened = exc.context_mark
    tab = _tab_in_indent(source_line, column)
    if tab is not None:
        return text.position(line, tab), (
            "tabulation (touche Tab) dans le retrait : les retraits s’écrivent avec des "
            "espaces ; remplacez-la par deux espaces"
        )
    variable = source_line.find("{{")
    if variable >= 0 and not re.search(r"""["'][^"']*\{\{""", source_line):
        return text.position(line, variable), with_example(
            "une valeur qui contient une variable {{ … }} s’écrit entre guillemets, sinon "
            "« { » y commence un groupe de clés",
            source_line,
        )
    if "quoted scalar" in context and opened is not None and "escape" not in problem:
        quote = text.char(opened.line, opened.column)
        return text.position(opened.line, opened.column), (
            f"{_UNCLOSED.get(quote, _UNCLOSED[chr(34)])} : ajoutez le même signe à la fin de "
            "la valeur, sur la même ligne"
        )
    if "expected ',' or" in problem and opened is not None:
        return _unclosed_flow(text, opened)
    if "mapping values are not allowed" in problem:
        return _colon(text, line, column)
    if "could not find expected ':'" in problem and opened is not None:
        return text.position(opened.line, opened.column), _missing_colon(text.line(opened.line))
    if "did not find expected key" in problem or "expected '-' indicator" in problem:
        return _misplaced(text, line, column)
    if "block sequence entries are not allowed" in problem:
        return here, with_example(
            "tiret « - » après « : » sur la même ligne : un élément de liste s’écrit sur sa "
            "propre ligne, en retrait sous la clé ; si le tiret fait partie du texte, mettez "
            "toute la valeur entre guillemets",
            source_line,
        )
    if "unhashable key" in problem:
        if "{{" in source_line:
            return here, with_example(
                "une valeur qui contient une variable {{ … }} s’écrit entre guillemets",
                source_line,
            )
        return here, with_example(
            "« { » ou « [ » au début d’une valeur commence un groupe ou une liste ; si c’est "
            "du texte, mettez toute la valeur entre guillemets",
            source_line,
        )
    if "alias" in context or "anchor" in context or "undefined alias" in problem:
        sign = "&" if "anchor" in context else "*"
        found = anchor_problem(text, opened or exc.problem_mark, sign)
        return found.position or here, found.message
    if "block scalar" in context:
        return here, with_example(
            "après « | » ou « > », le texte commence à la ligne suivante, en retrait ; pour une "
            "valeur d’une ligne qui commence par ce signe, mettez-la entre guillemets",
            source_line,
        )
    if "escape" in problem or "hexdecimal" in problem:
        return here, (
            "entre guillemets doubles, la barre oblique inverse « \\ » introduit un code : "
            "doublez-la (« \\\\ ») ou mettez la valeur entre apostrophes ' '"
        )
    if "tag" in problem or "tag" in context:
        return here, with_example(
            "« ! » au début d’une valeur est une étiquette YAML, qui n’est pas acceptée ; "
            "mettez toute la valeur entre guillemets",
            source_line,
        )
    if "document" in context or "document" in problem:
        return here, (f"la ligne « {source_line.strip()} » coupe {what} en deux ; supprimez-la")
    if "directive" in context:
        return here, "« % » en début de ligne est une directive YAML, qui n’est pas acceptée"
    if "cannot start any token" in problem:
        return here, with_example(
            f"{char_name(char)} ne peut pas commencer une valeur ; mettez toute la valeur entre "
            "guillemets",
            source_line,
        )
    return here, f"caractère inattendu à cet endroit : {char_name(char)} ; {GENERIC}"


def _tab_in_indent(line: str, column: int) -> int | None:
    """The column of a tab in the indentation of ``line`` (or at ``column``), if any."""
    indent = line[: len(line) - len(line.lstrip(" \t-"))]
    if "\t" in indent:
        return indent.index("\t")
    if 0 <= column < len(line) and line[column] == "\t":
        return column
    return None


def _unclosed_flow(text: Text, opened: Any) -> tuple[Position, str]:
    bracket = text.char(opened.line, opened.column)
    closing = {"[": "]", "{": "}"}.get(bracket, "]")
    line = text.line(opened.line)
    if "{{" in line:
        message = "une valeur qui contient une variable {{ … }} s’écrit entre guillemets"
    else:
        message = (
            f"{_UNCLOSED.get(bracket, _UNCLOSED['['])} par « {closing} » ; si le texte "
            f"commence par « {bracket} », mettez toute la valeur entre guillemets"
        )
    return text.position(opened.line, opened.column), with_example(message, line)


def _colon(text: Text, line: int, column: int) -> tuple[Position, str]:
    source_line = text.line(line)
    # "[^:#]*" already covers the indent and list dashes; "(?:-\s+)*" before it would
    # overlap with it (quadratic on a line of "- - - …").
    key = re.match(r"^[^:#]*:\s", source_line)
    if key is not None and key.end() <= column:
        return text.position(line, column), with_example(
            "deux-points « : » suivi d’une espace dans une valeur : une valeur qui contient "
            "« : » s’écrit entre guillemets",
            source_line,
        )
    return _misplaced(text, line, column)


def _misplaced(text: Text, line: int, column: int) -> tuple[Position, str]:
    """Indentation that does not match the line above, a missing « : » on the line above,
    or text after a closing quote."""
    source_line = text.line(line)
    start = _indent(source_line)
    char = text.char(line, column)
    before = source_line[:column].rstrip()
    if column > start and before and before[-1] in "\"'" and char not in ":#":
        if before[-1] == "'":
            message = (
                "texte après l’apostrophe qui ferme la valeur ; dans une valeur entre "
                "apostrophes, doublez l’apostrophe (`''`) ou mettez la valeur entre guillemets "
                "doubles"
            )
        else:
            message = (
                "texte après le guillemet qui ferme la valeur ; mettez toute la valeur entre "
                'guillemets et écrivez `\\"` pour un guillemet à l’intérieur'
            )
        return text.position(line, column), message
    above = text.previous(line)
    if above is None:
        return text.position(line, start), (
            f"caractère inattendu à cet endroit : {char_name(char)} ; {GENERIC}"
        )
    above_line = text.line(above)
    above_start = _indent(above_line)
    first = source_line.strip()[:1]
    if above_start == start:
        return _same_indent(text, line, start, above)
    return text.position(line, start), (
        f"retrait incohérent : cette ligne commence par {char_name(first)} après "
        f"{_spaces(start)}, la ligne {text.first_line + above} après {_spaces(above_start)} ; "
        "les clés d’un même groupe s’alignent exactement les unes sous les autres, et ce qui "
        "appartient à une clé se met en retrait sous elle, avec des espaces"
    )


def _same_indent(text: Text, line: int, start: int, above: int) -> tuple[Position, str]:
    """A line aligned on the one above that cannot follow it at that indentation."""
    source_line, above_line = text.line(line), text.line(above)
    here = text.position(line, start)
    if source_line.lstrip().startswith("-"):
        return here, (
            "tiret « - » inattendu : un élément de liste se met en retrait sous la clé de sa "
            "liste, par exemple `keywords:` puis, à la ligne suivante, `  - un mot`"
        )
    if above_line.lstrip().startswith("-"):
        return here, (
            f"cette ligne est alignée sur le tiret de l’élément de liste de la ligne "
            f"{text.first_line + above} : si elle fait partie de cet élément, décalez-la de "
            "deux espaces pour l’aligner sur son texte ; sinon, alignez-la sur la clé de la liste"
        )
    if not re.match(r"^\s*[^\s:#][^:#]*:(?:\s|$)", above_line):
        return text.position(above, start), _missing_colon(above_line)
    return (
        here,
        f"caractère inattendu à cet endroit : {char_name(source_line[start:][:1])} ; {GENERIC}",
    )


def _missing_colon(line: str) -> str:
    glued = re.match(r"^(\s*[^\s:#][^:#]*?):(\S.*)$", line)
    if glued:
        return (
            f"il manque une espace après le deux-points de « {line.strip()} » : écrivez "
            f"`{glued.group(1).strip()}: {glued.group(2)}`"
        )
    return (
        f"il manque le deux-points « : » après « {line.strip()} » ; chaque ligne s’écrit "
        "`clé: valeur`"
    )


def _spaces(count: int) -> str:
    return "aucune espace" if count == 0 else plural(count, "espace")
