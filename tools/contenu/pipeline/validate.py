"""Stage 3: validate one loaded file against the model of its folder, each component cell
against ``CELL_MODELS[name]``, and render its prose. Everything a later stage needs about the
file (links, anchors, word count, the validated models) ends up in a picklable ``FileResult``,
so files can be processed in parallel and cached by content hash."""

from __future__ import annotations

import typing
from dataclasses import dataclass, field
from typing import Any

from pydantic import BaseModel, ValidationError

from contenu.models import (
    ARTICLES_FOLDER,
    CELL_MODELS,
    COLLECTIONS,
    PAGES_FOLDER,
    SETTINGS_FILE,
    SINGLETONS,
    Article,
    Page,
)
from contenu.models.cells import place_of, place_problem
from contenu.models.common import PLACEHOLDER_MARK, ContentModel
from contenu.pipeline.advice import advice
from contenu.pipeline.discover import Source
from contenu.pipeline.load import Loaded, Loc, Position, RawCell, YamlBlock, load, make_diag
from contenu.pipeline.substitution import Substitution
from contenu.pipeline.variables import Variables
from contenu.render.markdown import Rendered, render_markdown
from contenu.report.diagnostics import (
    Diagnostic,
    did_you_mean,
    format_loc,
    nearest_first,
    pydantic_message,
)
from contenu.report.labels import key_hint, key_label

ENTRY_MODELS = {c.folder: c.model for c in COLLECTIONS}


@dataclass(frozen=True)
class Ref:
    """A link or image path written in a file, and where."""

    url: str
    line: int
    column: int
    field: str
    source_line: str


@dataclass
class CellResult:
    name: str | None  # None for prose
    line: int
    model: BaseModel | None = None
    html: str = ""


@dataclass
class FileResult:
    source: Source
    model: ContentModel | None = None
    cells: list[CellResult] = field(default_factory=list)
    body_html: str = ""  # rendered body of an entry
    words: int = 0
    anchors: list[str] = field(default_factory=list)
    refs: list[Ref] = field(default_factory=list)
    items: list[tuple[str, Ref]] = field(default_factory=list)  # (cell name, entry id)
    components: bool = False  # has a component cell (collect skips the files without)
    variables: str = ""  # digest of the variables this file was checked against ("" = none)
    diagnostics: list[Diagnostic] = field(default_factory=list)
    # Kept for the settings file only: collect checks the theme there.
    positions: dict[Loc, Position] = field(default_factory=dict)
    lines: list[str] = field(default_factory=list)

    @property
    def ok(self) -> bool:
        return self.model is not None and not any(d.is_error for d in self.diagnostics)


def _model_in(annotation: Any) -> type[BaseModel] | None:
    """The first Pydantic model inside an annotation (``list[Link] | None`` → ``Link``)."""
    if isinstance(annotation, type) and issubclass(annotation, BaseModel):
        return annotation
    for arg in typing.get_args(annotation):
        found = _model_in(arg)
        if found is not None:
            return found
    return None


def allowed_keys(model: type[BaseModel], loc: Loc) -> list[str]:
    """The keys a coach may write at ``loc`` inside ``model``."""
    current: type[BaseModel] | None = model
    for part in loc:
        if current is None:
            return []
        if isinstance(part, int):
            continue
        match = next(
            (f for name, f in current.model_fields.items() if (f.alias or name) == part), None
        )
        current = _model_in(match.annotation) if match is not None else None
    if current is None:
        return []
    return [f.alias or name for name, f in current.model_fields.items()]


