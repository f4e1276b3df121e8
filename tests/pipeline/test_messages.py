"""Golden tests of the French messages: each broken file gives exit 1 and a message naming
the file, the line, the column and the field."""

from __future__ import annotations

import difflib
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from stage_inputs import ARTICLE_FRONT

from contenu.models import CELL_MODELS

REL = "articles/cas-test.md"
SHOWN = "content/articles/cas-test.md"
VALID = (
    ARTICLE_FRONT
    + """---

Du texte avec un [lien](/contact).
"""
)

CASES: dict[str, tuple[str | bytes, list[str]]] = {
    "removed required field": (
        VALID.replace("excerpt: Un résumé.\n", ""),
        [f"{SHOWN}:1:1: Résumé : le champ obligatoire « Résumé » manque"],
    ),
    "broken yaml": (
        VALID.replace("title: Un titre", 'title: "Un titre'),
        [
            f'{SHOWN}:2:8: impossible de lire l’en-tête : guillemet `"` ouvert ici et jamais '
            "fermé : ajoutez le même signe à la fin de la valeur"
        ],
    ),
    "unknown key with suggestion": (
        VALID.replace("category:", "categorie:"),
        [
            f"{SHOWN}:5:1: « categorie » : champ inconnu ; vouliez-vous dire « Catégorie » "
            "(`category`) ?",
            f"{SHOWN}:1:1: Catégorie : le champ obligatoire « Catégorie » manque",
        ],
    ),
    "wrong type": (
        VALID.replace("category: Émotions", "category: Émotions\nreadTime: longue"),
        [
            f"{SHOWN}:6:1: Durée de lecture : « longue » n’est pas un nombre entier : écrivez-le "
            "en chiffres, par exemple 12 ou 1 250"
        ],
    ),
    "category too long for its page's address": (
        VALID.replace("Émotions", "É" * 41),
        [f"{SHOWN}:5:1: Catégorie : trop long : 40 caractères au maximum (actuellement 41)"],
    ),
    "text read as a number": (
        VALID.replace("title: Un titre", "title: 2024"),
        [f"{SHOWN}:2:1: Titre : doit être du texte, mais « 2024 » est lu comme un nombre"],
    ),
    "bad date": (
        VALID.replace("2024-03-15", "2024-13-45"),
        [
            f"{SHOWN}:4:1: Date : date invalide : « 2024-13-45 » ; il n’y a pas de mois 13 : "
            "le mois s’écrit de 01 à 12"
        ],
    ),
    "impossible day": (
        VALID.replace("2024-03-15", "2026-02-31"),
        [
            f"{SHOWN}:4:1: Date : date invalide : « 2026-02-31 » ; ce jour n’existe pas : "
            "février 2026 a 28 jours (du 01 au 28)"
        ],
    ),
    "bad date shape": (
        VALID.replace("2024-03-15", "15/03/24"),
        [
            f"{SHOWN}:4:1: Date : date invalide : « 15/03/24 » ; écrivez l’année en entier, par "
            "exemple 15/03/2024"
        ],
    ),
    "broken internal link": (
        VALID.replace("(/contact)", "(/contactt)"),
        [
            f"{SHOWN}:8:25: lien cassé « /contactt » : aucune page à l’adresse « /contactt » ; "
            "vouliez-vous dire « /contact » ?"
        ],
    ),
    "relative link": (
        VALID.replace("(/contact)", "(contact)"),
        [f"{SHOWN}:8:25: lien relatif « contact » : écrivez l’adresse depuis la racine du site"],
    ),
    "empty file": ("", [f"{SHOWN}:1:1: le fichier est vide"]),
    "binary file": (
        b"\x89PNG\r\n\x1a\n\x00\x00\x00\rIHDR",
        [f"{SHOWN}:1:1: ce fichier n’est pas du texte (fichier binaire)"],
    ),
    "not utf-8": (
        VALID.encode("latin-1"),
        [f"{SHOWN}:1:1: ce fichier n’est pas enregistré en UTF-8"],
    ),
    "unknown cell name": (
        VALID + "\n```{temoignages}\ntitle: Ils témoignent\n```\n",
        [
            f"{SHOWN}:10:4: cellule inconnue {{temoignages}} ; vouliez-vous dire "
            "« testimonials » ? ; cellules possibles, de la plus proche à la plus lointaine : "
            "{testimonials}, "
        ],
    ),
    "bad cell yaml": (
        VALID + "\n```{cta}\ntitle: Prête ?\nactions:\n  - label: [oops\n    href: /appel\n```\n",
        [
            f"{SHOWN}:13:12: impossible de lire la cellule {{cta}} : crochet « [ » ouvert ici "
            "et jamais fermé par « ] »"
        ],
    ),
    "bad cell value": (
        VALID + "\n```{cta}\ntitle: Prête ?\nactions:\n  - label: Go\n    href: appel\n```\n",
        [f"{SHOWN}:14:5: Appel à l’action › Bouton 1 › Lien : le lien doit commencer par « / »"],
    ),
    "bad literal in a cell": (
        VALID + "\n```{cta}\ntitle: Prête ?\nactions:\n  - label: Go\n    href: /appel\n"
        "    variant: primaire\n```\n",
        [
            f"{SHOWN}:15:5: Appel à l’action › Bouton 1 › Style du bouton : valeur non autorisée "
            "« primaire » ; vouliez-vous dire « primary » ? ; valeurs possibles : « primary », "
            "« secondary »"
        ],
    ),
    "missing closing dashes": (
        "---\ntitle: Un titre\n",
        [f"{SHOWN}:1:1: l’en-tête ouvert par « --- » n’est jamais fermé"],
    ),
    "unclosed cell": (
        VALID + "\n```{cta}\ntitle: Prête ?\n",
        [f"{SHOWN}:10:1: la cellule {{cta}} n’est jamais fermée"],
    ),
    "duplicate key": (
        VALID.replace("category: Émotions", "category: Émotions\ncategory: Limites"),
        [f"{SHOWN}:6:1: Catégorie : le champ « Catégorie » est écrit deux fois (déjà ligne 5)"],
    ),
}


