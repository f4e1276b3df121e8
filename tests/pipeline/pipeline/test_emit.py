"""Stage 5, emit: the shipped content through the first four stages (stage_inputs.shipped and
collect), changed one file at a time, and the files emit makes of it: their shapes, which of
them a change rewrites, what drafts and long listings become."""

from __future__ import annotations

import datetime as dt
import json
import re

from stage_inputs import ARTICLE_FRONT, CONTENT, shipped

from contenu.models import SETTINGS_FILE
from contenu.models.bundle import RouteBundle, RouteIndex, SiteBundle
from contenu.pipeline.articles import ArticleCache
from contenu.pipeline.collect import collect
from contenu.pipeline.emit import ROUTES_FILE, SITE_FILE, Options, Outputs, compile_outputs

TODAY = dt.date(2026, 1, 15)
ROUTE_FILE = re.compile(r"public/data/routes/(.+)\.json")


def emit(
    replace: dict[str, str] | None = None,
    *,
    drafts: bool = False,
    cache: ArticleCache | None = None,
) -> Outputs:
    results, images = shipped(replace)
    graph, diagnostics = collect(results, images, "content", TODAY)
    assert not [d for d in diagnostics if d.is_error], diagnostics
    return compile_outputs(graph, Options(drafts=drafts, today=TODAY), cache)


def route_keys(outputs: Outputs) -> set[str]:
    return {m[1] for name in outputs.files if (m := ROUTE_FILE.fullmatch(name))}


def test_every_file_has_the_shape_of_its_bundle_model_and_the_index_names_every_route() -> None:
    outputs = emit()
    SiteBundle.model_validate_json(outputs.files[SITE_FILE])
    index = RouteIndex.model_validate_json(outputs.files[ROUTES_FILE])
    assert {route.key for route in index.root} == route_keys(outputs)
    for key in route_keys(outputs):
        bundle = RouteBundle.model_validate_json(outputs.files[f"public/data/routes/{key}.json"])
        assert bundle.key == key
    assert {"index", "contact", "blog", "blog/routines-apaisantes", "404"} <= route_keys(outputs)


def test_a_new_price_reaches_the_pages_showing_it_and_leaves_the_articles_as_they_were() -> None:
    """The preview rewrites only the files whose bytes changed: a price change must leave
    the articles (which do not show prices) byte for byte the same."""
    cache = ArticleCache()
    before = emit(cache=cache).files
    settings = (CONTENT / SETTINGS_FILE).read_text(encoding="utf-8")
    after = emit({SETTINGS_FILE: settings.replace("amount: 395", "amount: 420")}, cache=cache)
    changed = {name for name, data in after.files.items() if before.get(name) != data}
    assert SITE_FILE in changed and "public/data/routes/index.json" in changed
    assert "420" in after.files["public/data/routes/index.json"].decode()
    assert not [name for name in changed if "/routes/blog/" in name], changed


def test_a_draft_is_emitted_only_for_the_preview() -> None:
    article = (CONTENT / "articles" / "routines-apaisantes.md").read_text(encoding="utf-8")
    draft = {
        "articles/routines-apaisantes.md": article.replace("\n---\n", "\ndraft: true\n---\n", 1)
    }
    assert "blog/routines-apaisantes" not in route_keys(emit(draft))
    assert b"routines-apaisantes" not in emit(draft).files["public/sitemap.xml"]
    preview = emit(draft, drafts=True)
    bundle = RouteBundle.model_validate_json(
        preview.files["public/data/routes/blog/routines-apaisantes.json"]
    )
    assert bundle.article is not None and bundle.article.status == "draft"
    assert b"routines-apaisantes" not in preview.files["public/sitemap.xml"]


def test_a_long_blog_is_cut_into_numbered_pages_listing_each_article_once() -> None:
    many = {
        f"articles/essai-{n:02}.md": ARTICLE_FRONT.replace("Un titre", f"Essai {n}")
        + "---\n\nTexte.\n"
        for n in range(30)
    }
    outputs = emit(many)
    pages = sorted(key for key in route_keys(outputs) if re.fullmatch(r"blog(/page/\d+)?", key))
    assert pages == ["blog", "blog/page/2", "blog/page/3"]  # 36 articles, 12 a page
    listed = [
        entry["slug"]
        for key in pages
        for cell in json.loads(outputs.files[f"public/data/routes/{key}.json"])["cells"]
        if cell["type"] == "articles"
        for entry in cell["entries"]
    ]
    assert sorted(listed) == sorted(
        k.removeprefix("blog/") for k in route_keys(outputs) if _article(k)
    )


def _article(key: str) -> bool:
    return key.startswith("blog/") and not key.startswith(("blog/page/", "blog/categorie/"))
