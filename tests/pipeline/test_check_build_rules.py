"""One rule set for ``contenu check`` and ``contenu build`` (issue 24): what check accepts,
build writes; what build could not write (a name too long for the file system, a name the
site already uses, too many categories), check refuses in French; what would be published
by accident (an image only a draft shows, an article dated in the future) is held back or
announced; what the site would silently break (an image of another site blocked by its
CSP, an animated image) is refused."""

from __future__ import annotations

import datetime as dt
import io
from collections.abc import Callable
from pathlib import Path
from typing import Any

import hostile_inputs as hostile
from PIL import Image
from stage_inputs import ARTICLE_FRONT, CONTENT, one, shipped
from test_linear_time import no_hang

from contenu.pipeline.collect import collect
from contenu.pipeline.limits import MAX_CATEGORIES, MAX_NAME_BYTES

TODAY = "2026-01-15"
BUILD = Path("site/generated/build")
PUBLIC = BUILD / "public"
ARTICLE = (
    "---\ntitle: {title}\nexcerpt: Un résumé.\ndate: {date}\ncategory: {category}\n{extra}"
    "---\n\nUn texte court.{body}\n"
)


def article(
    title: str = "Un titre",
    date: str = "2025-06-01",
    category: str = "Essais",
    extra: str = "",
    body: str = "",
) -> str:
    return ARTICLE.format(title=title, date=date, category=category, extra=extra, body=body)


def plain(text: str) -> str:
    """A message with the no-break spaces of French typography as plain spaces."""
    return text.replace("\u00a0", " ").replace("\u202f", " ")


def png(width: int = 600, height: int = 400, frames: int = 1) -> bytes:
    out = io.BytesIO()
    images = [Image.new("RGB", (width, height), (i * 40 % 255, 120, 90)) for i in range(frames)]
    images[0].save(out, "PNG", save_all=frames > 1, append_images=images[1:])
    return out.getvalue()


def test_every_edge_case_check_accepts_is_built(
    write: Any, site_root: Path, contenu: Callable[..., Any]
) -> None:
    longest = "a" * (MAX_NAME_BYTES - 2) + "-b"
    write(site_root, f"articles/{longest}.md", article(category="c" * 40))
    write(site_root, "pages/donnees.md", "---\ntitle: Données\ndescription: Une page.\n---\n\nx\n")
    write(site_root, "articles/futur.md", article(date="2099-01-01"))
    image = site_root / "content/images" / ("i" * MAX_NAME_BYTES + ".png")
    image.write_bytes(png())
    checked = contenu("check", "--today", TODAY)
    assert checked.exit_code == 0, checked.output
    built = contenu("build", "--today", TODAY)
    assert built.exit_code == 0, built.output
    assert (site_root / PUBLIC / f"data/routes/blog/{longest}.json").is_file()
    assert (site_root / PUBLIC / "images" / image.name).is_file()


def test_names_the_build_cannot_write_are_refused_by_check(
    write: Any, site_root: Path, contenu: Callable[..., Any]
) -> None:
    write(site_root, f"articles/{'a' * 251}.md", article())
    write(site_root, "pages/pagefind.md", "---\ntitle: Recherche\ndescription: x\n---\n\nx\n")
    (site_root / "content/images" / ("i" * 240 + ".png")).write_bytes(png())
    result = contenu("check", "--today", TODAY)
    assert result.exit_code == 1
    output = result.plain
    assert "nom de fichier trop long : 251 caractères, 200 au plus" in output
    assert "« pagefind » est un nom que le site utilise déjà" in output
    assert "nom d’image trop long : 240 octets" in output
    assert "File name too long" not in output


def test_new_article_with_a_very_long_title_gets_a_short_file_name(
    site_root: Path, contenu: Callable[..., Any]
) -> None:
    title = "Comment accompagner son enfant " * 10
    result = contenu("new", "article", title.strip())
    assert result.exit_code == 0, result.output
    created = [p for p in (site_root / "content/articles").glob("comment-accompagner*.md")]
    assert len(created) == 1 and len(created[0].stem) <= 80
    assert not created[0].stem.endswith("-")
    refused = contenu("new", "page", "Assets")
    assert refused.exit_code != 0 and "nom que le site utilise déjà" in refused.plain