def validate_model(
    model: type[BaseModel],
    data: dict[str, Any],
    block: YamlBlock,
    loaded: Loaded,
    prefix: str = "",
) -> tuple[BaseModel | None, list[Diagnostic]]:
    """Validate ``data``; each Pydantic error becomes a French diagnostic at its key's line,
    and a valid value outside a recommended length a warning."""
    try:
        validated = model.model_validate(data)
    except ValidationError as exc:
        diags = []
        for error in exc.errors(include_url=False):
            loc: Loc = tuple(p for p in error["loc"] if isinstance(p, int | str))
            # Pydantic appends validator names ("function-after[…]") to some locations.
            loc = tuple(p for p in loc if not (isinstance(p, str) and "[" in p))
            message = pydantic_message(dict(error))
            if error["type"] == "extra_forbidden" and loc:
                message += key_hint(str(loc[-1]), allowed_keys(model, loc[:-1]))
            if error["type"] == "missing" and loc:
                message = f"le champ obligatoire « {key_label(str(loc[-1]))} » manque"
            field_ = prefix + format_loc(loc)
            diags.append(
                make_diag(loaded.source, loaded.lines, block.position(loc), field_, message)
            )
        return None, diags
    return validated, [
        make_diag(loaded.source, loaded.lines, block.position(loc), prefix + format_loc(loc),
                  message, "warning")
        for loc, message in advice(model, block.data)
    ]  # fmt: skip


def _walk_refs(
    value: Any, loc: Loc, block: YamlBlock, loaded: Loaded, out: list[Ref], prefix: str
) -> None:
    if isinstance(value, dict):
        for key, item in value.items():
            _walk_refs(item, (*loc, key), block, loaded, out, prefix)
    elif isinstance(value, list):
        for index, item in enumerate(value):
            _walk_refs(item, (*loc, index), block, loaded, out, prefix)
    elif isinstance(value, str) and ((loc and loc[-1] == "href") or value.startswith("/images/")):
        line, column = block.position(loc)
        text = loaded.lines[line - 1] if 0 < line <= len(loaded.lines) else ""
        out.append(Ref(value.strip(), line, column, prefix + format_loc(loc), text))


def _prose_refs(urls: list[str], cell: RawCell, loaded: Loaded) -> list[Ref]:
    refs = []
    end = cell.line + cell.text.count("\n")
    numbers = range(cell.line, min(end, len(loaded.lines)) + 1)
    for url in urls:
        line, column = cell.line, 1
        # The Markdown link « ](url » first: « contact » must not match « /contact ».
        for needle, shift in ((f"]({url}", 2), (url, 0)):
            at = next(((n, loaded.lines[n - 1].find(needle)) for n in numbers
                       if needle in loaded.lines[n - 1]), None)  # fmt: skip
            if at is not None:
                line, column = at[0], at[1] + shift + 1
                break
        text = loaded.lines[line - 1] if 0 < line <= len(loaded.lines) else ""
        refs.append(Ref(url, line, column, "", text))
    return refs


def _render_problems(rendered: Rendered, cell: RawCell, loaded: Loaded) -> list[Diagnostic]:
    """The rendering's problems (refused link, reserved id) at the line that shows them."""
    places = _prose_refs([p.needle for p in rendered.problems], cell, loaded)
    return [
        make_diag(loaded.source, loaded.lines, (place.line, place.column), "", problem.message)
        for problem, place in zip(rendered.problems, places, strict=True)
    ]


def _check_cells(loaded: Loaded, result: FileResult, subst: Substitution) -> None:
    for raw in loaded.cells:
        if raw.name is None:
            rendered = render_markdown(subst.prose(raw.text, raw.line))
            result.cells.append(CellResult(None, raw.line, None, rendered.html))
            result.words += rendered.words
            result.anchors += rendered.ids
            result.refs += _prose_refs(rendered.links, raw, loaded)
            result.diagnostics += _render_problems(rendered, raw, loaded)
            continue
        name = raw.name
        result.components = True
        cell_model = CELL_MODELS.get(name)
        prefix = f"{{{name}}} "
        if cell_model is None:
            message = unknown_cell_message(name)
            column = (
                loaded.lines[raw.line - 1].find("{") + 1 if raw.line <= len(loaded.lines) else 1
            )
            result.diagnostics.append(
                make_diag(loaded.source, loaded.lines, (raw.line, column), "", message)
            )
            continue
        place = place_of(loaded.source.kind, loaded.source.name)
        misplaced = place_problem(cell_model, place) if place is not None else None
        if misplaced is not None:
            result.diagnostics.append(
                make_diag(loaded.source, loaded.lines, (raw.line, 1), "", misplaced)
            )
        if raw.yaml is None or raw.yaml.data is None:
            result.cells.append(CellResult(name, raw.line))
            continue
        cell_data = subst.data(raw.yaml.data, raw.yaml, prefix)
        model, diags = validate_model(cell_model, cell_data, raw.yaml, loaded, prefix)
        result.diagnostics += diags
        result.cells.append(CellResult(name, raw.line, model))
        _walk_refs(cell_data, (), raw.yaml, loaded, result.refs, prefix)
        anchor = getattr(model, "anchor", None)
        if isinstance(anchor, str):
            result.anchors.append(anchor)
        items = getattr(model, "items", None) if model is not None else None
        if isinstance(items, list) and name not in {"list"}:
            for index, item in enumerate(items):
                line, column = raw.yaml.position(("items", index))
                text = loaded.lines[line - 1] if 0 < line <= len(loaded.lines) else ""
                result.items.append(
                    (name, Ref(str(item), line, column, f"{prefix}items[{index}]", text))
                )