@pytest.mark.parametrize("case", sorted(CASES))
def test_broken_file_gives_french_message_with_file_and_line(
    write: Any, case: str, site_root: Path, contenu: Callable[..., Any]
) -> None:
    text, expected = CASES[case]
    write(site_root, REL, text)
    result = contenu("check", "--today", "2026-01-15")
    assert result.exit_code == 1, result.output
    assert "Traceback" not in result.plain
    for line in expected:
        assert line in result.plain, result.output


def test_valid_baseline_passes(write: Any, site_root: Path, contenu: Callable[..., Any]) -> None:
    write(site_root, REL, VALID)
    result = contenu("check", "--today", "2026-01-15")
    assert result.exit_code == 0, result.output


def test_source_line_and_caret_are_shown(
    write: Any, site_root: Path, contenu: Callable[..., Any]
) -> None:
    write(site_root, REL, VALID.replace("2024-03-15", "2024-13-45"))
    output = contenu("check").output
    assert "    4 | date: 2024-13-45\n        ^" in output


def test_all_problems_reported_in_one_run(
    write: Any, site_root: Path, contenu: Callable[..., Any]
) -> None:
    write(site_root, REL, VALID.replace("2024-03-15", "2024-13-45"))
    write(site_root, "articles/autre.md", VALID.replace("(/contact)", "(/nulle-part)"))
    write(site_root, "faq/vide.md", "")
    output = contenu("check").output
    assert f"{SHOWN}:4:1: Date\u00a0:" in output
    assert "content/articles/autre.md:8:" in output
    assert "content/faq/vide.md:1:1: le fichier est vide" in output
    assert "3 erreurs" in output


def test_check_of_one_file_shows_only_its_problems(
    write: Any, site_root: Path, contenu: Callable[..., Any]
) -> None:
    write(site_root, REL, VALID.replace("2024-03-15", "2024-13-45"))
    write(site_root, "faq/vide.md", "")
    result = contenu("check", "content/articles/cas-test.md")
    assert result.exit_code == 1
    assert SHOWN in result.plain
    assert "vide.md" not in result.plain
    assert "1 erreur dans un autre fichier" in result.plain


