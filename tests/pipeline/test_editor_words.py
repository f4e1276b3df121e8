"""The carnet in the coach's words, held to ``contenu check`` by running its core under Node
(the bundle of test_editor_agreement.py): the same French label and place for every field
(``core/labels.ts`` against ``report/labels.py``), the same value or refusal for every
number and date typed as text (the rule records of ``models/numbers.py`` and
``models/dates.py``, read by ``core/numbers.ts`` and ``dates.ts``), and the same verdict on
files holding them. Run by ``nox -s site``, which has node_modules (issue 30)."""

from __future__ import annotations

import datetime as dt
import re
import typing
from collections.abc import Callable, Iterator
from decimal import Decimal
from pathlib import Path
from typing import Any

import editor_cli
import pytest
from editor_cli import _shipped
from french_forms import KINDS, french_amounts, french_dates
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from pydantic import BaseModel
from stage_inputs import CONTENT
from test_editor_agreement import editor_verdicts, pipeline_verdict, run_editor

from contenu.models import CELL_MODELS, ROOT_MODELS
from contenu.models.dates import DATE_RULE
from contenu.models.numbers import NUMBER_RULES
from contenu.models.site import SiteSettings
from contenu.models.walk import models_in, reachable_models
from contenu.pipeline.discover import Source, classify
from contenu.pipeline.validate import process
from contenu.pipeline.variables import Variables
from contenu.report.labels import field_label, key_label

#: Every key a content file may hold, as written in YAML.
ALIASES = {
    info.alias or name for model in reachable_models(ROOT_MODELS)
    for name, info in model.model_fields.items()
}  # fmt: skip
SETTINGS_PATH = "reglages/site.md"
SETTINGS = (CONTENT / SETTINGS_PATH).read_text(encoding="utf-8")
PACK = "    amount: 395\n"
pytestmark = editor_cli.require_node()
ARTICLE = (
    "---\ntitle: Un titre\nexcerpt: Un résumé.\ndate: 2024-03-15\ncategory: Émotions\n---\n\n"
    "Texte.\n"
)


@pytest.fixture(scope="module")
def carnet(tmp_path_factory: pytest.TempPathFactory) -> Callable[[dict[str, Any]], Any]:
    folder = tmp_path_factory.mktemp("carnet")
    return lambda payload: run_editor(folder, payload)


# --- Places -------------------------------------------------------------------------------


def _paths(model: type[BaseModel], prefix: str, depth: int = 0) -> Iterator[str]:
    for name, info in model.model_fields.items():
        key = prefix + ("." if prefix and not prefix.endswith(" ") else "") + (info.alias or name)
        yield key
        listed = any(
            typing.get_origin(a) is list for a in [info.annotation, *_args(info.annotation)]
        )
        if listed:
            yield f"{key}[0]"
            yield f"{key}[2][1]"
        for inner in models_in(info.annotation):
            if depth < 4:
                yield from _paths(inner, f"{key}[1]" if listed else key, depth + 1)


def _args(annotation: Any) -> list[Any]:
    return [arg for arg in typing.get_args(annotation)]


def every_field_path() -> list[str]:
    """Every place a diagnostic may name, in the files and in each cell."""
    paths = {p for model in ROOT_MODELS for p in _paths(model, "")}
    for name, model in CELL_MODELS.items():
        paths.add(f"{{{name}}}")
        paths |= set(_paths(model, f"{{{name}}} "))
    return sorted(paths)


hostile_paths = st.one_of(
    st.text(max_size=12),
    st.lists(
        st.sampled_from(["{hero} ", "{zq} ", "actions", "[0]", "[12]", ".", "title", "zq",
                         "toString", "items", "«", " ", "{", "}", "constructor"]),
        max_size=8,
    ).map("".join),
)  # fmt: skip


def test_the_carnet_names_every_place_as_contenu_check_does(
    carnet: Callable[[dict[str, Any]], Any],
) -> None:
    fields = every_field_path()
    assert len(fields) > 300
    keys = [*sorted(ALIASES), "zq", "toString"]
    answer = carnet({"mode": "labels", "fields": fields, "keys": keys})
    assert answer["fields"] == [field_label(f) for f in fields]
    assert answer["keys"] == [key_label(k) for k in keys]


@settings(max_examples=40, deadline=None)
@given(fields=st.lists(hostile_paths, min_size=1, max_size=30))
def test_the_carnet_names_any_path_as_contenu_check_does(
    carnet: Callable[[dict[str, Any]], Any], fields: list[str]
) -> None:
    """Keys the coach mistyped, cells no model declares, names every object has."""
    assert carnet({"mode": "labels", "fields": fields})["fields"] == [
        field_label(f) for f in fields
    ]


