"""Limits (contenu.pipeline.limits): a file past one of them is one French error naming the file,
found without reading or building more than the limit, and the guide states them."""

from __future__ import annotations

import datetime as dt
import tracemalloc
from collections.abc import Callable
from pathlib import Path
from typing import Any

from stage_inputs import ARTICLE_FRONT

from contenu.pipeline.build import Builder
from contenu.pipeline.discover import Oversized, discover, read_source
from contenu.pipeline.limits import (
    MAX_MARKDOWN_BYTES,
    MAX_MARKDOWN_TEXT,
    MAX_NUMBER_DIGITS,
    MAX_YAML_DEPTH,
)

REPO = Path(__file__).resolve().parents[3]


def _errors_of(output: str, path: str) -> list[str]:
    return [line for line in output.splitlines() if line.startswith(path + ":")]


def test_a_50_mb_article_is_refused_without_being_read(
    write: Any, site_root: Path, contenu: Callable[..., Any]
) -> None:
    article = write(site_root, "articles/enorme.md", ARTICLE_FRONT + "---\n\n")
    with article.open("ab") as handle:
        handle.truncate(50 * 1024 * 1024)  # 50 MB, mostly zero bytes
    source = next(s for s in discover(site_root / "content") if s.rel == "articles/enorme.md")
    unread = read_source(source)
    assert unread == b"" and isinstance(unread, Oversized) and unread.size == 50 * 1024 * 1024
    # A first run imports what the check uses (Pillow 13 alone weighs more than the
    # bound): the second one measures what reading the content costs.
    Builder(site_root / "content").analyse(dt.date(2026, 1, 15))
    tracemalloc.start()
    outcome = Builder(site_root / "content").analyse(dt.date(2026, 1, 15))
    peak = tracemalloc.get_traced_memory()[1]
    tracemalloc.stop()
    assert peak < 5 * MAX_MARKDOWN_BYTES  # never the 50 MB
    mine = [d for d in outcome.diagnostics if d.path == "content/articles/enorme.md"]
    assert [d.message.replace("\u00a0", " ").replace("\u202f", " ") for d in mine] == [
        f"fichier trop gros : 52,4 Mo, pour {MAX_MARKDOWN_TEXT} au plus par fichier Markdown ; "
        "découpez le texte en plusieurs fichiers (les images vont dans content/images/)"
    ]
    result = contenu("check")
    assert result.exit_code == 1
    assert len(_errors_of(result.plain, "content/articles/enorme.md")) == 1


def test_a_file_at_the_limit_is_read(write: Any, site_root: Path) -> None:
    body = "Texte. " * ((MAX_MARKDOWN_BYTES - 200) // 7)
    write(site_root, "articles/long.md", ARTICLE_FRONT + "---\n\n" + body + "\n")
    outcome = Builder(site_root / "content").analyse(dt.date(2026, 1, 15))
    assert not [d for d in outcome.diagnostics if d.path == "content/articles/long.md"]


def test_10000_levels_of_yaml_are_one_french_error(
    write: Any, site_root: Path, contenu: Callable[..., Any]
) -> None:
    flow = "keywords: " + "[" * 10_000 + "]" * 10_000 + "\n"
    block = "".join(" " * i + f"niveau{i}:\n" for i in range(60)) + " " * 60 + "x: 1\n"
    write(site_root, "articles/crochets.md", ARTICLE_FRONT + flow + "---\n\nTexte.\n")
    write(site_root, "articles/retraits.md", ARTICLE_FRONT + block + "---\n\nTexte.\n")
    result = contenu("check")
    assert result.exit_code == 1
    for name in ("crochets", "retraits"):
        (error,) = _errors_of(result.plain, f"content/articles/{name}.md")
        assert f"{MAX_YAML_DEPTH + 1}e niveau" in error, error
        assert f"la limite est de {MAX_YAML_DEPTH}" in error


def test_a_billion_laughs_file_is_one_error(
    write: Any, site_root: Path, contenu: Callable[..., Any]
) -> None:
    laughs = "lol0: &l0 [lol, lol, lol, lol, lol, lol, lol, lol, lol]\n" + "".join(
        f"lol{n}: &l{n} [{', '.join([f'*l{n - 1}'] * 9)}]\n" for n in range(1, 9)
    )
    write(site_root, "articles/rires.md", ARTICLE_FRONT + laughs + "---\n\nTexte.\n")
    result = contenu("check")
    assert result.exit_code == 1
    (error,) = _errors_of(result.plain, "content/articles/rires.md")
    assert "content/articles/rires.md:6:7: « & » au début d’une valeur crée une ancre" in error


def test_a_5000_digit_number_is_a_french_error_suggesting_quotes(
    write: Any, site_root: Path, contenu: Callable[..., Any]
) -> None:
    write(
        site_root, "articles/nombre.md", ARTICLE_FRONT + f"readTime: {'7' * 5000}\n---\n\nTexte.\n"
    )
    result = contenu("check")
    assert result.exit_code == 1
    (error,) = _errors_of(result.plain, "content/articles/nombre.md")
    assert error == (
        "content/articles/nombre.md:6:11: Durée de lecture : nombre de 5000 chiffres : au-delà de "
        f"{MAX_NUMBER_DIGITS} chiffres, un nombre n’est plus exact ; si c’est un identifiant "
        "ou un numéro, écrivez-le entre guillemets"
    )


def test_the_guide_states_the_limits() -> None:
    guide = (REPO / "docs" / "guide" / "README.md").read_text(encoding="utf-8")
    section = guide.split("## Les limites", 1)[1].split("\n## ", 1)[0]
    for value in (MAX_MARKDOWN_TEXT, f"| {MAX_YAML_DEPTH} ", f"| {MAX_NUMBER_DIGITS} "):
        assert value.replace(" ", "\u00a0") in section or value in section, value