def test_check_of_a_valid_file_fails_when_another_file_has_an_error(
    write: Any, site_root: Path, contenu: Callable[..., Any]
) -> None:
    """PATHS only filter what is shown: the exit code is the whole content's."""
    write(site_root, REL, VALID)
    write(site_root, "faq/vide.md", "")
    write(site_root, "articles/autre.md", VALID.replace("2024-03-15", "2024-13-45"))
    result = contenu("check", "content/articles/cas-test.md")
    assert result.exit_code == 1
    assert "Aucun problème dans les fichiers demandés." in result.plain
    assert "2 erreurs dans 2 autres fichiers" in result.plain
    assert "autre.md" not in result.plain and "Tout est en ordre" not in result.plain
    alone = contenu("check", "content/articles/cas-test.md", "content/articles/autre.md")
    assert alone.exit_code == 1
    assert "content/articles/autre.md:4:1: Date :" in alone.plain
    assert "1 erreur dans un autre fichier" in alone.plain


def test_github_annotations_and_summary(
    write: Any, site_root: Path, contenu: Callable[..., Any], tmp_path: Path
) -> None:
    write(site_root, REL, VALID.replace("2024-03-15", "2024-13-45"))
    summary = tmp_path / "summary.md"
    ci = {"GITHUB_ACTIONS": "true", "GITHUB_STEP_SUMMARY": str(summary), "CONTENU_CI_REPORT": "on"}
    result = contenu("check", env=ci)
    assert result.exit_code == 1
    assert f"::error file={SHOWN},line=4,col=1,title=Date::date invalide" in result.plain
    text = summary.read_text(encoding="utf-8")
    assert "## Vérification du contenu" in text
    assert "| 4 | Date | date invalide" in text


def test_placeholder_is_a_warning_not_an_error(
    write: Any, site_root: Path, contenu: Callable[..., Any]
) -> None:
    write(site_root, REL, VALID.replace("Un résumé.", '"[À COMPLÉTER] Un résumé."'))
    result = contenu("check")
    assert result.exit_code == 0, result.output
    assert f"{SHOWN}:3:11: Résumé : avertissement : valeur à compléter" in result.plain


def test_body_field_in_frontmatter_is_an_error(
    write: Any, site_root: Path, contenu: Callable[..., Any]
) -> None:
    faq = "---\nquestion: Combien ?\nanswer: Trois.\n---\n\nTrois.\n"
    write(site_root, "faq/combien.md", faq)
    result = contenu("check")
    assert result.exit_code == 1
    assert (
        "content/faq/combien.md:3:1: Réponse : le champ « Réponse » ne s’écrit pas dans l’en-tête"
        in (result.plain)
    )


def test_empty_entry_body_is_an_error(
    write: Any, site_root: Path, contenu: Callable[..., Any]
) -> None:
    write(site_root, "faq/combien.md", "---\nquestion: Combien ?\n---\n\n")
    result = contenu("check")
    assert result.exit_code == 1
    assert "content/faq/combien.md:3:1: Réponse : le texte sous les tirets est vide" in result.plain


def test_orphan_entry_is_a_warning(
    write: Any, site_root: Path, contenu: Callable[..., Any]
) -> None:
    write(site_root, "faq/combien.md", "---\nquestion: Combien ?\n---\n\nTrois.\n")
    only = sorted((site_root / "content" / "faq").glob("*.md"))[0].stem
    shown_only = f"\n```{{faq}}\nitems:\n  - {only}\n```\n"
    write(site_root, REL, VALID + shown_only)
    for page in (site_root / "content" / "pages").glob("*.md"):
        text = page.read_text(encoding="utf-8")
        page.write_text(text.replace("```{faq}\n", "```{faq}\nitems: []\n"), encoding="utf-8")
    result = contenu("check")
    assert result.exit_code == 0, result.output
    assert "content/faq/combien.md:1:1: avertissement : cette entrée (question de la FAQ)" in (
        result.plain
    )
    assert f"content/faq/{only}.md:1:1: avertissement" not in result.plain