def unknown_cell_message(name: str) -> str:
    """The error of a cell of an unknown name, with the known names nearest first."""
    names = ", ".join(f"{{{n}}}" for n in nearest_first(name, CELL_MODELS))
    return (
        f"cellule inconnue {{{name}}}{did_you_mean(name, CELL_MODELS)} ; cellules possibles, "
        f"de la plus proche à la plus lointaine : {names} ; chacune est décrite avec un "
        "exemple dans le catalogue (docs/guide/catalogue.md#les-cellules)"
    )


def model_for(source: Source) -> type[ContentModel] | None:
    """The model a file of this kind is validated against (None: no model)."""
    if source.kind == "singleton":
        return SINGLETONS[source.rel]
    if source.kind == "page":
        return Page
    if source.kind == "article":
        return Article
    if source.kind == "entry":
        return ENTRY_MODELS[source.folder]
    return None


def _keys(model: type[BaseModel], *, required: bool = False) -> set[str]:
    return {f.alias or n for n, f in model.model_fields.items() if f.is_required() or not required}


def _wrong_folder(model: type[BaseModel], data: dict[str, Any], source: Source) -> str | None:
    """Where a file belongs when its keys are those of another folder's type (an article
    saved in ``pages/``), or None."""
    written = set(data)
    if written <= _keys(model):
        return None  # only wrong values, no foreign key: the file is where it should be
    places: list[tuple[type[BaseModel], str, str]] = [
        (Page, PAGES_FOLDER, "d’une page"),
        (Article, ARTICLES_FOLDER, "d’un article"),
    ]
    places += [(c.model, c.folder, f"d’une entrée « {c.kind} »") for c in COLLECTIONS]
    for other, folder, what in places:
        if other is not model and _keys(other, required=True) <= written <= _keys(other):
            name = source.rel.rsplit("/", 1)[-1]
            return (
                f"ce fichier a les champs {what} ({', '.join(sorted(written))}) : il va dans "
                f"le dossier content/{folder}/ ; déplacez-le en content/{folder}/{name}"
            )
    return None


