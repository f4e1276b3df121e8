"""The rules of ``contenu check`` beyond the JSON Schemas, exported for the carnet: every
record of :mod:`contenu.rules` (the carnet interprets them, site/src/editor/core/rules.ts)
and, for each model, the rules its fields apply. A rule added to a field of a model reaches
the carnet with no change on its side.
"""

from __future__ import annotations

import typing
from typing import Any

from pydantic import AfterValidator, BaseModel
from pydantic.fields import FieldInfo

from contenu.models.walk import reachable_models
from contenu.rules import RULES, Decisions, lengths


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


#: JSON Schema keywords a field may carry for other editors only (``json_schema_extra``):
#: Pydantic does not check them, the field's rules do.
HINT_KEYWORDS = ("pattern", "format")


def _hints(annotation: Any, info: FieldInfo | None = None) -> set[str]:
    """The keywords of ``HINT_KEYWORDS`` an annotation (or its field) adds as mere hints."""
    extras = [info.json_schema_extra] if info is not None else []
    extras += [
        m.json_schema_extra
        for m in getattr(annotation, "__metadata__", ())
        if isinstance(m, FieldInfo)
    ]
    found = {
        key for extra in extras if isinstance(extra, dict) for key in extra if key in HINT_KEYWORDS
    }
    for arg in typing.get_args(annotation):
        if typing.get_origin(arg) is not list:
            found |= _hints(arg)
    return found


def _by_field(models: list[type[BaseModel]], read: Any) -> dict[str, dict[str, list[str]]]:
    """Model name (its ``$defs`` name) → field alias → what ``read(annotation, info)`` finds."""
    out: dict[str, dict[str, list[str]]] = {}
    for model in reachable_models(models):
        found: dict[str, list[str]] = {}
        for name, info in model.model_fields.items():
            items = sorted(set(read(info.rebuild_annotation(), info)))
            if items:
                found[info.alias or name] = items
        out.setdefault(model.__name__, found)  # one model per $defs name: the first met
    return {name: found for name, found in sorted(out.items()) if found}


def field_rules(models: list[type[BaseModel]]) -> dict[str, dict[str, list[str]]]:
    """Model name → field alias → the rules of that field."""
    return _by_field(models, lambda annotation, _: _rules(annotation))


def field_hints(models: list[type[BaseModel]]) -> dict[str, dict[str, list[str]]]:
    """Model name → field alias → the JSON Schema keywords of that field that only hint."""
    return _by_field(models, _hints)


def field_advice(models: list[type[BaseModel]]) -> dict[str, dict[str, list[str]]]:
    """Model name → field alias → the recommended lengths of that field (warnings)."""
    return _by_field(models, lambda _, info: [length.id for length in lengths(info.metadata)])


def rules_export(models: list[type[BaseModel]]) -> dict[str, Any]:
    """What the carnet reads: ``records`` (id → record), ``fields`` (model → field → rule
    ids), ``advice`` (model → field → the ids of its recommended lengths, warnings) and
    ``hints`` (model → field → JSON Schema keywords Pydantic does not check)."""
    return {
        "records": {rule_id: RULES[rule_id].export() for rule_id in sorted(RULES)},
        "fields": field_rules(models),
        "advice": field_advice(models),
        "hints": field_hints(models),
    }
