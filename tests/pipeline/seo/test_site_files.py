"""What `contenu build` writes beside the route data: the SEO files and CNAME of the site
root, JSON-LD for every route, the responsive image variants and their sizes."""

from __future__ import annotations

import json
import re
from collections.abc import Callable
from pathlib import Path
from typing import Any

from contenu.models.bundle import RouteBundle

BUILD = Path("site/generated/build")


def _bundle(root: Path, rel: str) -> Any:
    return json.loads((root / BUILD / "public" / "data" / rel).read_text(encoding="utf-8"))


def _routes(root: Path) -> list[dict[str, Any]]:
    data: list[dict[str, Any]] = json.loads((root / BUILD / "routes.json").read_text("utf-8"))
    return data


def test_build_writes_sitemap_robots_and_feed(site_root: Path, contenu: Callable[..., Any]) -> None:
    assert contenu("build", "--today", "2026-01-15").exit_code == 0
    public = site_root / BUILD / "public"
    site, routes = _bundle(site_root, "site.json"), _routes(site_root)
    sitemap = (public / "sitemap.xml").read_text(encoding="utf-8")
    locs = set(re.findall(r"<loc>([^<]+)</loc>", sitemap))
    indexable = {site["siteUrl"] + r["path"].lstrip("/") for r in routes if r["indexable"]}
    assert locs == indexable
    assert site["siteUrl"] + "mentions-legales" in locs  # indexable since the SEO pass
    assert site["siteUrl"] + "merci" not in locs  # thank-you pages stay out
    robots = (public / "robots.txt").read_text(encoding="utf-8")
    assert f"Sitemap: {site['siteUrl']}sitemap.xml" in robots
    feed = (public / "feed.xml").read_text(encoding="utf-8")
    articles = [r for r in routes if r["kind"] == "article"]
    assert feed.count("<entry>") == len(articles) > 0


def test_json_ld_names_the_business_once_and_each_page_its_own(
    site_root: Path, contenu: Callable[..., Any]
) -> None:
    assert contenu("build", "--today", "2026-01-15").exit_code == 0
    business = json.loads(_bundle(site_root, "site.json")["jsonLd"])
    assert [node["@type"] for node in business] == ["ProfessionalService"]
    assert [o["price"] for o in business[0]["makesOffer"]] == [395, 125, 0]
    for route in [r for r in _routes(site_root) if r["kind"] != "not-found"]:
        text = _bundle(site_root, f"routes/{route['key']}.json")["head"]["jsonLd"]
        types = {node["@type"] for node in json.loads(text)} if text else set()
        assert "ProfessionalService" not in types  # the business lives in site.json
        assert ("BlogPosting" in types) == (route["kind"] == "article"), route["path"]
        assert "</" not in (text or "")
    assert _bundle(site_root, "routes/404.json")["head"]["jsonLd"] is None
    contact = json.loads(_bundle(site_root, "routes/contact.json")["head"]["jsonLd"])
    assert "FAQPage" in {node["@type"] for node in contact}
    home = json.loads(_bundle(site_root, "routes/index.json")["head"]["jsonLd"])
    assert "WebSite" in {node["@type"] for node in home}


def test_cname_follows_the_custom_domain(site_root: Path, contenu: Callable[..., Any]) -> None:
    settings = site_root / "content" / "reglages" / "site.md"
    original = settings.read_text(encoding="utf-8")
    cname = site_root / BUILD / "public" / "CNAME"
    with_domain = original.replace("---\n", "---\ncustomDomain: coaching.example.org\n", 1)
    settings.write_text(with_domain, encoding="utf-8")
    assert contenu("build").exit_code == 0
    assert cname.read_text(encoding="utf-8") == "coaching.example.org\n"
    settings.write_text(original, encoding="utf-8")
    assert contenu("build").exit_code == 0
    assert not cname.exists()


def test_each_route_carries_the_sizes_and_variants_of_its_images(
    site_root: Path, contenu: Callable[..., Any], write: Any
) -> None:
    article = site_root / "content" / "articles"
    first = sorted(article.glob("*.md"))[0]
    text = first.read_text(encoding="utf-8")
    image = "image:\n  src: /images/og-default.png\n  alt: Une illustration\n"
    first.write_text(text.replace("---\n", "---\n" + image, 1), encoding="utf-8")
    assert contenu("build").exit_code == 0
    route = RouteBundle.model_validate(_bundle(site_root, f"routes/blog/{first.stem}.json"))
    og = route.images["/images/og-default.png"]
    assert og.variants and all(v.path.startswith("/img/") for v in og.variants)
    for variant in og.variants:
        assert (site_root / BUILD / "public" / variant.path.lstrip("/")).is_file()
    # Only what the page shows: the social image of the home page is no shown image.
    home = RouteBundle.model_validate(_bundle(site_root, "routes/index.json"))
    assert "/images/og-default.png" not in home.images
    assert home.head.og_image.endswith("/images/og-default.png")  # social image unchanged
    assert all(src.startswith("/images/") for src in home.images)


def test_unreadable_image_is_a_french_error(
    site_root: Path, contenu: Callable[..., Any], write: Any
) -> None:
    write(site_root, "images/cassee.png", b"\x89PNG\r\n\x1a\npas une image")
    result = contenu("build")
    assert result.exit_code == 1
    assert "cassee.png" in result.output
    assert "Traceback" not in result.output


def test_watcher_remakes_variants_only_when_an_image_changed(site_root: Path) -> None:
    import datetime as dt

    from PIL import Image

    from contenu.pipeline.build import Builder
    from contenu.pipeline.emit import Options

    options = Options(today=dt.date(2026, 1, 15), images_out=site_root / "img")
    builder = Builder(site_root / "content")
    first = builder.compile(options)
    assert first.ok and first.graph is not None
    before = first.graph.image_manifest["/images/og-default.png"]
    page = site_root / "content" / "pages" / "contact.md"
    page.write_text(page.read_text(encoding="utf-8") + "\nUne phrase.\n", encoding="utf-8")
    second = builder.compile(options, changed={page})
    assert second.ok and second.graph is not None and not second.images_changed
    assert second.graph.image_manifest["/images/og-default.png"] == before
    png = site_root / "content" / "images" / "og-default.png"
    Image.new("RGB", (800, 420), "#2f6f62").save(png)
    third = builder.compile(options, changed={png})
    assert third.ok and third.graph is not None and third.images_changed
    after = third.graph.image_manifest["/images/og-default.png"]
    assert after["width"] == 800 and after["variants"] != before["variants"]
