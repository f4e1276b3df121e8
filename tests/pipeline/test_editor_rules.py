"""The rules as data: each rule of ``contenu check`` beyond the JSON Schemas is one record
(``contenu.rules``), raised by the pipeline and interpreted by the carnet
(site/src/editor/core/rules.ts) from the exported records. Both sides judge every example
of every rule, and generated values, alike; a rule added in Python reaches the carnet's
field with no TypeScript change (a throw-away rule shows it).
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Annotated, Any

import editor_cli
import pytest
from editor_cli import ROOT, editor_verdicts, pipeline_verdict, run_editor
from hypothesis import HealthCheck, Phase, given, settings
from hypothesis import strategies as st
from pydantic import AfterValidator, Field

from contenu.catalogue import editor_data as editor_data_module
from contenu.catalogue.editor_data import EDITOR_DATA_PATH, editor_data
from contenu.models import Article
from contenu.models.common import Text
from contenu.pipeline import validate
from contenu.report.diagnostics import typeset
from contenu.rules import RULES, Decisions, Matches, Pattern, Step
from contenu.rules.registry import unregister

pytestmark = editor_cli.require_node()

DECISIONS = sorted((r for r in RULES.values() if isinstance(r, Decisions)), key=lambda r: r.id)


def _pipeline(rule: Decisions, value: str) -> str | None:
    """The rule's message at a field, as Pydantic raises it, or None."""
    try:
        rule.check(value)
    except ValueError as error:
        return str(error)
    return None


def _carnet(bundle_dir: Path, cases: list[tuple[Decisions, str]]) -> list[str | None]:
    payload = {
        "mode": "rules",
        "context": {},
        "cases": [{"rule": r.id, "value": v} for r, v in cases],
    }
    return list(run_editor(bundle_dir, payload))


@pytest.fixture(scope="module")
def bundle_dir(tmp_path_factory: pytest.TempPathFactory) -> Path:
    return tmp_path_factory.mktemp("editor-rules")


def test_every_rule_judges_its_examples_alike_on_both_sides(bundle_dir: Path) -> None:
    cases = [(rule, value) for rule in DECISIONS for value in rule.examples]
    assert {rule.id for rule, _ in cases} == {rule.id for rule in DECISIONS}
    for (rule, value), found in zip(cases, _carnet(bundle_dir, cases), strict=True):
        assert found == _pipeline(rule, value), (rule.id, value)


_PIECES = [
    "/", "//", "#", "?", ":", "@", ".", "..", "-", "_", "%", " ", "\u00a0", "\u200b", "\t", "\n",
    "<", '"', "`", "\\", "https://", "HTTP://", "mailto:", "tel:", "+33", "javascript:",
    "/images/", ".jpg", ".svg", "a", "Z", "é", "İ", "ſ", "0", "50", "100", "101", "% ", "fbq",
    "root", "exemple.fr", ":443", ":0", "\U000e0001",
]  # fmt: skip
_VALUE = st.one_of(
    st.lists(st.sampled_from(_PIECES), max_size=8).map("".join), st.text(max_size=12)
)


@settings(
    max_examples=5,
    deadline=None,
    phases=[Phase.explicit, Phase.reuse, Phase.generate],  # no shrinking: a node run per step
    suppress_health_check=[HealthCheck.function_scoped_fixture],
)
@given(st.lists(st.tuples(st.sampled_from(DECISIONS), _VALUE), min_size=300, max_size=300))
def test_generated_values_get_the_same_verdict(
    bundle_dir: Path, cases: list[tuple[Decisions, str]]
) -> None:
    for (rule, value), found in zip(cases, _carnet(bundle_dir, cases), strict=True):
        assert found == _pipeline(rule, value), (rule.id, value)


# --- A throw-away rule ------------------------------------------------------------------

MESSAGE = "une catégorie s’écrit sans « § » : « {value} »"


