"""Builds of the site from an edited copy of content/, for tests that need content the shipped
site does not have (no pixel id, real photos…). The site's code does not depend on the
content, so only content/ is copied: each variant gets its own content build and site."""

from __future__ import annotations

import shutil
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from pathlib import Path

import pytest

from .bundles import REPO, Bundles
from .conftest import BUILDS, Site, build_site, content_of, unavailable
from .pages_server import PagesServer


@contextmanager
def variant_site(
    tmp_path_factory: pytest.TempPathFactory, name: str, edit: Callable[[Path], None]
) -> Iterator[Site]:
    """The site built at the root URL from content/ as ``edit(content_dir)`` leaves it."""
    if not (REPO / "site" / "node_modules").is_dir():
        unavailable(f"site/node_modules is needed for the {name} build")
    work = tmp_path_factory.mktemp(f"{name}-project")
    shutil.copytree(REPO / "content", work / "content")
    edit(work / "content")
    out, site_url = work / "dist", BUILDS["root"]
    build_site(site_url, out, work / "content")
    with PagesServer(out, "/") as server:
        yield Site(name, out, site_url, server, Bundles(content_of(out)))
