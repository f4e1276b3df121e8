"""The coaches' editor (« Le carnet ») is built beside the site, at ``editeur/``, and stays
out of everything a visitor or a search engine gets: no route, sitemap, feed or search
entry, no reference from a page, and its own strict Content-Security-Policy."""

from __future__ import annotations

from built_site import EDITOR_DIR, Build, Page, parse_page, resource_urls


def _editor(build: Build) -> Page:
    file = build.dist / EDITOR_DIR / "index.html"
    assert file.is_file(), "the build has no editor page (editeur/index.html)"
    return parse_page(file, f"/{EDITOR_DIR}/")


def test_the_editor_page_is_built_noindex_with_a_strict_policy(build: Build) -> None:
    editor = _editor(build)
    assert "noindex" in (editor.meta("robots") or "")
    policies = [t.attrs.get("content", "") for t in editor.find("meta")
                if t.attrs.get("http-equiv") == "Content-Security-Policy"]  # fmt: skip
    assert len(policies) == 1, policies
    policy = dict(
        (part.split()[0], part.split()[1:]) for part in policies[0].split(";") if part.strip()
    )
    sources = [source for values in policy.values() for source in values]
    assert "'unsafe-inline'" not in sources and "'unsafe-eval'" not in sources, policy
    assert policy["script-src"] == ["'self'"], policy
    assert "https://api.github.com" in policy["connect-src"], policy
    assert not [t for t in editor.find("script") if "src" not in t.attrs], "inline script"
    assert all(
        url.startswith(f"{build.base}{EDITOR_DIR}/assets/") for url in resource_urls(editor)
    ), resource_urls(editor)


def test_the_editor_is_in_no_sitemap_feed_route_or_page(build: Build) -> None:
    for name in ("sitemap.xml", "feed.xml"):
        assert f"/{EDITOR_DIR}" not in (build.dist / name).read_text(encoding="utf-8"), name
    assert all(not page.route.startswith(f"/{EDITOR_DIR}") for page in build.pages)
    for page in build.pages:
        assert not [url for url in resource_urls(page) if f"/{EDITOR_DIR}/" in url], page.route
