"""Content types are declared once, next to their model, and everything else follows: the
pipeline, ``contenu new``, the catalogue, the editor configuration and the site's generated
cell registry. The main test adds a content type the way docs/architecture.md says, in a
copy of the package, and checks that every part of the project knows it."""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from contenu.codegen.cell_registry import (
    CELL_REGISTRY_PATH,
    cell_components,
    generate_cell_registry,
)
from contenu.models import CELL_MODELS, COLLECTIONS
from contenu.models.cells import COMPONENT_CELLS

REPO = Path(__file__).resolve().parents[3]
STALE = "stale: run `contenu schema` and commit site/src/components/cells/registry.gen.ts"

PARTNER_MODULE = '''"""Partner organisations (``content/partenaires``)."""

from __future__ import annotations

from typing import ClassVar

from pydantic import Field

from contenu.models.cells import CollectionCell
from contenu.models.common import Text
from contenu.models.entries import Collection, Entry


class Partner(Entry):
    """A partner organisation; its presentation is the body of the file."""

    BODY_FIELD: ClassVar[str] = "description"
    name: Text = Field(description="Nom du partenaire.")
    description: str = Field("", description="Présentation (corps du fichier).")


class PartnersCell(CollectionCell):
    """Partners of ``content/partenaires``."""

    NAME: ClassVar[str] = "partners"
    LABEL: ClassVar[str] = "Partenaires"


PARTNERS = Collection(
    "partenaires", Partner, PartnersCell, kind="partenaire", label="partenaire",
    example="Une association de parents de la région.",
)
'''


def test_the_committed_cell_registry_is_up_to_date() -> None:
    committed = (REPO / CELL_REGISTRY_PATH).read_text(encoding="utf-8")
    assert committed == generate_cell_registry(), STALE


def test_every_cell_type_has_one_component_module() -> None:
    components = cell_components()
    assert list(components) == ["prose", *CELL_MODELS]
    for name, component in components.items():
        module = REPO / CELL_REGISTRY_PATH.parent / f"{component}.tsx"
        assert module.is_file(), f"the cell {{{name}}} needs the component {module}"
        assert f"export function {component}(" in module.read_text(encoding="utf-8")


def test_each_collection_brings_its_cell_and_every_cell_is_named() -> None:
    for collection in COLLECTIONS:
        assert CELL_MODELS[collection.cell] is collection.cell_model
        assert collection.title == collection.cell_model.LABEL
    for cell in (*COMPONENT_CELLS, *(c.cell_model for c in COLLECTIONS)):
        assert cell.NAME and cell.LABEL[0].isupper(), cell.__name__


def _contenu(root: Path, tools: Path, *args: str) -> subprocess.CompletedProcess[str]:
    """The ``contenu`` command of the copied package, run in ``root``."""
    env = {k: v for k, v in os.environ.items() if not k.startswith("GITHUB_")}
    env["PYTHONPATH"] = str(tools)  # before the installed package on sys.path
    code = "from contenu.cli import app; app(prog_name='contenu')"
    return subprocess.run(
        [sys.executable, "-c", code, *args],
        cwd=root, env=env, capture_output=True, text=True, encoding="utf-8", check=False,
    )  # fmt: skip