def test_missing_required_page(site_root: Path, contenu: Callable[..., Any]) -> None:
    (site_root / "content" / "pages" / "merci.md").unlink()
    result = contenu("check")
    assert result.exit_code == 1
    assert "content/pages/merci.md: page obligatoire manquante : la route « /merci »" in (
        result.plain
    )


def test_unknown_entry_id_in_items(
    write: Any, site_root: Path, contenu: Callable[..., Any]
) -> None:
    page = VALID + "\n```{faq}\nitems:\n  - pas-la\n```\n"
    write(site_root, REL, page)
    result = contenu("check")
    assert result.exit_code == 1
    assert (
        f"{SHOWN}:12:5: Questions fréquentes › Élément 1 : « pas-la » n’existe pas dans content/faq"
        in (result.plain)
    )


def test_low_contrast_theme_is_an_error(site_root: Path, contenu: Callable[..., Any]) -> None:
    settings = site_root / "content" / "reglages" / "site.md"
    text = settings.read_text(encoding="utf-8")
    lines = text.split("\n")
    index = next(i for i, line in enumerate(lines) if line.strip().startswith("text:"))
    indent = lines[index][: len(lines[index]) - len(lines[index].lstrip())]
    lines[index] = f'{indent}text: "#eeeeee"'
    settings.write_text("\n".join(lines), encoding="utf-8")
    result = contenu("check")
    assert result.exit_code == 1
    assert f"content/reglages/site.md:{index + 1}:" in result.plain
    assert "Couleurs › Texte : contraste insuffisant" in result.plain


def test_messages_carry_french_typography(
    write: Any, site_root: Path, contenu: Callable[..., Any]
) -> None:
    """No-break space before « : » and inside « », narrow no-break space before « ; ? »."""
    write(site_root, REL, VALID.replace("category:", "categorie:"))
    output = contenu("check", "--today", "2026-01-15").output
    assert (
        f"{SHOWN}:5:1: «\u00a0categorie\u00a0»\u00a0: champ inconnu\u202f; vouliez-vous dire "
        "«\u00a0Catégorie\u00a0» (`category`)\u202f?"
    ) in output
    assert (
        f"{SHOWN}:1:1: Catégorie\u00a0: le champ obligatoire «\u00a0Catégorie\u00a0» manque"
        in output
    )


def test_unknown_cell_lists_every_cell_nearest_first_and_points_to_the_catalogue(
    write: Any, site_root: Path, contenu: Callable[..., Any]
) -> None:
    write(site_root, REL, VALID + "\n```{encadre}\ntitle: Attention\n```\n")
    result = contenu("check")
    assert result.exit_code == 1
    line = next(x for x in result.plain.splitlines() if x.startswith(f"{SHOWN}:10:4:"))
    listed = line.split("de la plus proche à la plus lointaine : ", 1)[1].split(" ; ", 1)[0]
    names = [name.strip("{}") for name in listed.split(", ")]
    assert sorted(names) == sorted(CELL_MODELS)
    assert names[0] == "card"  # the suggestion first, then by decreasing likeness
    likeness = [difflib.SequenceMatcher(None, "encadre", n).ratio() for n in names[1:]]
    assert likeness == sorted(likeness, reverse=True)
    assert line.endswith("(docs/guide/catalogue.md#les-cellules)")
    assert "bloc" not in result.plain


def test_no_message_says_bloc_for_a_cell(
    write: Any, site_root: Path, contenu: Callable[..., Any]
) -> None:
    """One word, « cellule », in every message about cells."""
    cells = "\n```{cta}\ntitle: x\n\n```{faq}\nitems: [pas-la]\n```\n"
    write(site_root, REL, VALID + cells)
    write(site_root, "faq/combien.md", "---\nquestion: Combien ?\n---\n\nTrois.\n\n```{cta}\n```\n")
    output = contenu("check").plain
    assert "cellule" in output
    assert " bloc" not in output and "blocs" not in output
