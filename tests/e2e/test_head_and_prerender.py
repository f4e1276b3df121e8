"""Every route is its own prerendered HTML file, with its text and head tags, as a crawler
or a social network fetches it (no JavaScript)."""

from __future__ import annotations

from playwright.sync_api import Page, expect

from .bundles import Route, normalize
from .conftest import Site
from .helpers import HeadTags, body_text, fetch, wait_hydrated

# Fixed by the specification (section 9 and the 404 screen).
TITLE_SUFFIX = " | {brand} - Accompagnement parental"
NOT_FOUND_TEXTS = ("404", "Oops! Page not found", "Return to Home")


def head_problems(site: Site, route: Route) -> list[str]:
    raw = fetch(site.url(route.path))
    where = f"{site.name} {route.path}"
    if raw.status != 200:
        return [f"{where}: status {raw.status}"]
    problems: list[str] = []

    def check(ok: bool, message: str) -> None:
        if not ok:
            problems.append(f"{where}: {message}")

    head = HeadTags(raw.html)
    expected = route.head
    brand = site.bundles.brand
    suffix = TITLE_SUFFIX.format(brand=brand)
    check(raw.content_type.startswith("text/html"), f"content type {raw.content_type!r}")
    check(head.lang == "fr", f'<html lang="fr"> expected, got {head.lang!r}')
    title = normalize(head.title or "")
    check(title == normalize(expected["title"]), f"<title> {title!r} != {expected['title']!r}")
    if title.endswith(normalize(suffix)):
        check(
            brand not in title[: -len(normalize(suffix))],
            f"suffix added to a title holding the brand: {title!r}",
        )
    else:
        check(brand in title, f"title without the brand lacks the suffix {suffix!r}: {title!r}")
    check(head.titles_in_body == 0, "a <title> ended up in <body>")
    descriptions = head.meta("description")
    check(
        [normalize(d) for d in descriptions] == [normalize(expected["description"])],
        f"meta description {descriptions!r} != [{expected['description']!r}]",
    )
    if expected.get("keywords"):
        keywords = head.meta("keywords")
        check(
            len(keywords) == 1
            and all(normalize(k) in normalize(keywords[0]) for k in expected["keywords"]),
            f"meta keywords {keywords!r} lack {expected['keywords']!r}",
        )
    canonical = site.bundles.rebase(expected["canonical"], site.site_url)
    check(
        head.link("canonical") == [canonical],
        f"canonical {head.link('canonical')!r} != [{canonical!r}]",
    )
    og_image = site.bundles.rebase(expected["ogImage"], site.site_url)
    check(og_image.startswith(("https://", "http://")), f"og:image not absolute: {og_image!r}")
    check(
        head.meta("og:image") == [og_image], f"og:image {head.meta('og:image')!r} != [{og_image!r}]"
    )
    check(head.meta("og:url") == [canonical], f"og:url {head.meta('og:url')!r} != [{canonical!r}]")
    check(head.meta("og:type") == [expected["ogType"]], f"og:type {head.meta('og:type')!r}")
    check(
        len(head.meta("og:title")) == 1 and bool(head.meta("og:title")[0].strip()),
        "og:title missing",
    )
    check(
        [normalize(d) for d in head.meta("og:description")] == [normalize(expected["description"])],
        f"og:description {head.meta('og:description')!r}",
    )
    robots = head.meta("robots")
    if expected["robots"] != "index, follow":
        check(robots == [expected["robots"]], f"meta robots {robots!r} != [{expected['robots']!r}]")
    else:
        check(all("noindex" not in r for r in robots), f"indexable page marked {robots!r}")
    text = body_text(raw.html)
    missing = [t for t in route.visible_texts() if t not in text]
    check(not missing, f"text missing from the prerendered HTML: {missing[:3]!r}")
    return problems


def test_every_route_is_prerendered_with_its_head(site: Site) -> None:
    problems = [p for route in site.bundles.pages for p in head_problems(site, route)]
    assert not problems, "\n".join(problems)


def test_every_article_has_its_own_file(site: Site) -> None:
    articles = [r for r in site.bundles.pages if r.kind == "article"]
    assert articles, "no article route in site.json"
    for route in articles:
        raw = fetch(site.url(route.path))
        assert raw.status == 200, route.path
        assert normalize(route.bundle["article"]["title"]) in body_text(raw.html)


def test_blog_is_noindex_nofollow(site: Site) -> None:
    robots = HeadTags(fetch(site.url("/blog")).html).meta("robots")
    assert len(robots) == 1
    tokens = {t.strip() for t in robots[0].split(",")}
    assert {"noindex", "nofollow"} <= tokens


def test_unknown_path_gets_the_404_page_without_javascript(site: Site) -> None:
    raw = fetch(site.url("/cette-page-n-existe-pas"))
    assert raw.status == 404
    text = body_text(raw.html)
    for fixed in NOT_FOUND_TEXTS:
        assert fixed in text
    head = HeadTags(raw.html)
    assert head.lang == "fr"
    assert any("noindex" in r for r in head.meta("robots"))


def test_unknown_path_in_the_browser(site: Site, page: Page) -> None:
    bad = "/pas/une/vraie-page"  # nested: the 404 page's assets must not be relative
    with page.expect_console_message(lambda m: bad in m.text) as logged:
        response = page.goto(site.url(bad))
    assert response is not None and response.status == 404
    assert logged.value.type in ("log", "info", "warning", "error")
    wait_hydrated(page)
    for fixed in NOT_FOUND_TEXTS[:2]:
        expect(page.get_by_text(fixed, exact=True).first).to_be_visible()
    home = page.get_by_role("link", name=NOT_FOUND_TEXTS[2], exact=True)
    expect(home).to_have_attribute("href", site.path("/"))
    home.click()
    expect(page).to_have_url(site.url_re("/"))
    expect(page).to_have_title(site.bundles.route("/").head["title"])
