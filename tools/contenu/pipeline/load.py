"""Stage 2: read a file's bytes into frontmatter (YAML with the line of every key) and a body
split into cells. Nothing here raises on bad input: problems become diagnostics."""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from typing import Any

import yaml

from contenu.diagnostics import Diagnostic, Severity
from contenu.pipeline.discover import Source

Loc = tuple[str | int, ...]
Position = tuple[int, int]  # 1-based line and column in the file


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


@dataclass
class YamlBlock:
    """A YAML mapping read from a file: its value and where each key sits."""

    data: dict[str, Any] | None  # None when the YAML could not be read
    positions: dict[Loc, Position]
    anchor: Position  # where to report a problem with the block as a whole


@dataclass
class RawCell:
    """A piece of body: prose (``name`` is None) or a ``{name}`` component block."""

    name: str | None
    text: str
    line: int  # the fence line of a component, the first line of prose
    yaml: YamlBlock | None = None


@dataclass
class Loaded:
    source: Source
    lines: list[str]
    frontmatter: YamlBlock | None
    has_frontmatter: bool
    body: str
    body_line: int
    cells: list[RawCell]
    diagnostics: list[Diagnostic] = field(default_factory=list)
    sha: str = ""


def make_diag(
    source: Source,
    lines: list[str],
    position: Position,
    field_: str,
    message: str,
    severity: Severity = "error",
) -> Diagnostic:
    line, column = position
    text = lines[line - 1] if 0 < line <= len(lines) else ""
    return Diagnostic(source.display, line, column, field_, message, severity, text)


def decode(data: bytes) -> tuple[str | None, str | None]:
    """Text of a file (BOM and CRLF accepted), or the French reason it has none."""
    if not data.strip():
        return None, "le fichier est vide"
    if b"\x00" in data:
        return (
            None,
            "ce fichier n’est pas du texte (fichier binaire) ; attendu : un fichier Markdown",
        )
    try:
        text = data.decode("utf-8-sig")
    except UnicodeDecodeError as exc:
        return None, (
            f"ce fichier n’est pas enregistré en UTF-8 (octet invalide à la position {exc.start}) "
            "; "
            "enregistrez-le en « UTF-8 » dans votre éditeur"
        )
    return text.replace("\r\n", "\n").replace("\r", "\n"), None


_FENCE = re.compile(r"^ {0,3}(`{3,}|~{3,})(.*)$")
_CELL_INFO = re.compile(r"^\{\s*([^{}]*?)\s*\}$")


def read_yaml(
    text: str, first_line: int, anchor: Position, source: Source, lines: list[str], what: str
) -> tuple[YamlBlock, list[Diagnostic]]:
    """Parse ``text`` (which starts at file line ``first_line``) into a mapping with positions."""
    diags: list[Diagnostic] = []
    if not text.strip():
        return YamlBlock({}, {}, anchor), diags
    loader = _Loader(text)
    try:
        node = loader.get_single_node()
        if node is None:
            return YamlBlock({}, {}, anchor), diags
        positions: dict[Loc, Position] = {}
        _walk(node, (), positions, set(), first_line, source, lines, diags)
        if any(d.is_error for d in diags):
            return YamlBlock(None, positions, anchor), diags
        value = loader.construct_document(node)
    except yaml.MarkedYAMLError as exc:
        mark = exc.problem_mark or exc.context_mark
        last_line = text.rstrip("\n").count("\n")
        unclosed = (exc.problem or "").startswith(
            ("did not find expected ',' or", "found unexpected end of stream")
        )
        if (
            mark is not None
            and exc.context_mark is not None
            and (unclosed or mark.line > last_line)
        ):
            mark = exc.context_mark  # an unclosed quote or bracket: point where it opened
        pos = (first_line + mark.line, mark.column + 1) if mark else anchor
        problem = _yaml_problem(exc)
        line_text = lines[pos[0] - 1] if 0 < pos[0] <= len(lines) else ""
        if "{{" in line_text and not re.search(r"""["'][^"']*\{\{""", line_text):
            # {{ … }} at the start of a value reads as a YAML mapping, not as text.
            problem += " ; une valeur qui contient une variable {{ … }} s’écrit entre guillemets"
        diags.append(make_diag(source, lines, pos, "", f"YAML illisible dans {what} : {problem}"))
        return YamlBlock(None, {}, anchor), diags
    except (yaml.YAMLError, ValueError, TypeError, RecursionError) as exc:
        message = f"YAML illisible dans {what} : {exc}"
        diags.append(make_diag(source, lines, anchor, "", message))
        return YamlBlock(None, {}, anchor), diags
    finally:
        loader.dispose()
    if not isinstance(value, dict):
        diags.append(
            make_diag(
                source,
                lines,
                anchor,
                "",
                f"{what} doit être une suite de lignes « clé: valeur »",
            )
        )
        return YamlBlock(None, positions, anchor), diags
    return YamlBlock(value, positions, anchor), diags