def validate(loaded: Loaded, variables: Variables | None = None) -> FileResult:
    """Validate a loaded file; never raises on bad content. ``variables`` (from the site
    settings) are replaced in every file but the settings themselves."""
    source = loaded.source
    result = FileResult(source, diagnostics=list(loaded.diagnostics))
    settings = source.kind == "singleton" and source.rel == SETTINGS_FILE
    subst = Substitution(loaded, result.diagnostics, None if settings else variables)
    result.variables = subst.digest
    model = model_for(source)
    if model is None or not loaded.lines:
        return result
    if not loaded.has_frontmatter:
        result.diagnostics.append(
            make_diag(
                source,
                loaded.lines,
                (1, 1),
                "",
                "l’en-tête manque : le fichier doit commencer par une ligne « --- », puis les "
                "champs « clé: valeur », puis une autre ligne « --- »",
            )
        )
        return result
    block = loaded.frontmatter
    if block is None or block.data is None:
        return result
    data = subst.data(dict(block.data), block)
    body_field: str | None = getattr(model, "BODY_FIELD", None)
    if source.kind == "entry" and body_field:
        if body_field in data:
            result.diagnostics.append(
                make_diag(
                    source,
                    loaded.lines,
                    block.position((body_field,)),
                    body_field,
                    f"le champ « {key_label(body_field)} » ne s’écrit pas dans l’en-tête : "
                    "écrivez ce texte sous la deuxième ligne « --- »",
                )
            )
            data.pop(body_field)
        named = [c for c in loaded.cells if c.name is not None]
        for cell in named:
            result.diagnostics.append(
                make_diag(
                    source,
                    loaded.lines,
                    (cell.line, 1),
                    "",
                    f"les cellules comme {{{cell.name}}} ne sont permises que dans les pages et "
                    "les articles",
                )
            )
        if not loaded.body.strip():
            result.diagnostics.append(
                make_diag(
                    source,
                    loaded.lines,
                    (max(loaded.body_line - 1, 1), 1),
                    body_field,
                    "le texte sous les tirets est vide : écrivez ici le champ "
                    f"« {key_label(body_field)} »",
                )
            )
        rendered = render_markdown(subst.prose(loaded.body, loaded.body_line))
        result.body_html = rendered.html
        result.words = rendered.words
        result.refs += _prose_refs(
            rendered.links, RawCell(None, loaded.body, loaded.body_line), loaded
        )
        result.diagnostics += _render_problems(
            rendered, RawCell(None, loaded.body, loaded.body_line), loaded
        )
    validated, diags = validate_model(model, data, block, loaded)
    moved = _wrong_folder(model, data, source) if diags else None
    if moved is not None:  # one message that says where the file goes, not each key
        diags = [make_diag(source, loaded.lines, block.anchor, "", moved)]
    result.diagnostics += diags
    _walk_refs(data, (), block, loaded, result.refs, "")
    if source.kind in {"page", "article"}:
        _check_cells(loaded, result, subst)
    elif source.kind == "singleton" and loaded.body.strip():
        result.diagnostics.append(
            make_diag(
                source,
                loaded.lines,
                (loaded.body_line, 1),
                "",
                "le texte sous l’en-tête est ignoré dans ce fichier de réglages",
                "warning",
            )
        )
    if source.kind == "singleton":
        result.positions, result.lines = block.positions, loaded.lines
    elif source.kind == "article":  # collect's cross-file checks point at these two keys
        result.positions = {key: block.position(key) for key in (("category",), ("date",))}
        result.lines = loaded.lines[: loaded.body_line]  # the front matter: they are in it
    result.diagnostics += _placeholders(loaded, block)
    if isinstance(validated, ContentModel):
        result.model = validated
    return result


#: The warning of each « [À COMPLÉTER] »; ``contenu check --production`` makes it an error.
PLACEHOLDER_WARNING = f"valeur à compléter avant la mise en ligne (marquée {PLACEHOLDER_MARK})"


def _placeholders(loaded: Loaded, block: YamlBlock) -> list[Diagnostic]:
    """A warning for each line still carrying the « [À COMPLÉTER] » marker."""
    if not any(PLACEHOLDER_MARK in line for line in loaded.lines):
        return []
    keys = {line: format_loc(loc) for loc, (line, _) in block.positions.items()}
    diags = []
    for number, line in enumerate(loaded.lines, start=1):
        column = line.find(PLACEHOLDER_MARK)
        if column >= 0:
            diags.append(
                make_diag(
                    loaded.source,
                    loaded.lines,
                    (number, column + 1),
                    keys.get(number, ""),
                    PLACEHOLDER_WARNING,
                    "warning",
                )
            )
    return diags


def process(source: Source, data: bytes, variables: Variables | None = None) -> FileResult:
    """Load and validate one file; an unexpected failure is a diagnostic, never an exception."""
    try:
        return validate(load(source, data), variables)
    except Exception as exc:
        message = f"erreur interne en lisant ce fichier ({type(exc).__name__} : {exc})"
        return FileResult(source, diagnostics=[Diagnostic(source.display, 1, 1, "", message)])


__all__ = [
    "PLACEHOLDER_WARNING",
    "CellResult",
    "FileResult",
    "Ref",
    "allowed_keys",
    "model_for",
    "process",
    "validate",
]
