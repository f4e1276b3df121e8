"""`contenu build`: data files that match the contract, deterministic and atomic output,
drafts and scheduled articles, the public URL, and the incremental path the watcher uses."""

from __future__ import annotations

import datetime as dt
import json
import re
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from contenu.images.image_check import published_bytes
from contenu.models import REQUIRED_PAGES
from contenu.models.bundle import RouteBundle, RouteIndex, SiteBundle
from contenu.pipeline.articles import french_date, reading_time
from contenu.pipeline.build import Builder, Project
from contenu.pipeline.emit import Options

TODAY = "2026-01-15"
BUILD = Path("site/generated/build")  # runner.BUILD_OUT
DATA = BUILD / "public" / "data"


def tree(folder: Path) -> dict[str, bytes]:
    """The files of ``folder``; hidden ones (``.gitkeep``) are no content and are not copied."""
    return {
        p.relative_to(folder).as_posix(): p.read_bytes()
        for p in sorted(folder.rglob("*"))
        if p.is_file() and not p.name.startswith(".")
    }


def load(root: Path, rel: str) -> Any:
    """A data file of the build (``site.json``, ``routes/contact.json``)."""
    return json.loads((root / DATA / rel).read_text(encoding="utf-8"))


def route_index(root: Path) -> list[dict[str, Any]]:
    data: list[dict[str, Any]] = json.loads((root / BUILD / "routes.json").read_text("utf-8"))
    return data


def listed_slugs(root: Path) -> set[str]:
    """The articles the blog listing shows (every page of it)."""
    slugs = set()
    for route in route_index(root):
        if route["path"] == "/blog" or route["path"].startswith("/blog/page/"):
            cells = load(root, f"routes/{route['key']}.json")["cells"]
            slugs |= {
                card["slug"] for c in cells if c["type"] == "articles" for card in c["entries"]
            }
    return slugs


ARTICLE = """---
title: {title}
excerpt: Un résumé.
date: 2025-06-01
category: Essais
{extra}
---

Un texte court.
"""


def test_build_writes_data_files_matching_the_contract(
    site_root: Path, contenu: Callable[..., Any]
) -> None:
    result = contenu("build", "--today", TODAY)
    assert result.exit_code == 0, result.output
    site = SiteBundle.model_validate_json((site_root / DATA / "site.json").read_bytes())
    index = RouteIndex.model_validate_json((site_root / BUILD / "routes.json").read_bytes())
    keys = {r.key for r in index.root}
    assert set(REQUIRED_PAGES) <= keys
    for route in index.root:
        bundle = RouteBundle.model_validate_json(
            (site_root / DATA / "routes" / f"{route.key}.json").read_bytes()
        )
        assert bundle.path == route.path
        assert bundle.head.canonical.startswith(site.site_url)
        assert bundle.head.og_image.startswith(site.site_url)
    images = site_root / BUILD / "public" / "images"
    sources = site_root / "content" / "images"
    # Raster images are published as written; SVGs as their sanitised tree.
    assert tree(images) == {rel: published_bytes(sources / rel) for rel in tree(sources)}
    assert (site_root / "schema" / "page.schema.gen.json").exists()
    assert (site_root / "site" / "src" / "content-types.gen.ts").exists()


def test_two_builds_give_the_same_bytes(
    site_root: Path, contenu: Callable[..., Any], tmp_path: Path
) -> None:
    assert contenu("build", "--today", TODAY).exit_code == 0
    first = tree(site_root / BUILD)
    assert contenu("build", "--today", TODAY, "--out", str(tmp_path / "b")).exit_code == 0
    assert tree(tmp_path / "b") == first