@pytest.fixture
def digitless_category(monkeypatch: pytest.MonkeyPatch) -> Any:
    """A rule declared here, on the category of articles: no « § ». The pipeline validates
    articles with it; the editor data is generated again from that model."""
    rule = Decisions(
        id="categorie_sans_paragraphe",
        steps=(Step((Matches(Pattern("§")),), "sign"),),
        messages={"sign": MESSAGE},
        examples=("Émotions", "Émotions §2"),
    )

    class ArticleWithRule(Article):
        category: Annotated[Text, AfterValidator(rule.check)] = Field(
            description="Catégorie.", max_length=40, title="catégorie"
        )

    ArticleWithRule.__name__ = "Article"  # the model of the schema "article"
    roots = editor_data_module.root_models
    monkeypatch.setattr(
        editor_data_module, "root_models", lambda: {**roots(), "article": ArticleWithRule}
    )
    plain = validate.model_for
    monkeypatch.setattr(
        validate, "model_for", lambda s: ArticleWithRule if s.kind == "article" else plain(s)
    )
    yield rule
    unregister(rule.id)


def test_a_new_rule_is_one_record_and_the_carnet_gives_its_message_at_the_field(
    tmp_path: Path, digitless_category: Decisions
) -> None:
    data = tmp_path / "model.gen.json"
    data.write_text(json.dumps(editor_data(), ensure_ascii=False), encoding="utf-8")
    assert "categorie_sans_paragraphe" not in (ROOT / EDITOR_DATA_PATH).read_text(encoding="utf-8")
    bundled = editor_cli.bundle(tmp_path / "with-rule.mjs", data=data)
    article = (
        "---\ntitle: Un titre\nexcerpt: Un résumé.\ndate: 2024-03-15\ncategory: {}\n---\n\n"
        "Le texte.\n"
    )
    cases = [
        ("articles/a.md", article.format("Émotions §2")),
        ("articles/b.md", article.format("Émotions")),
    ]
    carnet = editor_verdicts(tmp_path, cases, bundled)
    assert carnet[0] == [("error", "category", typeset(MESSAGE.format(value="Émotions §2")))]
    assert carnet[1] == []
    assert carnet == [pipeline_verdict(*case) for case in cases]


#: Names a coach may give a category: accents, capitals, plurals, ligatures, punctuation.
CATEGORY_NAMES = ["Émotions", "emotions", "Emotion", "ÉMOTIONS", "Bien-être parental",
                  "bien etre parentals", "Cœur", "coeurs", "Jeux", "jeu", "Os", "os",
                  "L'Écran, les écrans", "  ", "Ça va", "İstanbul", "Straße", "Œuvres"]  # fmt: skip


@settings(max_examples=5, deadline=None, phases=[Phase.explicit, Phase.generate],
          suppress_health_check=[HealthCheck.function_scoped_fixture])  # fmt: skip
@given(st.lists(st.text(max_size=12), min_size=1, max_size=100))
def test_a_category_is_taken_for_the_same_names_on_both_sides(
    bundle_dir: Path, generated: list[str]
) -> None:
    """The carnet compares categories by the key the pipeline does (CATEGORY_NAME): names a
    coach types and any text, one node run per batch."""
    from contenu.models.article import CATEGORY_NAME

    values = CATEGORY_NAMES + generated
    payload = {"mode": "sameNames", "context": {},
               "cases": [{"rule": CATEGORY_NAME.id, "value": v} for v in values]}  # fmt: skip
    carnet = list(run_editor(bundle_dir, payload))
    assert carnet == [CATEGORY_NAME.key(v) for v in values]
    assert CATEGORY_NAME.key("Emotions") == CATEGORY_NAME.key("émotion")
    assert CATEGORY_NAME.key("Jeux") == CATEGORY_NAME.key("jeu")
    assert CATEGORY_NAME.key("Os") != CATEGORY_NAME.key("O")
