"""The coach reads her own words: no message, summary or annotation names a field by its YAML
key or its path (``{hero} actions[0].href``, ``prices.pack.amount``); each names it by its
French label and its place (« Bannière d’ouverture › Bouton 1 › Lien »). A key appears only
as the thing to type, between backticks (« vouliez-vous dire « Catégorie » (`category`) ? »).

Checked over every template of the message catalogue the carnet receives, over what
``contenu check`` prints (terminal, GitHub annotations, job summary) for the shipped content
and for files broken in the ways a coach breaks them (the carnet's names of places are held to
``report/labels.py`` by ``tests/pipeline/test_editor_words.py``). Every closed list names its
values in French.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest

from contenu.catalogue.editor_messages import message_catalogue
from contenu.catalogue.shapes import field_shape
from contenu.codegen.schemas import content_schemas
from contenu.models import ROOT_MODELS
from contenu.models.options import OPTIONS_KEYWORD
from contenu.models.walk import reachable_models
from contenu.report.labels import FIELD_LABELS, key_label
from contenu.text.typography import french_typography

#: Every key a content file may hold, as written in YAML.
ALIASES = {
    info.alias or name for model in reachable_models(ROOT_MODELS)
    for name, info in model.model_fields.items()
}  # fmt: skip
#: The values of the closed lists: what a coach writes, quoted in messages as such.
VALUES = {
    str(value) for model in reachable_models(ROOT_MODELS) for info in model.model_fields.values()
    for value in field_shape(info).choices
}  # fmt: skip
#: The keys whose French label is another word: a message that shows one shows YAML.
FOREIGN = {alias for alias in ALIASES if FIELD_LABELS[alias].lower() != alias.lower()}

_BACKTICKS = re.compile(r"`[^`\n]*`")
_QUOTED = re.compile(r"«\s*([^«»]+?)\s*»")
_INDEXED = re.compile(r"\b[A-Za-z_]\w*\[\d+\]")
_CELL_PATH = re.compile(r"\{[a-z][a-z-]*\}\s+[A-Za-z_]")
_DOTTED = re.compile(r"\b[A-Za-z_]\w*(?:\.[A-Za-z_]\w*)+\b")
_KEY_COLON = re.compile(r"(?<![\w`/.])([A-Za-z_]\w*):(?!//)")
_CAMEL = re.compile(r"\b[a-z]+[A-Z]\w*\b")
_NAMED = re.compile(r"\b(?:champ|clé)\s+([A-Za-z_]\w*)")


def keys_and_paths(text: str) -> list[str]:
    """What in ``text`` names a field by its key or its path, backticked examples aside."""
    text = _BACKTICKS.sub("", text)
    found = [m.group(1) for m in _QUOTED.finditer(text) if m.group(1) in FOREIGN - VALUES]
    found += _INDEXED.findall(text) + _CELL_PATH.findall(text)
    found += [p for p in _DOTTED.findall(text) if set(p.split(".")) <= ALIASES]
    found += [m.group(1) for m in _KEY_COLON.finditer(text) if m.group(1) in FOREIGN]
    found += [word for word in _CAMEL.findall(text) if word in ALIASES]
    found += [word for word in _NAMED.findall(text) if word in FOREIGN]
    return found


def test_the_detector_sees_what_the_coach_used_to_read() -> None:
    """The messages of before, which a coach could not read, are each caught."""
    for old in [
        "content/articles/a.md:1:1: excerpt: le champ obligatoire « excerpt » manque",
        "{hero} actions[0].href : le lien doit commencer par « / »",
        "champ excerpt",
        "providers.mailerlite.webformId : nombre de 18 chiffres",
        "categorie: clé inconnue ; vouliez-vous dire « category » ?",
        "« answer » ne s’écrit pas dans l’en-tête",
        "Erreur : coachName : doit être un texte",
    ]:
        assert keys_and_paths(old), old
    for new in [
        "content/articles/a.md:1:1: Résumé : le champ obligatoire « Résumé » manque",
        "Appel à l’action › Bouton 1 › Lien : le lien doit commencer par « / »",
        "« categorie » : champ inconnu ; vouliez-vous dire « Catégorie » (`category`) ?",
        "le fichier content/images/a.jpg n’existe pas (docs/guide/catalogue.md)",
        "écrivez `{{ prix.pack }}`, qui reprend le prix du pack de content/reglages/site.md",
        "lien « https://renouer.fr/a » : aucune page à l’adresse « /a »",
    ]:
        assert keys_and_paths(new) == [], new


# --- The catalogue the carnet receives ---------------------------------------------------

#: Placeholders that would put a key or a path into a message.
KEY_PLACEHOLDERS = {"key", "field", "path_key", "loc", "alias"}


def catalogue_messages(node: Any, where: str = "") -> Iterator[tuple[str, str]]:
    """Every message template of the catalogue, by where it is (its data aside: the
    settings' paths, the reserved names, the patterns' sources)."""
    if isinstance(node, str):
        yield where, node
    elif isinstance(node, dict):
        for key, value in node.items():
            if key not in {"settings", "reserved", "file", "mark", "months", "max_digits"}:
                yield from catalogue_messages(value, f"{where}.{key}")


def test_no_message_of_the_catalogue_names_a_key_or_a_path() -> None:
    messages = list(catalogue_messages(message_catalogue()))
    assert len(messages) > 60
    for where, template in messages:
        outside = _BACKTICKS.sub("", template)
        named = set(re.findall(r"\{(\w+)\}", outside)) & KEY_PLACEHOLDERS
        assert not named, f"{where} puts {named} into « {template} »"
        filled = re.sub(r"\{\{?\w+\}?\}", "x", template)
        assert keys_and_paths(filled) == [], f"{where}: {template}"


def test_the_missing_field_is_named_by_its_label() -> None:
    template = message_catalogue()["validate"]["missing"]
    assert template.replace("{label}", key_label("alt")) == french_typography(
        "le champ obligatoire « Texte alternatif » manque"
    )


# --- What contenu check prints -----------------------------------------------------------

#: Files broken the ways a coach breaks them: (file, text found, text written instead).
BREAKS: list[tuple[str, str, str]] = [
    ("pages/index.md", "  alt: Illustration abstraite", "  alte: Illustration abstraite"),
    ("pages/index.md", "    href: /ressource", "    href: ressource"),
    ("pages/index.md", "    variant: secondary", "    variant: secondaire"),
    ("pages/index.md", "eyebrow: Coaching", "eyebrow: Coaching\neyebrow: Encore"),
    ("pages/index.md", "keywords:\n", "keyword:\n"),
    ("reglages/site.md", "      href: /a-propos", "      href: /a-propo"),
    ("reglages/site.md", "    amount: 395", "    amount: beaucoup"),
    ("reglages/site.md", "email: contact@", "email: contact-"),
    ("pages/contact.md", "title: ", "title: {{ mail }} "),
    ("faq/tarifs.md", "---\n", "---\nanswer: Oui.\n"),
    ("articles/routines-apaisantes.md", "category:", "categorie:"),
    ("articles/routines-apaisantes.md", "date: ", "date: 31/02/"),
    ("pages/index.md", "```{pain-points}", "```{pain-point}"),
    ("pages/index.md", "src: /images/provisoires/accueil.svg", "src: /images/absente.svg"),
    ("pages/contact.md", "```{faq}\n", "```{faq}\nitems:\n  - pas-la\n"),
    ("reglages/site.md", '  text: "#2d2a26"', '  text: "#fbf7f3"'),
    ("temoignages/karim-b.md", "---\n", "---\nrating: 9\n"),
]


def _broken(root: Path, rel: str, old: str, new: str) -> None:
    path = root / "content" / rel
    text = path.read_text(encoding="utf-8")
    assert old in text, (rel, old)
    path.write_text(text.replace(old, new, 1), encoding="utf-8")


def _coach_lines(output: str) -> list[str]:
    """The lines of ``contenu check`` a coach reads, without the echo of her own file's
    lines under each message (``   12 | title: …`` and the caret under it)."""
    return [
        line for line in output.splitlines()
        if line.strip() and not re.match(r"^\s*\d+ \| ", line) and line.strip() != "^"
    ]  # fmt: skip


def _reported(contenu: Callable[..., Any], summary: Path) -> tuple[Any, list[str]]:
    """``contenu check`` as the pull request's check runs it: what it prints, and the rows
    of its job summary."""
    ci = {"GITHUB_ACTIONS": "true", "GITHUB_STEP_SUMMARY": str(summary), "CONTENU_CI_REPORT": "on"}
    result = contenu("check", env=ci)
    rows = [r for r in summary.read_text(encoding="utf-8").splitlines() if r.startswith("|")]
    summary.unlink()
    for line in _coach_lines(result.output):
        assert keys_and_paths(line) == [], line
    for row in rows:
        assert keys_and_paths(row.replace("\\", "")) == [], row
    return result, rows


def test_contenu_check_on_the_shipped_content_names_fields_in_french(
    site_root: Path, contenu: Callable[..., Any], tmp_path: Path
) -> None:
    """Its warnings (values to complete, provisional accounts) in the terminal, as
    annotations and in the job summary."""
    result, rows = _reported(contenu, tmp_path / "resume.md")
    assert result.exit_code == 0, result.output
    assert "Éditeur › Numéro de TVA" in result.plain and len(rows) > 3


@pytest.mark.parametrize(("rel", "old", "new"), BREAKS)
def test_a_broken_file_is_reported_in_french(
    site_root: Path, contenu: Callable[..., Any], tmp_path: Path, rel: str, old: str, new: str
) -> None:
    _broken(site_root, rel, old, new)
    result, rows = _reported(contenu, tmp_path / "resume.md")
    assert result.exit_code == 1
    annotated = [line for line in result.output.split("\n") if line.startswith("::error ")]
    assert any(f"file=content/{rel}," in line for line in annotated), result.output
    assert any(f"content/{rel}" in row.replace("\\", "") for row in rows)


# --- Closed lists ------------------------------------------------------------------------


def _enums(node: Any) -> Iterator[dict[str, Any]]:
    if isinstance(node, dict):
        if "enum" in node:
            yield node
        for value in node.values():
            yield from _enums(value)
    elif isinstance(node, list):
        for item in node:
            yield from _enums(item)


def test_every_closed_list_names_each_value_in_french() -> None:
    """The carnet's menus show names, never « primary » or « index, follow »."""
    seen = 0
    for name, schema in content_schemas().items():
        for node in _enums(schema):
            seen += 1
            names = node.get(OPTIONS_KEYWORD)
            assert isinstance(names, dict), f"{name}: {node['enum']} has no French names"
            assert set(names) == {str(v) for v in node["enum"]}, name
            assert len(set(names.values())) == len(names), f"{name}: two values, one name"
            for value, label in names.items():
                assert label and label == french_typography(label) and label[0].isupper(), label
                assert label.lower() != str(value).lower(), f"{name}: « {value} » is not named"
    assert seen >= 8
