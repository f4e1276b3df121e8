"""Sign-in with 4,000 articles (issue 32): the list of every file with its title and state
comes from the tree (every blob's id) and the blobs' texts read many per request, then
from the summaries kept by blob id: a first sign-in makes a few dozen requests to GitHub
(not one per file: 4,051, a second sign-in within the hour then met GitHub's limit of
5,000 an hour), a second one reads no article again. The time it takes on loopback is
printed, not asserted (docs/performance.md)."""

from __future__ import annotations

import subprocess
import sys
import time
from collections.abc import Iterator
from pathlib import Path

import pytest
from playwright.sync_api import Page, expect

from .bundles import REPO
from .editor_github import Network, editor, sign_in, signed_in
from .fake_github.server import FakeGitHub, serve
from .pages_server import PagesServer
from .test_editor import folder_title

__all__ = ["editor"]

ARTICLES = 4000
#: The issue's bound for one sign-in, preflights included.
MOST_REQUESTS = 50


@pytest.fixture(scope="module")
def many_articles(tmp_path_factory: pytest.TempPathFactory) -> Path:
    out = tmp_path_factory.mktemp("many")
    factory = [sys.executable, "tests/content_factory.py", str(out), "--articles", str(ARTICLES)]
    subprocess.run(factory, cwd=REPO, check=True, capture_output=True)
    return out / "content"


@pytest.fixture
def fake_github(tmp_path: Path, many_articles: Path) -> Iterator[FakeGitHub]:
    with serve(tmp_path, many_articles) as fake:
        yield fake


def listed(page: Page, count: int) -> None:
    articles = page.get_by_role("region", name=folder_title("articles"))
    expect(articles.get_by_role("link")).to_have_count(count, timeout=120_000)


@pytest.mark.parametrize("tree_entries", [100_000, 1_000], ids=["one tree", "tree truncated"])
def test_sign_in_with_4000_articles_takes_few_requests_and_the_next_reads_none(
    editor: tuple[Page, Network], editor_site: PagesServer, fake_github: FakeGitHub,
    many_articles: Path, tree_entries: int,
) -> None:  # fmt: skip
    page, _ = editor
    fake_github.tree_entries = tree_entries  # past it GitHub cuts a recursive listing
    count = len(list((many_articles / "articles").glob("*.md")))
    assert count > ARTICLES
    before = len(fake_github.requests)
    started = time.monotonic()
    sign_in(page)
    listed(page, count)
    seconds = time.monotonic() - started
    made = fake_github.requests[before:]
    print(f"\n{count} articles: sign-in and list in {seconds:.1f} s, {len(made)} requests")
    assert len(made) <= MOST_REQUESTS, sorted({r.method + " " + r.path[:80] for r in made})
    # No file read one by one — but the settings, once: the list shows titles with their
    # values (« À propos de {{ coach }} ») and finds pages by their menu labels.
    one_by_one = [r.path for r in made if "/contents/" in r.path]
    assert [p for p in one_by_one if "/contents/content/reglages/site.md" not in p] == []
    assert len(one_by_one) <= 1, one_by_one

    # The same coach in a new tab: every summary is kept, no article is read again.
    second = page.context.new_page()
    second.goto(editor_site.url_for("/editeur/"))
    before = len(fake_github.requests)
    signed_in(second)
    listed(second, count)
    again = fake_github.requests[before:]
    assert not [r for r in again if r.method == "POST" and b"object(oid" in r.body]
    assert len(again) <= MOST_REQUESTS