def _yaml_problem(exc: yaml.MarkedYAMLError) -> str:
    problem = (exc.problem or exc.context or "erreur de syntaxe").strip()
    known = {
        "mapping values are not allowed here": "deux-points inattendu ; si la valeur contient "
        "« : », mettez-la entre guillemets",
        "could not find expected ':'": "il manque « : » après la clé",
        "found character '\\t' that cannot start any token": "tabulation interdite ; "
        "indentez avec des espaces",
        "found unexpected end of stream": "guillemet ou crochet jamais fermé",
        "did not find expected ',' or ']'": "crochet « [ » jamais fermé ; si le texte "
        "commence par « [ », mettez-le entre guillemets",
        "did not find expected ',' or '}'": "accolade « { » jamais fermée ; si le texte "
        "commence par « { », mettez-le entre guillemets",
        "did not find expected key": "indentation incohérente ou clé manquante",
        "did not find expected '-' indicator": "indentation incohérente dans une liste",
        "expected <block end>, but found '<block mapping start>'": "indentation incohérente",
        "found undefined alias": "alias YAML inconnu",
        "found unhashable key": "clé invalide",
    }
    for english, french in known.items():
        if problem.startswith(english):
            return french
    if problem.startswith("found character"):
        return "caractère inattendu ; mettez la valeur entre guillemets"
    if problem.startswith("expected"):
        return "indentation ou ponctuation incohérente"
    return "erreur de syntaxe (" + problem + ")"


def _walk(
    node: yaml.Node,
    loc: Loc,
    out: dict[Loc, Position],
    seen: set[int],
    first_line: int,
    source: Source,
    lines: list[str],
    diags: list[Diagnostic],
) -> None:
    """Record the position of every key and list item; refuse aliases and duplicate keys."""
    if isinstance(node, yaml.ScalarNode):
        return
    if id(node) in seen:
        pos = (first_line + node.start_mark.line, node.start_mark.column + 1)
        message = (
            "les ancres et alias YAML (« & », « * ») ne sont pas acceptés ; recopiez la valeur"
        )
        diags.append(make_diag(source, lines, pos, "", message))
        return
    seen.add(id(node))
    if isinstance(node, yaml.MappingNode):
        keys: set[str] = set()
        for key_node, value_node in node.value:
            key = key_node.value if isinstance(key_node, yaml.ScalarNode) else repr(key_node.value)
            pos = (first_line + key_node.start_mark.line, key_node.start_mark.column + 1)
            if key in keys:
                diags.append(
                    make_diag(
                        source, lines, pos, str(key), "clé écrite deux fois ; gardez-en une seule"
                    )
                )
            keys.add(key)
            out[(*loc, key)] = pos
            _walk(value_node, (*loc, key), out, seen, first_line, source, lines, diags)
    elif isinstance(node, yaml.SequenceNode):
        for index, item in enumerate(node.value):
            out[(*loc, index)] = (first_line + item.start_mark.line, item.start_mark.column + 1)
            _walk(item, (*loc, index), out, seen, first_line, source, lines, diags)


