"""The launch gate: `contenu check --production` lists every stand-in still in content/ with
its file and line and exits 1; with all of them replaced it exits 0. The guide's checklist is
generated from the same rules."""

from __future__ import annotations

import re
from collections.abc import Callable
from pathlib import Path
from typing import Any

from PIL import Image

from contenu.pipeline.launch import GUIDE_END, GUIDE_START, PROVISIONAL_IMAGES, checklist_markdown

REPO = Path(__file__).resolve().parents[3]
SNIPPETS = Path(__file__).parents[1] / "snippets"
GUIDE = REPO / "docs" / "guide" / "README.md"


def stand_ins(root: Path) -> set[str]:
    """Every ``content/…:line`` holding a stand-in, found by reading the files as a person
    would: a « [À COMPLÉTER] » mark, a ``provisional: true`` line, a provisional image."""
    found = set()
    for path in sorted((root / "content").rglob("*.md")):
        rel = path.relative_to(root).as_posix()
        if rel == "content/README.md":
            continue
        for number, line in enumerate(path.read_text(encoding="utf-8").split("\n"), 1):
            mark = "[À COMPLÉTER]" in line or re.match(r"\s*provisional: true\b", line)
            image = PROVISIONAL_IMAGES in line and not line.lstrip().startswith("#")
            if mark or image:
                found.add(f"{rel}:{number}")
    return found


def reported(output: str) -> set[str]:
    return {m.group(1) for m in re.finditer(r"^(content/[^:]+:\d+):\d+: ", output, re.M)}


def test_todays_content_is_refused_with_every_blocker_and_its_line(
    site_root: Path, contenu: Callable[..., Any]
) -> None:
    expected = stand_ins(site_root)
    # The shipped content: the five values of the legal notice the LCEN requires, the three
    # providers' stand-in identifiers, the five placeholder pictures.
    assert len(expected) == 13, sorted(expected)
    result = contenu("check", "--production")
    assert result.exit_code == 1
    assert reported(result.plain) == expected, result.output
    assert ": avertissement :" not in result.plain
    assert "13 erreurs" in result.plain
    assert result.plain.rstrip().endswith(
        "Mise en ligne refusée : 13 points à régler (voir ci-dessus)."
    )
    for line in result.plain.splitlines():
        if line.startswith("content/reglages/mentions-legales.md:"):
            assert "valeur à compléter avant la mise en ligne" in line


def test_without_production_the_same_places_are_warnings(
    site_root: Path, contenu: Callable[..., Any]
) -> None:
    result = contenu("check")
    assert result.exit_code == 0, result.output
    assert reported(result.plain) == stand_ins(site_root)
    assert "0 erreur et 13 avertissements" in result.plain


def clear_every_blocker(root: Path, contenu: Callable[..., Any]) -> None:
    legal = root / "content" / "reglages" / "mentions-legales.md"
    text = legal.read_text(encoding="utf-8")
    for field, value in {
        "legalForm": "Entrepreneur individuel",
        "address": "12 rue des Lilas, 69003 Lyon",
        "phone": "+33 4 78 00 00 00",
        "registration": "SIRET : 123 456 789 00012",
        "vatNumber": "TVA non applicable, article 293 B du CGI",
    }.items():
        text = re.sub(rf"(\n  {field}: ).*", rf'\g<1>"{value}"', text)
    legal.write_text(text, encoding="utf-8")
    for service, files in {
        "mailerlite": ["mailerlite-javascript.html", "mailerlite-html.html"],
        "calendly": ["calendly-inline.html"],
        "pixel": ["meta-pixel.html"],
    }.items():
        done = contenu("integrer", service, *(str(SNIPPETS / f) for f in files))
        assert done.exit_code == 0, done.output
    for path in (root / "content").rglob("*.md"):
        text = path.read_text(encoding="utf-8")
        for src in re.findall(rf"{PROVISIONAL_IMAGES}[\w/.-]+", text):
            real = src.replace("/provisoires/", "/photos/").replace(".svg", ".jpg")
            target = root / "content" / real.lstrip("/")
            target.parent.mkdir(parents=True, exist_ok=True)
            Image.new("RGB", (900, 1200), (180, 150, 120)).save(target)
            text = text.replace(src, real)
        path.write_text(text, encoding="utf-8")


