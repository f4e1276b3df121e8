"""The rules of ``contenu check`` beyond the JSON Schemas, exported for the carnet: every
record of :mod:`contenu.rules` (the carnet interprets them, site/src/editor/core/rules.ts)
and, for each model, the rules its fields apply. A rule added to a field of a model reaches
the carnet with no change on its side.
"""

from __future__ import annotations

import typing
from typing import Any

from pydantic import AfterValidator, BaseModel

from contenu.models.walk import reachable_models
from contenu.rules import RULES, Decisions


def rule_of(validator: Any) -> Decisions | None:
    """The rule whose ``check`` a Pydantic validator function is, or None."""
    owner = getattr(validator, "__self__", None)
    return owner if isinstance(owner, Decisions) else None


def _rules(annotation: Any) -> list[str]:
    """Ids of the rules of an annotation (``Href | None`` → ``["link"]``); the items of a
    list are not checked one by one by the carnet's field rules."""
    found: list[str] = []
    for meta in getattr(annotation, "__metadata__", ()):
        if isinstance(meta, AfterValidator) and (rule := rule_of(meta.func)) is not None:
            found.append(rule.id)
    for arg in typing.get_args(annotation):
        if typing.get_origin(arg) is not list:
            found += _rules(arg)
    return found


def field_rules(models: list[type[BaseModel]]) -> dict[str, dict[str, list[str]]]:
    """Model name (its ``$defs`` name) → field alias → the rules of that field."""
    out: dict[str, dict[str, list[str]]] = {}
    for model in reachable_models(models):
        rules: dict[str, list[str]] = {}
        for name, info in model.model_fields.items():
            ids = sorted(set(_rules(info.rebuild_annotation())))
            if ids:
                rules[info.alias or name] = ids
        out.setdefault(model.__name__, rules)  # one model per $defs name: the first met
    return {name: rules for name, rules in sorted(out.items()) if rules}


def rules_export(models: list[type[BaseModel]]) -> dict[str, Any]:
    """What the carnet reads: ``records`` (id → record) and ``fields`` (model → field →
    rule ids)."""
    return {
        "records": {rule_id: RULES[rule_id].export() for rule_id in sorted(RULES)},
        "fields": field_rules(models),
    }
