"""Each rule is one record, and reaches both sides: every validator of the models is a
rule's (or a transform that checks nothing), every record is exported for the carnet, and
the examples of each rule give each of its messages (they are what both sides are compared
on, tests/pipeline/test_editor_rules.py)."""

from __future__ import annotations

import re
import typing
from pathlib import Path
from typing import Any

from pydantic import AfterValidator

import contenu.cli  # noqa: F401  (every module that declares a rule)
from contenu.catalogue.editor_data import editor_data, root_models
from contenu.catalogue.editor_rules import rule_of
from contenu.models.checks import lower_host, normal_site_url
from contenu.models.common import normal_focus
from contenu.models.numbers import whole_amount
from contenu.models.walk import reachable_models
from contenu.rules import RULES, Decisions
from contenu.text.typography import french_typography

REPO = Path(__file__).resolve().parents[3]
EDITOR = REPO / "site" / "src" / "editor"

#: Validators that change a value and refuse nothing: the carnet need not apply them.
TRANSFORMS = {french_typography, normal_focus, normal_site_url, lower_host, whole_amount}


def _validators(annotation: Any) -> list[Any]:
    found = [
        m.func for m in getattr(annotation, "__metadata__", ()) if isinstance(m, AfterValidator)
    ]
    return found + [f for arg in typing.get_args(annotation) for f in _validators(arg)]


def test_every_validator_of_the_models_is_a_rule_or_a_transform() -> None:
    python_only = []
    for model in reachable_models(list(root_models().values())):
        for name, info in model.model_fields.items():
            for check in _validators(info.rebuild_annotation()):
                if rule_of(check) is None and check not in TRANSFORMS:
                    python_only.append(f"{model.__name__}.{name}: {check.__qualname__}")
    assert not python_only, (
        "validators the carnet does not know: declare each as a rule record "
        f"(contenu.rules) or list it here as a transform: {python_only}"
    )


def test_every_rule_is_exported_and_reaches_the_carnet() -> None:
    exported = editor_data()["rules"]
    assert set(exported["records"]) == set(RULES)
    on_fields = {
        rule
        for table in ("fields", "advice")
        for fields in exported[table].values()
        for ids in fields.values()
        for rule in ids
    }
    core = "\n".join(
        p.read_text(encoding="utf-8") for p in EDITOR.rglob("*.ts") if ".test." not in p.name
    )
    calls = "ruleProblem|ruleParts|ruleList|shape|typedValues|sameNameProblem"
    named = set(re.findall(rf"""(?:{calls})\("([a-z_]+)\"""", core))
    assert named <= set(RULES), (
        f"the carnet names rules Python does not declare: {named - set(RULES)}"
    )
    unused = set(RULES) - on_fields - named
    assert not unused, f"rules the carnet never applies (on no field, named nowhere): {unused}"


def test_the_examples_of_each_rule_give_every_message_and_an_acceptance() -> None:
    for rule in RULES.values():
        if not isinstance(rule, Decisions):
            continue
        keys = {rule.decide(value)[0] for value in rule.examples}
        assert keys >= {*rule.messages, None}, (rule.id, set(rule.messages) | {None} - keys)
