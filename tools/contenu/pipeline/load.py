"""Stage 2: read a file's bytes into frontmatter (YAML with the line of every key) and a body
split into cells. Nothing here raises on bad input: problems become diagnostics."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from contenu.pipeline.discover import Oversized, Source
from contenu.pipeline.limits import MAX_MARKDOWN_BYTES, MAX_MARKDOWN_TEXT
from contenu.pipeline.yaml_reader import Loc, Position, parse_mapping
from contenu.report.diagnostics import Diagnostic, Severity
from contenu.rules import Pattern, Shape

__all__ = [
    "Loaded",
    "Loc",
    "Position",
    "RawCell",
    "YamlBlock",
    "decode",
    "load",
    "make_diag",
    "read_yaml",
    "split_cells",
]


@dataclass
class YamlBlock:
    """A YAML mapping read from a file: its value and where each key sits."""

    data: dict[str, Any] | None  # None when the YAML could not be read
    positions: dict[Loc, Position]
    anchor: Position  # where to report a problem with the block as a whole

    def position(self, loc: Loc) -> Position:
        """Where the value at ``loc`` is written, or its nearest written parent."""
        for end in range(len(loc), 0, -1):
            if loc[:end] in self.positions:
                return self.positions[loc[:end]]
        return self.anchor


@dataclass
class RawCell:
    """A piece of body: prose (``name`` is None) or a ``{name}`` component cell."""

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
    if isinstance(data, Oversized) or len(data) > MAX_MARKDOWN_BYTES:
        megabytes = f"{getattr(data, 'size', len(data)) / 1_000_000:.1f}".replace(".", ",")
        return None, (
            f"fichier trop gros : {megabytes} Mo, pour {MAX_MARKDOWN_TEXT} au plus par fichier "
            "Markdown ; découpez le texte en plusieurs fichiers (les images vont dans "
            "content/images/)"
        )
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


#: A fence line: up to three spaces, three backticks or tildes or more, the info string.
FENCE = Shape("fence", Pattern(" {0,3}(?P<marker>`{3,}|~{3,})(?P<info>[^\\n]*)", "match"))
#: The info string (stripped) of a component cell's fence: ``{name}``. The name is stripped
#: after: "\s*" on both sides of a lazy group backtracks cubically on a line of spaces.
CELL_INFO = Shape("cell_info", Pattern("\\{(?P<name>[^{}]*)\\}", "fullmatch"))
_FENCE = FENCE.pattern.compiled
_CELL_INFO = CELL_INFO.pattern


def read_yaml(
    text: str, first_line: int, anchor: Position, source: Source, lines: list[str], what: str
) -> tuple[YamlBlock, list[Diagnostic]]:
    """Parse ``text`` (which starts at file line ``first_line``) into a mapping with positions."""
    parsed = parse_mapping(text, first_line, what)
    diags = [
        make_diag(source, lines, problem.position or anchor, problem.field, problem.message)
        for problem in parsed.problems
    ]
    return YamlBlock(parsed.data, parsed.positions, anchor), diags


def _from_first_text_line(body: str, body_line: int) -> tuple[str, int]:
    """The body from its first line that is not blank, and that line's number (positions
    inside the prose are counted from it)."""
    blank = body[: len(body) - len(body.lstrip())].count("\n")
    return body.split("\n", blank)[-1] if blank else body, body_line + blank


def split_cells(
    body: str, body_line: int, source: Source, lines: list[str]
) -> tuple[list[RawCell], list[Diagnostic]]:
    """Split a body at ``{name}`` fences; other fences (```python) stay inside the prose."""
    cells: list[RawCell] = []
    diags: list[Diagnostic] = []
    if "```" not in body and "~~~" not in body:  # no fence at all: one prose cell
        if body.strip():
            text, first = _from_first_text_line(body, body_line)
            cells.append(RawCell(None, text.rstrip("\n") + "\n", first))
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
            info = _CELL_INFO.test(fence.group(2).strip())
            if info:
                flush_prose()
                cell = RawCell(info.group(1).strip(), "", number)
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
                f"la cellule {{{cell.name}}} n’est jamais fermée : ajoutez une ligne "
                f"{cell_marker} après son contenu",
            )
        )
    flush_prose()
    return cells, diags


def load(source: Source, data: bytes) -> Loaded:
    """Bytes of a Markdown file → frontmatter, body and cells, with diagnostics."""
    if source.problem:  # a file discover refused: its bytes were never read
        diag = Diagnostic(source.display, 1, 1, "", source.problem)
        return Loaded(source, [], None, False, "", 1, [], [diag])
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
                cell.text, cell.line + 1, anchor, source, lines, f"la cellule {{{cell.name}}}"
            )
            diags += cell_yaml_diags
    return Loaded(source, lines, frontmatter, has_frontmatter, body, body_line, cells, diags)