def split_cells(
    body: str, body_line: int, source: Source, lines: list[str]
) -> tuple[list[RawCell], list[Diagnostic]]:
    """Split a body at ``{name}`` fences; other fences (```python) stay inside the prose."""
    cells: list[RawCell] = []
    diags: list[Diagnostic] = []
    if "```" not in body and "~~~" not in body:  # no fence at all: one prose cell
        if body.strip():  # its text starts at body_line, blank lines included, like below
            cells.append(RawCell(None, body.rstrip("\n") + "\n", body_line))
        return cells, diags
    prose: list[str] = []
    prose_start = body_line
    open_fence: str | None = None  # ordinary fence marker we are inside
    cell: RawCell | None = None
    cell_marker = ""
    cell_lines: list[str] = []

    def flush_prose() -> None:
        text = "\n".join(prose)
        if text.strip():
            cells.append(RawCell(None, text + "\n", prose_start))
        prose.clear()

    for offset, line in enumerate(body.split("\n")):
        number = body_line + offset
        fence = _FENCE.match(line)
        if cell is not None:
            if (
                fence
                and fence.group(1)[0] == cell_marker[0]
                and len(fence.group(1)) >= len(cell_marker)
                and not fence.group(2).strip()
            ):
                cell.text = "\n".join(cell_lines) + "\n"
                cells.append(cell)
                cell, cell_lines = None, []
                prose_start = number + 1
            else:
                cell_lines.append(line)
            continue
        if open_fence is not None:
            if (
                fence
                and fence.group(1)[0] == open_fence[0]
                and len(fence.group(1)) >= len(open_fence)
                and not fence.group(2).strip()
            ):
                open_fence = None
            prose.append(line)
            continue
        if fence:
            info = _CELL_INFO.match(fence.group(2).strip())
            if info:
                flush_prose()
                cell = RawCell(info.group(1), "", number)
                cell_marker = fence.group(1)
                continue
            open_fence = fence.group(1)
        if not prose:
            prose_start = number
        prose.append(line)
    if cell is not None:
        diags.append(
            make_diag(
                source,
                lines,
                (cell.line, 1),
                "",
                f"le bloc {{{cell.name}}} n’est jamais fermé : ajoutez une ligne "
                f"{cell_marker} après son contenu",
            )
        )
    flush_prose()
    return cells, diags


def load(source: Source, data: bytes) -> Loaded:
    """Bytes of a Markdown file → frontmatter, body and cells, with diagnostics."""
    text, problem = decode(data)
    if text is None:
        diag = Diagnostic(source.display, 1, 1, "", problem or "fichier illisible")
        return Loaded(source, [], None, False, "", 1, [], [diag])
    lines = text.split("\n")
    diags: list[Diagnostic] = []
    frontmatter: YamlBlock | None = None
    has_frontmatter = bool(lines) and lines[0].rstrip() == "---"
    body_start = 0  # index in lines
    if has_frontmatter:
        end = next((i for i in range(1, len(lines)) if lines[i].rstrip() in {"---", "..."}), None)
        if end is None:
            diags.append(
                make_diag(
                    source,
                    lines,
                    (1, 1),
                    "",
                    "l’en-tête ouvert par « --- » n’est jamais fermé : ajoutez une ligne « --- » "
                    "après la dernière clé",
                )
            )
            return Loaded(source, lines, None, True, "", len(lines), [], diags)
        yaml_text = "\n".join(lines[1:end])
        frontmatter, yaml_diags = read_yaml(yaml_text, 2, (1, 1), source, lines, "l’en-tête")
        diags += yaml_diags
        body_start = end + 1
    body = "\n".join(lines[body_start:])
    body_line = body_start + 1
    cells, cell_diags = split_cells(body, body_line, source, lines)
    diags += cell_diags
    for cell in cells:
        if cell.name is not None:
            anchor = (cell.line, 1)
            cell.yaml, cell_yaml_diags = read_yaml(
                cell.text, cell.line + 1, anchor, source, lines, f"le bloc {{{cell.name}}}"
            )
            diags += cell_yaml_diags
    return Loaded(source, lines, frontmatter, has_frontmatter, body, body_line, cells, diags)