# --- Numbers and dates -------------------------------------------------------------------


def _python(kind: str, text: str) -> dict[str, Any]:
    try:
        if kind == "date":
            return {"value": DATE_RULE.read(text).isoformat()}
        return {"value": NUMBER_RULES[kind].read(text)}  # type: ignore[index]
    except ValueError as refused:
        return {"problem": str(refused)}


TYPED = st.text(alphabet="0123456789 ,.-/€eurosEURmajnvilétx\u00a0\u202f\u2212", max_size=16)


@settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    amounts=st.lists(french_amounts(), max_size=15),
    dates=st.lists(french_dates(), max_size=15),
    texts=st.lists(st.tuples(st.sampled_from([*KINDS, "date"]), TYPED), max_size=20),
)
def test_the_carnet_reads_every_text_as_contenu_check_does(
    carnet: Callable[[dict[str, Any]], Any],
    amounts: list[tuple[Decimal, str]],
    dates: list[tuple[dt.date, str]],
    texts: list[tuple[str, str]],
) -> None:
    cases = [("amount", t) for _, t in amounts] + [("date", t) for _, t in dates] + texts
    readings = [{"kind": kind, "text": text} for kind, text in cases]
    answer = carnet({"mode": "readings", "readings": readings})
    assert answer == [_python(kind, text) for kind, text in cases]


PRICES_WRITTEN = ["395,50", "1 250 €", "395,505", "1.250", "12 50", "beaucoup", "395.555", '""']
DATES_WRITTEN = ["15/03/2024", "15 mars 2024", "03/15/2024", "15/03/24", "31/02/2023", "20240315",
                 '""', "2024-02-30", "le 3 mars"]  # fmt: skip


def test_the_carnet_and_contenu_check_give_the_same_verdict_on_a_file(tmp_path: Path) -> None:
    """Prices typed by hand in the settings, dates in an article: the same verdict, field
    and French sentence on both sides."""
    cases = [
        ("reglages/site.md", SETTINGS.replace(PACK, f"    amount: {w}\n")) for w in PRICES_WRITTEN
    ]
    cases += [("articles/a.md", ARTICLE.replace("2024-03-15", w)) for w in DATES_WRITTEN]
    editor = editor_verdicts(tmp_path, cases)
    assert editor == [pipeline_verdict(rel, text) for rel, text in cases]


# --- A price with cents typed by hand ----------------------------------------------------

#: A pack priced 395,50 € (as typed in the settings, and as YAML's number) and a text that
#: types its price by hand with and without the cents.
PACKS_WITH_CENTS = ["395,50", "395.5", "'395,50 €'"]
PRICES_IN_TEXT = "Le pack : 395,50 €, 395,5 euros ou 395 € ; 1 395,50 € et 395,05 € sont autres."


@pytest.mark.parametrize("pack", PACKS_WITH_CENTS)
def test_a_price_with_cents_typed_by_hand_is_caught_alike_on_both_sides(
    carnet: Callable[[dict[str, Any]], Any], pack: str
) -> None:
    """The amount rule reads the settings' price on both sides, and a price in a text is its
    amount with its cents: « 395,50 € » and « 395,5 euros » are the pack's price typed by
    hand, « 395 € » is not (it was, when the cents were dropped)."""
    settings_text = SETTINGS.replace(PACK, f"    amount: {pack}\n")
    source = Source(CONTENT / SETTINGS_PATH, SETTINGS_PATH, f"content/{SETTINGS_PATH}",
                    *classify(SETTINGS_PATH))  # fmt: skip
    model = process(source, settings_text.encode()).model
    assert isinstance(model, SiteSettings), pack
    variables = Variables.of(model)
    text = ARTICLE + "\n" + PRICES_IN_TEXT + "\n"
    rel = "articles/a.md"
    article = Source(CONTENT / rel, rel, f"content/{rel}", *classify(rel))
    python = sorted(
        d.message for d in process(article, text.encode(), variables).diagnostics
        if "tapé à la main" in d.message
    )  # fmt: skip
    typed = [
        re.sub("[\u00a0\u202f ]+", " ", m.split("»")[0].strip("« "))
        for m in python
        if "tapé à la main\u00a0: écrivez" in m  # a settings price; the others are stale
    ]
    assert sorted(t.strip() for t in typed) == ["395,5 euros", "395,50 €"]
    assert len(python) == 5  # « 395 € », « 1 395,50 € », « 395,05 € »: none is the pack's
    _, context, _ = _shipped()
    payload = {"context": {**context, "settings": settings_text},
               "cases": [{"path": rel, "text": text}]}  # fmt: skip
    (found,) = carnet(payload)
    assert sorted(d["message"] for d in found if "tapé à la main" in d["message"]) == python