@pytest.fixture(scope="module")
def with_partners(tmp_path_factory: pytest.TempPathFactory) -> tuple[Path, Path]:
    """A copy of the package with a « partenaires » collection added as the docs say: one
    model module and one registration line (plus its import); and a copy of the content."""
    tmp = tmp_path_factory.mktemp("new-type")
    tools = tmp / "tools"
    shutil.copytree(
        REPO / "tools" / "contenu", tools / "contenu", ignore=shutil.ignore_patterns("__pycache__")
    )
    (tools / "contenu" / "models" / "partenaire.py").write_text(PARTNER_MODULE, encoding="utf-8")
    registry = tools / "contenu" / "models" / "__init__.py"
    text = registry.read_text(encoding="utf-8")
    anchor = "    entries.VALUES,\n"
    assert anchor in text, "the registration example of docs/architecture.md no longer applies"
    text = text.replace(anchor, anchor + "    partenaire.PARTNERS,\n")
    text = text.replace(
        "from contenu.models import entries\n", "from contenu.models import entries, partenaire\n"
    )
    registry.write_text(text, encoding="utf-8")
    root = tmp / "depot"
    shutil.copytree(REPO / "content", root / "content")
    (root / "pyproject.toml").write_text("")
    partner = "---\nname: École des parents\n---\nDes ateliers près de chez vous.\n"
    (root / "content" / "partenaires").mkdir()
    (root / "content" / "partenaires" / "ecole-des-parents.md").write_text(partner, "utf-8")
    about = root / "content" / "pages" / "a-propos.md"
    about.write_text(
        about.read_text(encoding="utf-8") + "\n```{partners}\ntitle: Nos partenaires\n```\n",
        encoding="utf-8",
    )
    return root, tools


def test_a_new_type_is_checked_and_built(with_partners: tuple[Path, Path]) -> None:
    root, tools = with_partners
    checked = _contenu(root, tools, "check")
    assert checked.returncode == 0, checked.stdout + checked.stderr
    built = _contenu(root, tools, "build", "--out", str(root / "out"))
    assert built.returncode == 0, built.stdout + built.stderr
    data = root / "out" / "public" / "data" / "routes" / "a-propos.json"
    route = json.loads(data.read_text(encoding="utf-8"))
    (cell,) = [c for c in route["cells"] if c["type"] == "partners"]
    assert cell["title"] == "Nos partenaires"
    assert [e["id"] for e in cell["entries"]] == ["ecole-des-parents"]
    assert cell["entries"][0]["description"] == "<p>Des ateliers près de chez vous.</p>"
    broken = root / "content" / "partenaires" / "sans-nom.md"
    broken.write_text("---\norder: 2\n---\nTexte.\n", encoding="utf-8")
    try:
        refused = _contenu(root, tools, "check")
    finally:
        broken.unlink()
    assert refused.returncode == 1
    assert "content/partenaires/sans-nom.md" in refused.stdout


def test_a_new_type_can_be_scaffolded(with_partners: tuple[Path, Path]) -> None:
    root, tools = with_partners
    created = _contenu(root, tools, "new", "partenaire", "Maison des familles")
    assert created.returncode == 0, created.stdout + created.stderr
    path = root / "content" / "partenaires" / "maison-des-familles.md"
    assert "name: Maison des familles" in path.read_text(encoding="utf-8")
    checked = _contenu(root, tools, "check")
    path.unlink()
    assert checked.returncode == 0, checked.stdout  # placeholders and orphans only warn


def test_a_new_type_reaches_the_catalogue_the_editor_and_the_site(
    with_partners: tuple[Path, Path],
) -> None:
    root, tools = with_partners
    assert _contenu(root, tools, "catalogue").returncode == 0
    catalogue = (root / "docs" / "guide" / "catalogue.md").read_text(encoding="utf-8")
    assert "### Partenaires" in catalogue
    assert "### Cellule partners" in catalogue
    assert "<!-- exemple : fichier partenaire -->" in catalogue
    editor = json.loads((root / "frontmatter.json").read_text(encoding="utf-8"))
    assert "partenaire" in {t["name"] for t in editor["frontMatter.taxonomy.contentTypes"]}
    assert "Cellule {partners}" in editor["frontMatter.content.snippets"]
    assert _contenu(root, tools, "schema").returncode == 0
    assert (root / "schema" / "partenaire.schema.gen.json").is_file()
    assert "export interface PartnersCell {" in (
        root / "site" / "src" / "content-types.gen.ts"
    ).read_text(encoding="utf-8")
    registry = (root / CELL_REGISTRY_PATH).read_text(encoding="utf-8")
    # The site loads site/src/components/cells/PartnersCell.tsx, the one file left to write.
    assert '  "partners": "PartnersCell",\n' in registry