def test_an_image_only_a_draft_shows_is_not_published(
    write: Any, site_root: Path, contenu: Callable[..., Any]
) -> None:
    (site_root / "content/images/secret.png").write_bytes(png())
    (site_root / "content/images/partagee.png").write_bytes(png())
    shows = "\n\n![Une image](/images/secret.png)\n\n![Une autre](/images/partagee.png)"
    write(site_root, "articles/brouillon.md", article(extra="draft: true\n", body=shows))
    write(
        site_root, "articles/plus-tard.md", article(extra="publishDate: 2030-01-01\n", body=shows)
    )
    write(site_root, "articles/publie.md", article(body="\n\n![Publiée](/images/partagee.png)"))
    assert contenu("build", "--today", TODAY).exit_code == 0
    public = site_root / PUBLIC
    assert not (public / "images/secret.png").exists()
    assert not list((public / "img").glob("secret-*"))
    assert (public / "images/partagee.png").is_file() and list((public / "img").glob("partagee-*"))
    assert contenu("build", "--drafts", "--today", TODAY).exit_code == 0
    assert (public / "images/secret.png").is_file() and list((public / "img").glob("secret-*"))


def test_a_photo_only_a_draft_shows_through_an_entry_is_not_published(
    write: Any, site_root: Path, contenu: Callable[..., Any]
) -> None:
    """A new team member announced in a draft article: the member's photo waits with it."""
    home = site_root / "content/pages/index.md"
    text = home.read_text(encoding="utf-8")
    home.write_text(
        text.replace("```{team}\n", "```{team}\nitems: [claire-delmas, sarah-benali]\n"),
        encoding="utf-8",
    )
    (site_root / "content/images/nouvelle.png").write_bytes(png())
    photo = "photo:\n  src: /images/nouvelle.png\n  alt: Portrait de Léa\n"
    write(site_root, "equipe/lea-nouvelle.md", f"---\nname: Léa\nrole: Coach\n{photo}---\nLéa.\n")
    shows = "\n\n```{team}\nitems: [lea-nouvelle]\n```\n"
    write(site_root, "articles/arrivee.md", article(extra="draft: true\n", body=shows))
    built = contenu("build", "--today", TODAY)
    assert built.exit_code == 0, built.output
    public = site_root / PUBLIC
    assert not (public / "images/nouvelle.png").exists()
    assert not list((public / "img").glob("nouvelle-*"))
    # Julien is shown by no page at all (warned as such): his photo stays published.
    assert (public / "images/provisoires/equipe/julien-moreau.svg").is_file()
    assert (public / "images/provisoires/equipe/claire-delmas.svg").is_file()
    assert contenu("build", "--drafts", "--today", TODAY).exit_code == 0
    assert (public / "images/nouvelle.png").is_file()


def test_a_future_date_without_schedule_is_announced() -> None:
    results, images = shipped({"articles/futur.md": article(date="2099-01-01")})
    _, diags = collect(results, images, "content", dt.date.fromisoformat(TODAY))
    found = [d for d in diags if d.path == "content/articles/futur.md"]
    assert [(d.line, d.field, d.severity) for d in found] == [(4, "date", "warning")]
    assert "mis en ligne dès maintenant" in plain(found[0].message)
    assert "`publishDate: 2099-01-01`" in found[0].message


def test_two_spellings_of_one_category_name_both_files() -> None:
    results, images = shipped(
        {
            "articles/un.md": article(category="Émotions"),
            "articles/deux.md": article(category="Émotions"),
            "articles/trois.md": article(category="emotions"),
        }
    )
    _, diags = collect(results, images, "content", dt.date.fromisoformat(TODAY))
    found = [d for d in diags if "écrite autrement" in d.message]
    assert [(d.path, d.line, d.field) for d in found] == [
        ("content/articles/trois.md", 5, "category")
    ]
    message = plain(found[0].message)
    assert "« emotions » écrite autrement que « Émotions » dans content/articles/" in message