def test_failed_build_leaves_previous_output_untouched(
    write: Any, site_root: Path, contenu: Callable[..., Any]
) -> None:
    assert contenu("build", "--today", TODAY).exit_code == 0
    before = tree(site_root / BUILD)
    write(site_root, "pages/contact.md", "---\ntitle: [cassé\n---\n")
    result = contenu("build", "--today", TODAY)
    assert result.exit_code == 1
    assert "Rien n’a été écrit" in result.plain
    assert tree(site_root / BUILD) == before
    leftovers = [p.name for p in (site_root / BUILD).parent.iterdir() if ".build.tmp" in p.name]
    assert leftovers == []


def test_failed_first_build_writes_nothing(
    write: Any, site_root: Path, contenu: Callable[..., Any]
) -> None:
    write(site_root, "pages/contact.md", "")
    assert contenu("build").exit_code == 1
    assert not (site_root / BUILD).exists()


def test_drafts_and_scheduled_articles(
    write: Any, site_root: Path, contenu: Callable[..., Any]
) -> None:
    write(
        site_root, "articles/brouillon.md", ARTICLE.format(title="Brouillon", extra="draft: true")
    )
    write(
        site_root,
        "articles/plus-tard.md",
        ARTICLE.format(title="Plus tard", extra="publishDate: 2030-01-01"),
    )
    write(
        site_root, "articles/deja.md", ARTICLE.format(title="Déjà", extra="publishDate: 2025-01-01")
    )
    assert contenu("build", "--today", TODAY).exit_code == 0
    slugs = listed_slugs(site_root)
    assert "deja" in slugs and "brouillon" not in slugs and "plus-tard" not in slugs
    assert not (site_root / DATA / "routes/blog/brouillon.json").exists()
    assert not (site_root / DATA / "routes/blog/plus-tard.json").exists()
    assert "Brouillon" not in json.dumps(load(site_root, "routes/blog.json"))

    assert contenu("build", "--drafts", "--today", TODAY).exit_code == 0
    assert {"brouillon", "plus-tard"} <= listed_slugs(site_root)
    draft = load(site_root, "routes/blog/brouillon.json")
    assert draft["head"]["robots"] == "noindex, nofollow"
    assert draft["article"]["status"] == "draft"
    scheduled = load(site_root, "routes/blog/plus-tard.json")["article"]
    # A scheduled article shows the day it goes live, not the date the file was written.
    assert scheduled["status"] == "scheduled"
    assert (scheduled["date"], scheduled["dateText"]) == ("2030-01-01", "1er janvier 2030")
    routes = {r["key"]: r for r in route_index(site_root)}
    assert routes["blog/brouillon"]["indexable"] is False

    assert contenu("build", "--today", "2030-01-02").exit_code == 0
    assert (site_root / DATA / "routes/blog/plus-tard.json").exists()
    assert not (site_root / DATA / "routes/blog/brouillon.json").exists()


def test_site_url_env_sets_base_path_and_absolute_urls(
    site_root: Path, contenu: Callable[..., Any]
) -> None:
    result = contenu("build", env={"SITE_URL": "https://example.org/coaching"})
    assert result.exit_code == 0, result.output
    site = load(site_root, "site.json")
    assert site["siteUrl"] == "https://example.org/coaching/"
    assert site["basePath"] == "/coaching/"
    head = load(site_root, "routes/contact.json")["head"]
    assert head["ogImage"].startswith("https://example.org/coaching/images/")
    for page in (site_root / "content" / "pages").glob("*.md"):
        if "ogUrl:" in page.read_text(encoding="utf-8") or page.stem == "404":
            continue
        canonical = load(site_root, f"routes/{page.stem}.json")["head"]["canonical"]
        path = "" if page.stem == "index" else page.stem
        assert canonical == f"https://example.org/coaching/{path}"


def test_bad_site_url_env_is_reported(site_root: Path, contenu: Callable[..., Any]) -> None:
    result = contenu("build", env={"SITE_URL": "example.org"})
    assert result.exit_code == 1
    assert "adresse publique invalide « example.org »" in result.plain


