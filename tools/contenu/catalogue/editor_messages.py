"""The French messages of ``contenu check``, exported for the browser editor's validator.

Nothing here is a second copy of a message: each template is what the pipeline's own code
says when it is run on a probe value, the probe then replaced by a ``{placeholder}``. The
editor fills the placeholders with the values it finds, so the words stay those of
``contenu check`` when the Python side changes them. The rules declared as records (links,
anchors, images, focus points, prices typed by hand…) need no probe: their records are
exported as they are (``editor_rules.py``).
"""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

from pydantic import create_model

from contenu.models import CELL_MODELS, COLLECTIONS
from contenu.models.common import PLACEHOLDER_MARK, ContentModel
from contenu.models.patterns import PATTERN_HINTS
from contenu.pipeline.discover import Source
from contenu.pipeline.graph import Graph
from contenu.pipeline.limits import MAX_NUMBER_DIGITS
from contenu.pipeline.load import Loaded, YamlBlock
from contenu.pipeline.references import check_items_and_orphans, check_refs
from contenu.pipeline.validate import (
    PLACEHOLDER_WARNING,
    CellResult,
    FileResult,
    Ref,
    process,
    unknown_cell_message,
    validate_model,
)
from contenu.pipeline.yaml_messages import GENERIC, with_example
from contenu.report.diagnostics import MONTH_NAMES, did_you_mean, nearest_first, pydantic_message
from contenu.report.labels import key_hint, key_label

#: A word no message contains: replaced by the placeholder once the message is made.
_PROBE = "zqprobe"
_NUMBER = 987653  # a number no message contains (and plural: more than one)


def _template(message: str, **names: str) -> str:
    for name, probe in names.items():
        message = message.replace(probe, "{" + name + "}")
    return message


def _pydantic(kind: str, value: Any = _PROBE, **ctx: Any) -> str:
    return pydantic_message({"type": kind, "input": value, "ctx": ctx})


def pydantic_templates() -> dict[str, str]:
    """Error type (with a variant after « : ») → template; ``{shown}`` is the value as
    ``contenu check`` shows it, ``{n}`` a number, ``{s}`` the plural « s »."""
    shown = f"« {_PROBE} »"
    n = str(_NUMBER)
    out = {
        "missing": _pydantic("missing"),
        "extra_forbidden": _pydantic("extra_forbidden"),
        "string_type": _template(_pydantic("string_type"), shown=shown),
        "string_type:bool": _template(_pydantic("string_type", True), shown="« true »"),
        "string_type:number": _template(_pydantic("string_type", _NUMBER), shown=f"« {n} »"),
        "string_type:none": _pydantic("string_type", None),
        "int_parsing": _template(_pydantic("int_parsing"), shown=shown),
        "float_parsing": _template(_pydantic("float_parsing"), shown=shown),
        "bool_parsing": _template(_pydantic("bool_parsing"), shown=shown),
        "date_parsing": _template(_pydantic("date_parsing"), shown=shown),
        # A day or month that does not exist (2023-02-31, 2023-13-01): the probe dates are
        # chosen so that each placeholder's text appears once in the message.
        "date_parsing:day": _template(
            _pydantic("date_parsing", "2023-02-31"),
            shown="« 2023-02-31 »",
            month="février",
            year="2023",
            days="28",
        ),
        "date_parsing:month": _template(
            _pydantic("date_parsing", "2023-13-01"), shown="« 2023-13-01 »", month="13"
        ),
        "months": ",".join(MONTH_NAMES),
        "greater_than_equal": _template(
            _pydantic("greater_than_equal", ge=_NUMBER), shown=shown, n=n
        ),
        "less_than_equal": _template(_pydantic("less_than_equal", le=_NUMBER), shown=shown, n=n),
        "greater_than": _template(_pydantic("greater_than", gt=_NUMBER), shown=shown, n=n),
        "less_than": _template(_pydantic("less_than", lt=_NUMBER), shown=shown, n=n),
        "string_too_short:empty": _pydantic("string_too_short", min_length=1),
        "string_too_short": _template(_pydantic("string_too_short", min_length=_NUMBER), n=n),
        "string_too_long": _template(
            _pydantic("string_too_long", "x" * (_NUMBER + 1), max_length=_NUMBER),
            n=n,
            actual=str(_NUMBER + 1),
        ),
        "too_short": _template(_pydantic("too_short", min_length=_NUMBER), n=n),
        "too_long": _template(_pydantic("too_long", max_length=_NUMBER), n=n),
        "string_pattern_mismatch": _template(
            _pydantic("string_pattern_mismatch", pattern=_PROBE + "p"),
            shown=shown,
            hint=_PROBE + "p",
        ),
        "url_parsing": _template(_pydantic("url_parsing"), shown=shown),
        "list_type": _template(_pydantic("list_type"), shown=shown),
        "dict_type": _template(_pydantic("dict_type"), shown=shown),
        "literal_error": _template(
            _pydantic("literal_error", "zqaa", expected="'zqa' or 'wwww'"),
            shown="« zqaa »",
            hint=did_you_mean("zqaa", ["zqa", "wwww"]),
            values="« zqa », « wwww »",
        ),
        "email": _template(
            _pydantic("value_error", error=ValueError("An email address must have an @-sign.")),
            shown=shown,
        ),
        "invalid": _template(_pydantic("zq_unknown"), shown=shown),
    }
    # The plural of the numbered messages: the same sentence with 1.
    for kind, ctx in (
        ("string_too_long", "max_length"),
        ("too_short", "min_length"),
        ("too_long", "max_length"),
    ):
        value = "xx" if kind == "string_too_long" else _PROBE
        one = _pydantic(kind, value, **{ctx: 1})
        out[kind + ":one"] = _template(one.replace(" 1 ", " {n} "), actual="2")
    return out


