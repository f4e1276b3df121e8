"""The coaches' editor (« Le carnet ») is built beside the site, at ``editeur/``, and stays
out of everything a visitor or a search engine gets: no route, sitemap, feed or search
entry, no reference from a page, and its own strict Content-Security-Policy, whose scripts
are pinned file by file (on owner.github.io, 'self' is every repository of the owner)."""

from __future__ import annotations

import json

from built_site import EDITOR_DIR, Build, Page, parse_page, resource_urls

LOCAL_ORIGINS = ("http://localhost:*", "http://127.0.0.1:*")


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
    # Every script and worker of the carnet by its full address, at the site's origin (and
    # on a computer's own server, where the build is opened locally), and nothing else.
    site_url = json.loads((build.dist / "data" / "site.json").read_text("utf-8"))["siteUrl"]
    origin = site_url[: site_url.index("/", len("https://"))]
    files = sorted(f.relative_to(build.dist).as_posix()
                   for f in (build.dist / EDITOR_DIR).rglob("*.js"))  # fmt: skip
    assert files
    expected = sorted(f"{host}{build.base}{file}" for host in (origin, *LOCAL_ORIGINS)
                      for file in files)  # fmt: skip
    assert sorted(policy["script-src"]) == expected, policy["script-src"]
    assert sorted(policy["worker-src"]) == expected, policy["worker-src"]
    # Pages of the site are framed from this origin only (sandboxed by the carnet).
    assert policy["frame-src"] == ["'self'"], policy
    assert "https://api.github.com" in policy["connect-src"], policy
    assert not [t for t in editor.find("script") if "src" not in t.attrs], "inline script"
    # Its code is its own bundle; the one other file is the site's icon.
    scripts = [t.attrs["src"] for t in editor.find("script")]
    assert scripts and all(s.startswith(f"{build.base}{EDITOR_DIR}/assets/") for s in scripts)
    assert all(url.startswith(build.base) for url in resource_urls(editor)), resource_urls(editor)


def test_the_editor_is_in_no_sitemap_feed_route_or_page(build: Build) -> None:
    for name in ("sitemap.xml", "feed.xml"):
        assert f"/{EDITOR_DIR}" not in (build.dist / name).read_text(encoding="utf-8"), name
    assert all(not page.route.startswith(f"/{EDITOR_DIR}") for page in build.pages)
    for page in build.pages:
        assert not [url for url in resource_urls(page) if f"/{EDITOR_DIR}/" in url], page.route