def test_title_suffix_and_article_facts(
    write: Any, site_root: Path, contenu: Callable[..., Any]
) -> None:
    write(site_root, "articles/essai.md", ARTICLE.format(title="Mon essai", extra="readTime: 7"))
    assert contenu("build", "--today", TODAY).exit_code == 0
    site = load(site_root, "site.json")
    brand = site["settings"]["brand"]
    bundle = load(site_root, "routes/blog/essai.json")
    suffix = site["settings"]["titleSuffix"].replace("{brand}", brand)
    assert bundle["head"]["title"] == "Mon essai" + suffix
    assert bundle["head"]["ogType"] == "article"
    assert bundle["article"]["dateText"] == "1er juin 2025"
    assert bundle["article"]["readTime"] == 7
    for route in route_index(site_root):
        head = load(site_root, f"routes/{route['key']}.json")["head"]
        assert brand in head["title"]
        assert head["title"].count(brand) == route["title"].count(brand) + (
            brand not in route["title"]
        )


def test_pixel_events_of_the_spec(site_root: Path, contenu: Callable[..., Any]) -> None:
    assert contenu("build").exit_code == 0
    expected = {
        "ressource": "ViewContent",
        "merci": "Lead",
        "appel": "ViewContent",
        "appel-confirmation": "Schedule",
    }
    for key, event in expected.items():
        assert load(site_root, f"routes/{key}.json")["pixel"]["event"] == event
    assert (
        load(site_root, "routes/appel.json")["pixel"]["params"]["content_type"]
        == "calendly_booking"
    )
    assert load(site_root, "routes/index.json")["pixel"] is None


def test_incremental_rebuild_reparses_only_the_edited_file(write: Any, site_root: Path) -> None:
    builder = Builder(site_root / "content")
    project = Project.at(site_root)
    options = Options(today=dt.date(2026, 1, 15))
    first = builder.compile(options)
    assert first.ok and first.reparsed == first.files_checked
    builder.update(first, project)
    page = site_root / "content" / "pages" / "contact.md"
    page.write_text(page.read_text(encoding="utf-8") + "\nUne phrase de plus.\n", encoding="utf-8")
    second = builder.compile(options)
    assert second.ok and second.reparsed == 1
    assert builder.update(second, project) == ["public/data/routes/contact.json"]
    assert "Une phrase de plus." in (project.out / "public/data/routes/contact.json").read_text(
        encoding="utf-8"
    )


@pytest.mark.parametrize(
    ("date", "text"),
    [
        (dt.date(2024, 3, 15), "15 mars 2024"),
        (dt.date(2024, 2, 1), "1er février 2024"),
        (dt.date(2023, 8, 31), "31 août 2023"),
    ],
)
def test_french_date(date: dt.date, text: str) -> None:
    assert french_date(date) == text


def test_reading_time_at_200_words_a_minute() -> None:
    assert reading_time(0) == 1
    assert reading_time(1000) == 5
    assert reading_time(1500) == 8


def test_bytes_do_not_depend_on_the_hash_seed(site_root: Path, tmp_path: Path) -> None:
    import os
    import subprocess
    import sys

    outputs = []
    for seed in ("1", "2"):
        out = tmp_path / f"seed-{seed}"
        code = "from contenu.cli import app; app(prog_name='contenu')"
        args = [sys.executable, "-c", code, "build", "--today", TODAY, "--out", str(out)]
        env = {**os.environ, "PYTHONHASHSEED": seed}
        env.pop("SITE_URL", None)
        done = subprocess.run(args, cwd=site_root, env=env, capture_output=True, text=True)
        assert done.returncode == 0, done.stdout + done.stderr
        outputs.append(tree(out))
    assert outputs[0] == outputs[1]