def test_with_every_blocker_cleared_the_launch_is_allowed(
    site_root: Path, contenu: Callable[..., Any], tmp_path: Path
) -> None:
    clear_every_blocker(site_root, contenu)
    assert stand_ins(site_root) == set()
    summary = tmp_path / "summary.md"
    result = contenu("check", "--production", env={"GITHUB_STEP_SUMMARY": str(summary)})
    assert result.exit_code == 0, result.output
    assert result.plain.rstrip().endswith("Rien ne bloque la mise en ligne.")
    assert "✅ Rien ne bloque la mise en ligne" in summary.read_text(encoding="utf-8")


def test_one_blocker_left_is_enough_to_refuse(site_root: Path, contenu: Callable[..., Any]) -> None:
    clear_every_blocker(site_root, contenu)
    legal = site_root / "content" / "reglages" / "mentions-legales.md"
    lines = legal.read_text(encoding="utf-8").split("\n")
    number = next(i for i, line in enumerate(lines, 1) if "  phone:" in line)
    lines[number - 1] = '  phone: "[À COMPLÉTER]"'
    legal.write_text("\n".join(lines), encoding="utf-8")
    result = contenu("check", "--production")
    assert result.exit_code == 1
    assert reported(result.plain) == {f"content/reglages/mentions-legales.md:{number}"}
    assert "1 point à régler" in result.plain


def test_a_real_photo_clears_its_placeholder(site_root: Path, contenu: Callable[..., Any]) -> None:
    member = site_root / "content" / "equipe" / "julien-moreau.md"
    Image.new("RGB", (1600, 900), (90, 120, 110)).save(
        site_root / "content" / "images" / "equipe" / "julien.jpg"
    )
    text = member.read_text(encoding="utf-8")
    text = re.sub(r"src: .*", "src: /images/equipe/julien.jpg", text)
    member.write_text(text.replace("Portrait illustré provisoire de", "Photo de"), encoding="utf-8")
    result = contenu("check", "--production")
    assert result.exit_code == 1
    assert not any(place.startswith("content/equipe/julien") for place in reported(result.plain))
    assert len(reported(result.plain)) == 12


def test_job_summary_lists_the_blockers_in_french_for_the_coach(
    site_root: Path, contenu: Callable[..., Any], tmp_path: Path
) -> None:
    summary = tmp_path / "summary.md"
    env = {
        "GITHUB_ACTIONS": "true",
        "GITHUB_STEP_SUMMARY": str(summary),
        "CONTENU_CI_REPORT": "on",  # as the deploy workflow's gate step sets it
    }
    result = contenu("check", "--production", env=env)
    assert result.exit_code == 1
    text = summary.read_text(encoding="utf-8")
    assert text.startswith("## Mise en ligne\n")
    assert "❌ **Mise en ligne refusée** (13 points à régler)" in text
    assert "le site en ligne reste tel qu’il était" in text
    for place in stand_ins(site_root):
        assert f"  - [ ] `{place}`" in text, place
    assert "Vérification du contenu" not in text  # one summary, the coach's checklist
    # The annotations point at each line on GitHub.
    assert "::error file=content/reglages/mentions-legales.md,line=9," in result.plain
    assert "::error file=content/reglages/site.md," in result.plain


def test_the_guide_checklist_is_generated_from_the_rules() -> None:
    guide = GUIDE.read_text(encoding="utf-8")
    assert GUIDE_START in guide and GUIDE_END in guide, "the guide lost its launch checklist"
    section = guide.split(GUIDE_START, 1)[1].split(GUIDE_END, 1)[0].strip("\n") + "\n"
    assert section == checklist_markdown(), (
        "docs/guide/README.md « Avant la mise en ligne » is out of date; put this between "
        f"the markers:\n{checklist_markdown()}"
    )