def validate_templates() -> dict[str, str]:
    """What the validate stage says around Pydantic's errors: a missing field named, an
    unknown cell with the list of the known ones."""
    source = _probe_source("pages/zq.md", "page")
    loaded = Loaded(source, ["---"], None, True, "", 1, [])
    block = YamlBlock({}, {}, (1, 1))
    probe = create_model("Probe", __base__=ContentModel, zqkey=(str, ...))
    _, diags = validate_model(probe, {}, block, loaded)
    name = next(iter(CELL_MODELS)) + "zq"  # a name close to a known one: with a hint
    names = ", ".join(f"{{{n}}}" for n in nearest_first(name, CELL_MODELS))
    hint = did_you_mean(name, CELL_MODELS)
    unknown = unknown_cell_message(name).replace(hint, "{hint}", 1).replace(names, "{names}")
    return {
        "missing": _template(diags[0].message, label="zqkey"),
        "unknown_cell": _template(unknown, name=name),
    }


def hint_templates() -> dict[str, str]:
    return {
        "did_you_mean": _template(did_you_mean(_PROBE + "x", [_PROBE + "y"]), guess=_PROBE + "y"),
        # A mistyped key: the field meant, by its label, and the key to type.
        "did_you_mean_key": _template(
            key_hint("excerptt", ["excerpt"]), label=key_label("excerpt"), key="excerpt"
        ),
        "patterns": PATTERN_HINTS,  # type: ignore[dict-item]
    }


def _probe_source(rel: str, kind: str) -> Source:
    folder, _, name = rel.partition("/")
    display = f"content/{rel}"
    return Source(Path(rel), rel, display, kind, folder, name.removesuffix(".md"))  # type: ignore[arg-type]


def cross_file_templates() -> dict[str, str]:
    """The messages of the cross-file rules (links, images, entries), from the collect
    stage run on a probe page."""
    page = FileResult(_probe_source("pages/zq.md", "page"))
    image, link, relative, anchor = "/images/zqimg.jpg", "/zqlink/?zq=1#zqa", "zqrel", "#zqanchor"
    page.refs = [Ref(url, 1, 1, "", "") for url in (image, link, relative, anchor)]
    folder = COLLECTIONS[0].folder
    page.components = True
    page.cells = [CellResult(COLLECTIONS[0].cell, 1)]
    page.items = [(COLLECTIONS[0].cell, Ref("zqentry", 1, 1, "", ""))]
    graph = Graph()
    messages = [d.message for d in check_refs(graph, [page])]
    messages += [d.message for d in check_items_and_orphans(graph, [page])]
    by_probe = {
        "image": next(m for m in messages if "zqimg" in m),
        "link": next(m for m in messages if "zqlink" in m),
        "relative": next(m for m in messages if "zqrel" in m),
        "anchor": next(m for m in messages if "zqanchor" in m),
        "entry": next(m for m in messages if "zqentry" in m),
    }
    return {
        "image": _template(by_probe["image"], path=image),
        "link": _template(by_probe["link"], url=link, path="/zqlink"),
        "relative": _template(by_probe["relative"], url=relative),
        "anchor": _template(
            re.sub(r"«(\s*)courante(\s*)»", r"«\1{page}\2»", by_probe["anchor"]),
            anchor="zqanchor",
            known="aucune",
        ),
        "anchor_page": "courante",
        "anchor_none": "aucune",
        "entry": _template(by_probe["entry"].replace(folder, "{folder}"), id="zqentry"),
    }


