"""Every fact of the content tools has one home: a second definition of a route, of the
settings path, of the image types, of a slug rule or of a French plural fails here, and the
label of a field is its model's title (adding a field is one change in one model)."""

from __future__ import annotations

import ast
import json
import os
import re
import shutil
import subprocess
import sys
from collections import Counter
from pathlib import Path

import pytest

REPO = Path(__file__).resolve().parents[2]
PACKAGE = REPO / "tools" / "contenu"


def _modules() -> dict[str, ast.Module]:
    return {
        path.relative_to(PACKAGE).as_posix(): ast.parse(path.read_text(encoding="utf-8"))
        for path in sorted(PACKAGE.rglob("*.py"))
    }


def _docstrings(tree: ast.Module) -> set[int]:
    nodes = [tree, *(n for n in ast.walk(tree) if isinstance(n, ast.FunctionDef | ast.ClassDef))]
    return {
        id(node.body[0].value)
        for node in nodes
        if node.body
        and isinstance(node.body[0], ast.Expr)
        and isinstance(node.body[0].value, ast.Constant)
    }


def _strings(tree: ast.Module) -> list[str]:
    """The string literals of a module's code (docstrings left out); an f-string counts as
    its literal parts joined with ``{}``."""
    skip = _docstrings(tree)
    parts: set[int] = set()
    found: list[str] = []
    for node in ast.walk(tree):
        if isinstance(node, ast.JoinedStr):
            parts |= {id(v) for v in node.values}
            found.append(
                "".join(v.value if isinstance(v, ast.Constant) else "{}" for v in node.values)
            )
        elif (
            isinstance(node, ast.Constant)
            and isinstance(node.value, str)
            and id(node) not in skip | parts
        ):
            found.append(node.value)
    return found


def _homes(match: re.Pattern[str]) -> set[str]:
    return {
        name for name, tree in _modules().items() if any(match.search(s) for s in _strings(tree))
    }


def _definitions() -> Counter[str]:
    return Counter(
        node.name
        for tree in _modules().values()
        for node in ast.walk(tree)
        if isinstance(node, ast.FunctionDef) and not node.name.startswith("_")
    )


@pytest.mark.parametrize(
    ("fact", "pattern", "home"),
    [
        ("the path of articles", r"^/blog(/|$)|^blog/", "models/paths.py"),
        ("the listing's segments", r"^categorie$|^\S*/(page|categorie)/\S*$", "models/paths.py"),
        ("the settings path", r"reglages/site\.md", "models/__init__.py"),
        ("the image types", r"^\.jpeg$|^\.avif$|jpe\?g", "models/common.py"),
        ("the slug pattern", r"\[a-z0-9\]\+\(\?:-\[a-z0-9\]\+\)\*", "text/slug.py"),
        ("the slug's character rule", r"^\[\^a-z0-9\]\+$", "text/slug.py"),
    ],
)
def test_a_fact_is_written_in_one_module(fact: str, pattern: str, home: str) -> None:
    homes = _homes(re.compile(pattern))
    assert homes <= {home}, f"{fact} is written in {sorted(homes - {home})}: import it from {home}"


def test_french_plurals_are_made_in_one_module() -> None:
    hand_made = re.compile(r"""["']s["'] if |if \w+ [<>]=? 1 else ["']s["']""")
    modules = {
        path.relative_to(PACKAGE).as_posix()
        for path in PACKAGE.rglob("*.py")
        if hand_made.search(path.read_text(encoding="utf-8"))
    }
    assert modules == set(), "write « 2 fichiers » with contenu.text.plural"


@pytest.mark.parametrize(
    "function",
    [
        "page_path",
        "article_path",
        "listing_page_path",
        "category_path",
        "route_key",
        "slugify",
        "plural",
    ],
)
def test_a_rule_is_defined_once(function: str) -> None:
    assert _definitions()[function] == 1


def test_no_two_modules_share_a_name() -> None:
    names = Counter(path.name for path in PACKAGE.rglob("*.py") if path.name != "__init__.py")
    assert [name for name, count in names.items() if count > 1] == []


def test_no_table_of_field_labels_beside_the_models() -> None:
    """Labels are the models' titles: no module outside models/ maps field names to words."""
    labels = (PACKAGE / "report" / "labels.py").read_text(encoding="utf-8")
    assert '"accountId"' not in labels and '"title": "titre"' not in labels


THROWAWAY = """
    throwaway_note: Text | None = Field(
        None, title="note jetable", description="Champ ajouté par un test, puis jeté."
    )
"""

PROBE = r"""
import json, sys
from contenu.catalogue.guide import render_catalogue
from contenu.codegen.schemas import schema_files
from contenu.codegen.typescript import generate
from contenu.report.diagnostics import Diagnostic
from contenu.report.labels import field_label
from contenu.report.output import format_github

schema = json.loads(schema_files()["reglages.schema.gen.json"])
offer = schema["$defs"]["Offer"]["properties"]["throwawayNote"]
diag = Diagnostic("content/reglages/site.md", 3, 5, "offer.throwawayNote", "trop long")
print(json.dumps({
    "schema": offer["title"],
    "typescript": "throwawayNote: string | null;" in generate(),
    "catalogue": "`throwawayNote`" in render_catalogue(),
    "label": field_label("offer.throwawayNote"),
    "annotation": format_github(diag),
}))
"""


def test_a_new_optional_field_is_one_change_in_one_model(tmp_path: Path) -> None:
    package = tmp_path / "contenu"
    shutil.copytree(PACKAGE, package, ignore=shutil.ignore_patterns("__pycache__"))
    site = package / "models" / "site.py"
    text = site.read_text(encoding="utf-8")
    anchor = 'class Offer(ContentModel):\n    """The individual coaching offer."""\n'
    assert anchor in text
    site.write_text(text.replace(anchor, anchor + THROWAWAY), encoding="utf-8")

    result = subprocess.run(
        [sys.executable, "-c", PROBE],
        cwd=REPO,
        env={**os.environ, "PYTHONPATH": str(tmp_path)},
        capture_output=True,
        text=True,
        check=True,
    )
    seen = json.loads(result.stdout)
    assert seen["schema"] == "note jetable"
    assert seen["typescript"] is True
    assert seen["catalogue"] is True
    assert seen["label"] == "Offre › Note jetable"
    assert "title=Offre › Note jetable" in seen["annotation"]


SITE_SRC = REPO / "site" / "src"
_BRACES = re.compile(
    r"(?:import|export) type \{([^}]*)\} from \"[./]*(?:types|content-types\.gen)\""
)


def test_the_site_names_each_bundle_type_as_its_python_model() -> None:
    """One word for one contract on both sides: no generated type is renamed in site/src."""
    generated = set(
        re.findall(
            r"^export (?:interface|type) (\w+)",
            (SITE_SRC / "content-types.gen.ts").read_text(encoding="utf-8"),
            re.MULTILINE,
        )
    )
    renamed = [
        f"{path.relative_to(SITE_SRC)}: {name.strip()}"
        for path in sorted(SITE_SRC.rglob("*.ts*"))
        for block in _BRACES.findall(path.read_text(encoding="utf-8"))
        for name in block.split(",")
        if " as " in name and name.split(" as ")[0].strip() in generated
    ]
    assert renamed == []