@pytest.mark.parametrize("broken", [False, True])
def test_the_program_ends_after_a_build_as_the_command_says(
    site_root: Path, tmp_path: Path, contenu: Callable[..., Any], broken: bool
) -> None:
    """The ``contenu`` program ends a build without Python's teardown (``cli.main``): the
    same exit code, the same output, every file written, as the command run in-process."""
    import os
    import shutil
    import subprocess
    import sys

    if broken:
        contact = site_root / "content" / "pages" / "contact.md"
        contact.write_text(contact.read_text("utf-8").replace("title:", "titre:", 1), "utf-8")
    # Each in a repository of its own: a build also writes the site's generated code there.
    twin = tmp_path / "twin"
    shutil.copytree(site_root, twin)
    args = ["build", "--today", TODAY, "--out"]
    # Buffered output, as a pipe gives it (this machine sets PYTHONUNBUFFERED).
    gone = ("SITE_URL", "GITHUB_ACTIONS", "PYTHONUNBUFFERED")
    env = {k: v for k, v in os.environ.items() if k not in gone}
    program = [sys.executable, "-c", "from contenu.cli import main; main()"]
    done = subprocess.run(
        [*program, *args, str(tmp_path / "program")],
        cwd=twin,
        env=env,
        capture_output=True,
        text=True,
    )
    command = contenu(*args, str(tmp_path / "command"))
    assert done.returncode == command.exit_code == (1 if broken else 0)
    said = (done.stdout + done.stderr).replace(str(tmp_path / "program"), "OUT")
    assert said == command.output.replace(str(tmp_path / "command"), "OUT")
    if not broken:
        assert tree(tmp_path / "program") == tree(tmp_path / "command")


def _edit_rounds(site_root: Path) -> list[tuple[str, str | None]]:
    """(file, new text or None to delete): edits that change cards, the listing and routes."""
    articles = sorted((site_root / "content" / "articles").glob("*.md"))
    first, second = articles[0], articles[1]
    settings = site_root / "content" / "reglages" / "site.md"
    first_text = first.read_text("utf-8")
    retitled = re.sub(r"(?m)^title: .*$", 'title: "Nouveau titre"', first_text, count=1)
    return [
        # The feed and the sitemap are kept between saves: each of these must remake them.
        (str(first), retitled),
        (str(settings), settings.read_text("utf-8").replace("brand: Renouer", "brand: Renouons")),
        (str(first), first.read_text(encoding="utf-8") + "\n" + "Mot ajouté. " * 400 + "\n"),
        (str(second), re.sub(r"(?m)^date: .*$", "date: 2025-12-31", second.read_text("utf-8"))),
        (str(first.with_name("nouvel-article.md")), second.read_text(encoding="utf-8")),
        (str(first), None),
    ]


def test_watcher_rebuilds_equal_a_cold_build(site_root: Path, tmp_path: Path) -> None:
    """The watcher's path (told which file changed, caches kept) gives the same bundles as a
    new builder after every kind of edit: longer article, new title, new and deleted file."""
    options = Options(today=dt.date(2026, 1, 15))
    warm = Builder(site_root / "content")
    assert warm.compile(options).ok
    for path, text in _edit_rounds(site_root):
        target = Path(path)
        if text is None:
            target.unlink()
        else:
            target.write_text(text, encoding="utf-8")
        incremental = warm.compile(options, changed={target})
        cold = Builder(site_root / "content", workers=1).compile(options)
        assert incremental.ok and cold.ok
        assert incremental.outputs is not None and cold.outputs is not None
        assert incremental.outputs.files == cold.outputs.files


def test_title_suffix_set_by_a_coach_keeps_its_leading_space(
    site_root: Path, contenu: Callable[..., Any]
) -> None:
    settings = site_root / "content" / "reglages" / "site.md"
    text = settings.read_text(encoding="utf-8")
    settings.write_text(
        text.replace("---\n", '---\ntitleSuffix: " – {brand}, coaching"\n', 1), encoding="utf-8"
    )
    assert contenu("build", "--today", TODAY).exit_code == 0
    assert load(site_root, "routes/contact.json")["head"]["title"].endswith(" – Renouer, coaching")
    assert "Contact – Renouer" in load(site_root, "routes/contact.json")["head"]["title"]
