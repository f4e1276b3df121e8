"""Annotation titles are French labels of the field, never raw paths: every field of every
model and every cell has its label (contenu.report.labels)."""

from __future__ import annotations

import typing
from typing import Any

import pytest

from contenu.models import CELL_MODELS, ROOT_MODELS
from contenu.models.walk import reachable_models
from contenu.report.labels import CELL_LABELS, FIELD_LABELS, ITEM_LABELS, field_label
from contenu.text.typography import french_typography


def _is_list(annotation: Any) -> bool:
    if typing.get_origin(annotation) in (list, tuple, set, frozenset):
        return True
    return any(_is_list(arg) for arg in typing.get_args(annotation))


def every_field() -> dict[str, bool]:
    """Name as written in content files → whether some model makes it a list."""
    found: dict[str, bool] = {}
    for model in reachable_models(ROOT_MODELS):
        for name, info in model.model_fields.items():
            alias = info.alias or name
            found[alias] = found.get(alias, False) or _is_list(info.annotation)
    return found


def test_every_field_of_every_model_has_a_label() -> None:
    fields = every_field()
    missing = sorted(set(fields) - set(FIELD_LABELS))
    assert not missing, f"add a French label to contenu/labels.py FIELD_LABELS for {missing}"
    stale = sorted(set(FIELD_LABELS) - set(fields))
    assert not stale, f"no model has these fields any more: {stale}"


def test_every_list_field_names_its_items() -> None:
    lists = {name for name, is_list in every_field().items() if is_list}
    missing = sorted(lists - set(ITEM_LABELS))
    assert not missing, f"add what one element is called to ITEM_LABELS for {missing}"
    assert set(ITEM_LABELS) <= lists


def test_every_cell_has_a_label() -> None:
    assert set(CELL_LABELS) == set(CELL_MODELS)


@pytest.mark.parametrize(
    ("path", "label"),
    [
        ("{card} actions[0].href", "Carte mise en avant › Bouton 1 › Lien"),
        ("title", "Titre"),
        ("navigation.header[1].href", "Navigation › Lien 2 › Lien"),
        ("publisher.vatNumber", "Éditeur › Numéro de TVA"),
        ("{faq} items[2]", "Questions fréquentes › Élément 3"),
        ("{hero}", "Bannière d’ouverture"),
        (
            "interface.consent.accept",
            "Textes de l’interface › Bandeau cookies › Bouton « Accepter »",
        ),
        ("categorie", "« categorie »"),
        ("{encadre} title", "Cellule « encadre » › Titre"),
        ("prices.pack.amount", "Prix › Pack › Montant"),
        ("tags[0][1]", "« tags » n° 1 › Élément 2"),
        ("", ""),
    ],
)
def test_labels_read_like_french(path: str, label: str) -> None:
    assert field_label(path) == french_typography(label)


def test_labels_are_typeset_and_capitalised() -> None:
    for name in FIELD_LABELS:
        label = field_label(name)
        assert label == french_typography(label)
        assert label[0] == label[0].upper()
