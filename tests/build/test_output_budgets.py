"""Performance budgets of every prerendered route, measured on the build output: bytes are
deterministic, so these never flake (timings live in ``nox -s bench``)."""

from __future__ import annotations

import re

from built_site import (
    PROVIDERS,
    Build,
    first_load_js,
    gzip_size,
    inline_scripts,
    local_file,
    parse_page_text,
    resource_urls,
    stylesheets,
)

#: First-load JavaScript per route, gzipped (level 9). The floor of React 19 + react-dom +
#: react-router-dom 7 + react-helmet-async in a minimal Vite app is about 86 KB.
JS_BUDGET = 100 * 1024
#: Render-blocking CSS per route, gzipped; inline <style> is not counted.
CSS_BUDGET = 15 * 1024


def kb(size: int) -> str:
    return f"{size / 1024:.1f} KB"


def test_first_load_javascript_fits_the_budget_on_every_route(build: Build) -> None:
    over = {}
    for page in build.pages:
        files = first_load_js(build.dist, build.base, page)
        assert files, f"{page.route} loads no JavaScript: the page would never hydrate"
        total = sum(gzip_size(f) for f in files)
        if total > JS_BUDGET:
            detail = ", ".join(f"{f.name} {kb(gzip_size(f))}" for f in files)
            over[page.route] = f"{kb(total)} ({detail})"
    assert not over, f"first-load JS over {kb(JS_BUDGET)} gzipped: {over}"


#: What a page loads before its first paint besides its HTML, fonts and images: the boot
#: script alone (site/src/boot.ts), gzipped.
BOOT_BUDGET = 2 * 1024
#: The code boot.ts puts into the document once the first screen is shown.
AFTER_PAINT = re.compile(r'<template id="after-paint">.*?</template>', re.S)


def test_only_the_boot_script_comes_before_the_first_paint(build: Build) -> None:
    """The first screen does not share a phone's network with the site's code: outside the
    after-paint template a page names one script, the small boot script, and no module."""
    wrong = {}
    for page in build.pages:
        html = page.file.read_text(encoding="utf-8")
        if len(AFTER_PAINT.findall(html)) != 1:
            wrong[page.route] = "no <template id=after-paint> holding the code"
            continue
        early = parse_page_text(AFTER_PAINT.sub("", html), page)
        scripts = [t.attrs["src"] for t in early.find("script") if t.attrs.get("src")]
        preloads = [t for t in early.find("link") if t.attrs.get("rel") == "modulepreload"]
        files = [local_file(build.dist, build.base, src) for src in scripts]
        if preloads or len(files) != 1 or files[0] is None or "boot-" not in files[0].name:
            wrong[page.route] = f"scripts {scripts}, {len(preloads)} modulepreload(s)"
        elif gzip_size(files[0]) > BOOT_BUDGET:
            wrong[page.route] = f"{files[0].name} {kb(gzip_size(files[0]))}"
    assert not wrong, f"code loaded before the first paint: {wrong}"


def test_css_is_inlined_or_small_on_every_route(build: Build) -> None:
    over = {}
    for page in build.pages:
        total = sum(gzip_size(f) for f in stylesheets(build.dist, build.base, page))
        if total > CSS_BUDGET:
            over[page.route] = kb(total)
    assert not over, f"linked CSS over {kb(CSS_BUDGET)} gzipped: {over}"


def test_every_image_has_its_size(build: Build) -> None:
    unsized = [
        f"{page.route}: {tag.attrs.get('src')}"
        for page in build.pages
        for tag in page.find("img")
        if not (tag.attrs.get("width", "").isdigit() and tag.attrs.get("height", "").isdigit())
    ]
    assert not unsized, f"<img> without numeric width and height (layout shift): {unsized}"


def test_provider_scripts_only_on_the_routes_that_need_them(build: Build) -> None:
    wrong = []
    for page in build.pages:
        urls = resource_urls(page)
        inline = "\n".join(inline_scripts(page))
        for provider, (hosts, allowed) in PROVIDERS.items():
            if page.route in allowed:
                continue
            hits = [u for u in urls if any(h in u for h in hosts)]
            hits += [f"inline script naming {h}" for h in hosts if h in inline]
            if hits:
                wrong.append(f"{page.route} loads {provider}: {hits}")
    assert not wrong, "\n".join(wrong)
