"""The other commands: `contenu new` for every kind, `contenu schema`, the watcher's rebuild,
and French output instead of tracebacks."""

from __future__ import annotations

import json
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from contenu.catalogue.scaffold import KINDS
from contenu.pipeline.build import PREVIEW_OUT, Project
from contenu.preview.watch import Preview


@pytest.mark.parametrize("kind", sorted(KINDS))
def test_new_writes_a_valid_file_to_fill_in(
    kind: str, site_root: Path, contenu: Callable[..., Any]
) -> None:
    result = contenu("new", kind, "Un nouveau contenu")
    assert result.exit_code == 0, result.output
    path = site_root / "content" / KINDS[kind].folder / "un-nouveau-contenu.md"
    assert path.exists()
    checked = contenu("check")
    assert checked.exit_code == 0, checked.output
    assert "[À COMPLÉTER]" in path.read_text(encoding="utf-8")
    assert "un-nouveau-contenu.md" in checked.output  # the placeholders are reported


def test_new_refuses_to_overwrite(write: Any, site_root: Path, contenu: Callable[..., Any]) -> None:
    assert contenu("new", "faq", "Une question ?").exit_code == 0
    again = contenu("new", "faq", "Une question ?")
    assert again.exit_code == 2
    assert "existe déjà" in again.output


def test_new_help_names_every_kind_it_makes(contenu: Callable[..., Any]) -> None:
    # The help names the kinds without importing the scaffold (cli/__init__.py's KIND_NAMES).
    result = contenu("new", "--help")
    named = ", ".join(KINDS) + "."
    assert named in " ".join(result.output.split())


def test_new_unknown_kind(contenu: Callable[..., Any]) -> None:
    result = contenu("new", "recette", "Tarte")
    assert result.exit_code == 2
    assert "type inconnu «\u00a0recette\u00a0»" in result.output


def test_schema_command_writes_schemas_and_types(
    site_root: Path, contenu: Callable[..., Any]
) -> None:
    result = contenu("schema")
    assert result.exit_code == 0, result.output
    assert (site_root / "schema" / "cells" / "cta.schema.gen.json").exists()
    page = json.loads((site_root / "schema" / "page.schema.gen.json").read_text(encoding="utf-8"))
    assert page["properties"]["title"]["description"].startswith("Titre de la page")
    faq = json.loads((site_root / "schema" / "faq.schema.gen.json").read_text(encoding="utf-8"))
    assert "answer" not in faq["properties"]  # the body field is written under the dashes
    assert (site_root / "site" / "src" / "content-types.gen.ts").exists()


def test_check_on_missing_path_is_french(contenu: Callable[..., Any]) -> None:
    result = contenu("check", "nulle/part")
    assert result.exit_code == 2
    assert "Chemin introuvable" in result.output


def test_bad_today_option_is_french(contenu: Callable[..., Any]) -> None:
    result = contenu("build", "--today", "demain")
    assert result.exit_code == 2
    assert "Date invalide pour --today" in result.output


def test_preview_keeps_the_last_valid_data_and_says_what_changed(
    write: Any, site_root: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    project = Project.at(site_root, out=site_root / PREVIEW_OUT)
    preview = Preview(project, drafts=True)
    assert preview.rebuild() is not None
    contact = project.out / "public" / "data" / "routes" / "contact.json"
    before = contact.read_bytes()
    live = project.out / "live.json"
    assert json.loads(live.read_text(encoding="utf-8"))["diagnostics"] == []

    page = site_root / "content" / "pages" / "contact.md"
    good = page.read_text(encoding="utf-8")
    write(site_root, "pages/contact.md", good.replace("title:", "titel:", 1))
    outcome = preview.rebuild()
    assert outcome is not None and not outcome.ok
    assert contact.read_bytes() == before
    update = json.loads(live.read_text(encoding="utf-8"))
    assert update["changed"] == []
    assert update["diagnostics"][0]["path"] == "content/pages/contact.md"
    assert "champ inconnu" in capsys.readouterr().out

    write(site_root, "pages/contact.md", good + "\nEncore une ligne.\n")
    outcome = preview.rebuild()
    assert outcome is not None and outcome.ok
    update = json.loads(live.read_text(encoding="utf-8"))
    assert update["diagnostics"] == []
    assert update["changed"] == ["data/routes/contact.json"]
    assert "Encore une ligne." in contact.read_text(encoding="utf-8")


def test_preview_and_build_never_share_a_folder(site_root: Path) -> None:
    """A build (`nox -s build`) running beside the preview cannot replace its files."""
    build = Project.at(site_root)
    preview = Project.at(site_root, out=site_root / PREVIEW_OUT)
    assert build.out != preview.out and build.variants != preview.variants
    assert not preview.out.is_relative_to(build.out) and not build.out.is_relative_to(preview.out)


def test_preview_survives_a_vanished_content_dir(site_root: Path) -> None:
    project = Project.at(site_root, content=site_root / "absent")
    outcome = Preview(project, drafts=True).rebuild()
    assert outcome is not None and not outcome.ok


@pytest.mark.parametrize(
    ("args", "expected"),
    [
        (["new"], "Erreur\u00a0: argument manquant\u00a0: «\u00a0TYPE\u00a0»"),
        (["new", "article"], "Erreur\u00a0: argument manquant\u00a0: «\u00a0TITRE\u00a0»"),
        (["publier"], "Erreur\u00a0: commande inconnue\u00a0: «\u00a0publier\u00a0»"),
        (
            ["build", "--brouillons"],
            "Erreur\u00a0: option inconnue\u00a0: «\u00a0--brouillons\u00a0»",
        ),
        (["check", "a", "b", "--today"], "l’option «\u00a0--today\u00a0» attend une valeur"),
    ],
)
def test_usage_errors_are_french(
    contenu: Callable[..., Any], args: list[str], expected: str
) -> None:
    result = contenu(*args)
    assert result.exit_code == 2
    assert expected in result.output
    for english in ("Error:", "Usage:", "Missing", "No such", "Try '"):
        assert english not in result.output
    assert "Erreur\u00a0: " in result.output
    if args[0] != "check":  # the parser's own errors come without the command's context
        assert "Utilisation\u00a0: " in result.output