def test_a_category_in_the_singular_is_taken_for_the_plural_in_use() -> None:
    """« Émotion » beside two « Émotions »: two pages for one subject; the rule CATEGORY_NAME
    (the carnet applies the same record at the field) names the one in use."""
    results, images = shipped(
        {
            "articles/un.md": article(category="Émotions"),
            "articles/deux.md": article(category="Émotions"),
            "articles/trois.md": article(category="Émotion"),
        }
    )
    _, diags = collect(results, images, "content", dt.date.fromisoformat(TODAY))
    found = [d for d in diags if "écrite autrement" in d.message]
    assert [(d.path, d.field) for d in found] == [("content/articles/trois.md", "category")]
    assert "écrivez « Émotions »" in plain(found[0].message)


def test_two_thousand_categories_are_refused_in_french() -> None:
    many = {f"articles/a-{n}.md": article(category=f"Catégorie {n}") for n in range(2_000)}
    results, images = shipped(many)
    _, diags = collect(results, images, "content", dt.date.fromisoformat(TODAY))
    found = [d for d in diags if "trop de catégories" in d.message]
    assert len(found) == 1 and found[0].field == "category"
    assert f"pour {MAX_CATEGORIES} au plus" in plain(found[0].message)


def test_an_image_of_another_site_is_an_error_at_its_line() -> None:
    text = ARTICLE_FRONT + "---\n\nTexte.\n\n![Un chat](https://example.org/chat.png)\n"
    found = [d for d in one("articles/essai.md", text).diagnostics if d.is_error]
    assert [d.line for d in found] == [10]
    assert "image d’un autre site" in plain(found[0].message)
    linked = one("articles/essai.md", ARTICLE_FRONT + "---\n\n[Un site](https://example.org)\n")
    assert linked.ok  # a link to another site is not blocked by the CSP


def test_an_animated_image_is_refused(site_root: Path, contenu: Callable[..., Any]) -> None:
    (site_root / "content/images/anime.png").write_bytes(png(200, 200, frames=3))
    result = contenu("check", "--today", TODAY)
    assert result.exit_code == 1
    assert "image animée (3 images)" in result.plain


def test_a_file_in_the_wrong_folder_is_told_where_it_belongs() -> None:
    found = one("pages/essai.md", article()).diagnostics
    assert len(found) == 1
    assert "va dans le dossier content/articles/" in found[0].message
    assert "content/articles/essai.md" in found[0].message
    page = one("articles/essai.md", "---\ntitle: Accueil\ndescription: Une page.\n---\n\nx\n")
    assert ["content/pages/" in d.message for d in page.diagnostics] == [True]
    wrong_value = one("articles/essai.md", article(date="demain")).diagnostics
    assert "dossier" not in wrong_value[0].message  # a bad value is not a wrong folder


def test_check_reads_the_opening_hours_as_the_build_does() -> None:
    settings = (CONTENT / "reglages/site.md").read_text(encoding="utf-8")
    shipped_hours = "Du lundi au vendredi, 9h-18h"
    assert shipped_hours in settings
    line = settings[: settings.index(shipped_hours)].count("\n") + 1
    for availability, warned in (
        ("Du lundi au vendredi, de neuf heures à midi", True),
        ("Sur rendez-vous", False),
        (hostile.hostile_availability(500_000), True),
    ):
        with no_hang():
            results, images = shipped(
                {"reglages/site.md": settings.replace(shipped_hours, availability)}
            )
            _, diags = collect(results, images, "content", dt.date.fromisoformat(TODAY))
        found = [d for d in diags if d.field == "offer.availability"]
        assert [(d.severity, d.line) for d in found] == ([("warning", line)] if warned else [])
