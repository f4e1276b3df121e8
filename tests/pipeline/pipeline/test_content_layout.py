"""Only content/ is read, and nothing in it is silently ignored: symbolic links, special
files, names with control characters and files the pipeline would not publish are French
errors naming the file (its name escaped), never followed and never read."""

from __future__ import annotations

import os
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from contenu.pipeline.discover import discover, read_source

SECRET = "SECRET-HORS-DU-CONTENU"
LINK = (
    "lien symbolique refusé : ce {what} renvoie ailleurs, et seuls les vrais fichiers du "
    "dossier content/ sont lus ; remplacez le lien par le {what} lui-même"
)


def _outside(tmp_path: Path) -> Path:
    """A folder next to the repository, with a Markdown file whose first line is a secret."""
    folder = tmp_path / "dehors"
    folder.mkdir(exist_ok=True)
    (folder / "article.md").write_text(f"{SECRET}: x\n---\ntitle: [\n---\n", encoding="utf-8")
    return folder


def test_symlinks_are_refused_never_followed(
    site_root: Path, contenu: Callable[..., Any], tmp_path: Path
) -> None:
    content = site_root / "content"
    outside = _outside(tmp_path)
    (content / "images" / "passwd.png").symlink_to("/etc/passwd")
    (content / "articles" / "lien.md").symlink_to(outside / "article.md")
    (content / "faq" / "dossier").symlink_to(outside, target_is_directory=True)
    result = contenu("check")
    assert result.exit_code == 1
    assert f"content/images/passwd.png:1:1: {LINK.format(what='fichier')}" in result.plain, (
        result.output
    )
    assert f"content/articles/lien.md:1:1: {LINK.format(what='fichier')}" in result.plain
    assert f"content/faq/dossier:1:1: {LINK.format(what='dossier')}" in result.plain
    assert SECRET not in result.output and "root:" not in result.output
    build = contenu("build")
    assert build.exit_code == 1
    assert SECRET not in build.output and "root:" not in build.output
    bundles = site_root / "site" / "src" / "bundles"
    assert not bundles.exists() or not any(
        SECRET in p.read_text(encoding="utf-8", errors="replace")
        for p in bundles.rglob("*")
        if p.is_file()
    )


def test_a_dangling_link_is_refused_like_any_other(
    site_root: Path, contenu: Callable[..., Any]
) -> None:
    (site_root / "content" / "pages" / "perdu.md").symlink_to("/nulle/part.md")
    result = contenu("check")
    assert result.exit_code == 1
    assert f"content/pages/perdu.md:1:1: {LINK.format(what='fichier')}" in result.plain


@pytest.mark.parametrize(
    ("name", "shown"),
    [
        ("a\nb.md", "a\\nb.md"),
        ("cou\tleur.md", "cou\\tleur.md"),
        ("rouge\x1b[31m.md", "rouge\\x1b[31m.md"),
        ("\u202eexe.md", "\\u202eexe.md"),
    ],
)
def test_names_with_control_characters_are_refused_escaped(
    site_root: Path, contenu: Callable[..., Any], name: str, shown: str
) -> None:
    (site_root / "content" / "articles" / name).write_text("---\ntitle: x\n---\n")
    result = contenu("check")
    assert result.exit_code == 1
    assert (
        f"content/articles/{shown}:1:1: nom refusé : « {shown} » contient un caractère de "
        "contrôle (retour à la ligne, tabulation, échappement…) ; renommez-le avec des "
        "lettres, des chiffres et des tirets"
    ) in result.plain
    raw = name.replace(".md", "")
    assert raw not in result.output  # never printed as is: no line break, no escape sequence


def test_a_special_file_is_refused_without_blocking(
    site_root: Path, contenu: Callable[..., Any]
) -> None:
    os.mkfifo(site_root / "content" / "faq" / "tube.md")
    result = contenu("check")
    assert result.exit_code == 1
    assert "content/faq/tube.md:1:1: fichier spécial refusé" in result.plain