def _file_messages(rel: str, kind: str, text: str) -> list[str]:
    return [d.message for d in process(_probe_source(rel, kind), text.encode()).diagnostics]


def _no_example(message: str) -> str:
    """A message of with_example without its example (« : `title: "…"` »)."""
    return message.rsplit("\u00a0: `", 1)[0] if message.endswith("`") else message


def _pick(found: list[str], word: str) -> str:
    return next(message for message in found if word in message)


def document_templates() -> dict[str, str]:
    """What the load and validate stages say about a file's shape, from probe files."""
    page, entry = ("pages/zq.md", "page"), (f"{COLLECTIONS[0].folder}/zq.md", "entry")
    body_field = COLLECTIONS[0].model.BODY_FIELD
    in_front = _file_messages(*entry, f"---\n{body_field}: x\n---\nTexte\n")
    cells = _file_messages(*entry, "---\norder: 1\n---\n```{zqcell}\n```\n")
    empty = _file_messages(*entry, "---\norder: 1\n---\n")
    unclosed = _file_messages(*page, "---\ntitle: a\n---\n~~~~{zqcell}\n")
    twice = _file_messages(*page, "---\nzq: 1\nzq: 2\n---\n")
    listed = _file_messages(*page, "---\n- zq\n---\n")
    comment = _file_messages(*page, "---\nzq: a` #zqrest\n---\n")
    long_number = "1" * (MAX_NUMBER_DIGITS + 1)
    return {
        "no_frontmatter": _file_messages(*page, "Texte\n")[0],
        "unclosed_frontmatter": _file_messages(*page, "---\ntitle: a\n")[0],
        "body_in_frontmatter": _template(_pick(in_front, "ne s"), label=key_label(body_field)),
        "cells_in_entry": _template(_pick(cells, "zqcell"), name="zqcell"),
        "empty_body": _template(_pick(empty, "vide"), label=key_label(body_field)),
        "unclosed_cell": _template(_pick(unclosed, "zqcell"), name="zqcell", marker="~~~~"),
        "duplicate_key": _template(_pick(twice, "deux fois"), label="zq", line="2"),
        "not_a_mapping": _pick(listed, "clé").replace("l’en-tête", "{what}", 1),
        # The reader's words for YAML it cannot read at all; a known syntax mistake gets a
        # more precise message from yaml_messages.explained, which the editor does not have.
        "unreadable": f"impossible de lire {{what}} : {GENERIC}",
        "comment": _template(_pick(comment, "commentaire"), rest="#zqrest"),
        # Without their example: the editor adds it as with_example does.
        "anchor": _no_example(_pick(_file_messages(*page, "---\nzq: &zq a\n---\n"), "&")),
        "alias": _no_example(_pick(_file_messages(*page, "---\nzr: [*zq]\n---\n"), "*")),
        "long_number": _template(
            _no_example(_pick(_file_messages(*page, f"---\nzq: {long_number}\n---\n"), "chiffres")),
            digits=str(MAX_NUMBER_DIGITS + 1),
            max=str(MAX_NUMBER_DIGITS),
        ),
        "max_digits": str(MAX_NUMBER_DIGITS),
        "with_example": _template(with_example("zqm", "zq: v"), text="zqm", example='`zq: "v"`'),
        "what_frontmatter": "l’en-tête",
        "what_cell": "la cellule {{name}}",
    }


def message_catalogue() -> dict[str, Any]:
    return {
        "pydantic": pydantic_templates(),
        "hints": hint_templates(),
        "validate": validate_templates(),
        "crossFile": cross_file_templates(),
        "document": document_templates(),
        "placeholder": {"mark": PLACEHOLDER_MARK, "warning": PLACEHOLDER_WARNING},
    }