#: A file the pipeline would not publish → where the message says it must go.
MISPLACED = {
    "articles/2026/ecrans.md": "pas de sous-dossier dans content/articles/ : le fichier ne "
    "serait jamais publié ; déplacez-le en content/articles/ecrans.md",
    "pages/ateliers/index.md": "pas de sous-dossier dans content/pages/ : le fichier ne serait "
    "jamais publié ; déplacez-le en content/pages/ateliers.md",
    "articles/ecrans.markdown": "seuls les fichiers qui finissent par « .md » (en minuscules) "
    "sont lus : renommez-le en « ecrans.md » (content/articles/ecrans.md)",
    "articles/ecrans.MD": "seuls les fichiers qui finissent par « .md » (en minuscules) sont "
    "lus : renommez-le en « ecrans.md » (content/articles/ecrans.md)",
    "pages/notes.txt": "seuls les fichiers qui finissent par « .md » (en minuscules) sont "
    "lus : renommez-le en « notes.md » (content/pages/notes.md)",
    "blog/ecrans.md": "dossier inconnu « blog » : rien n’y est lu ; les dossiers du contenu "
    "sont « pages », « articles », « reglages », « images », « temoignages », « equipe », "
    "« difficultes », « etapes », « ateliers », « faq », « livrables », « valeurs »",
    "temoignage/marie.md": "dossier inconnu « temoignage » : rien n’y est lu ; vouliez-vous "
    "dire « temoignages » ?",
    "reglages/site.yml": "seuls « site.md », « mentions-legales.md » sont lus dans "
    "content/reglages/ ; vouliez-vous dire « site.md » ?",
    "apropos.md": "fichier à la racine de content/ : rien n’y est lu ; rangez-le dans le "
    "dossier de sa sorte",
    "pages/photo.jpg": "image en dehors de content/images/ : elle ne serait pas publiée ; "
    "déplacez-la dans content/images/ (par exemple content/images/photo.jpg)",
}


@pytest.mark.parametrize("rel", sorted(MISPLACED))
def test_a_file_that_would_not_be_published_is_an_error_saying_where_it_goes(
    write: Any, site_root: Path, contenu: Callable[..., Any], rel: str
) -> None:
    write(site_root, rel, "---\ntitle: Un titre\n---\n\nTexte.\n")
    result = contenu("check")
    assert result.exit_code == 1
    assert f"content/{rel}:1:1: {MISPLACED[rel]}" in result.plain, result.output
    assert "avertissement : fichier ignoré" not in result.plain


def test_readme_and_hidden_files_stay_ignored(
    write: Any, site_root: Path, contenu: Callable[..., Any]
) -> None:
    write(site_root, ".DS_Store", b"\x00\x01")
    write(site_root, "articles/.brouillon.md.swp", b"\x00")
    write(site_root, ".cache/x.md", "pas lu")
    assert (site_root / "content" / "README.md").is_file()
    result = contenu("check")
    assert result.exit_code == 0, result.output
    assert "README" not in result.output and ".DS_Store" not in result.output


def test_a_refused_file_is_never_opened(site_root: Path, tmp_path: Path) -> None:
    outside = _outside(tmp_path)
    content = site_root / "content"
    (content / "articles" / "lien.md").symlink_to(outside / "article.md")
    refused = {s.rel: s for s in discover(content) if s.kind == "refused"}
    assert set(refused) == {"articles/lien.md"}
    assert refused["articles/lien.md"].problem.startswith("lien symbolique refusé")
    assert read_source(refused["articles/lien.md"]) == b""


def test_a_link_swapped_in_after_discovery_is_not_followed(site_root: Path) -> None:
    content = site_root / "content"
    source = next(s for s in discover(content) if s.rel == "faq/visio.md")
    source.path.unlink()
    source.path.symlink_to("/etc/passwd")
    with pytest.raises(OSError):
        read_source(source)
