"""Builds of the site from an edited copy of content/, for tests that need content the shipped
site does not have (no pixel id, real photos…). Each builds in an isolated copy of the
project, so the bundles the other tests read stay untouched."""

from __future__ import annotations

import os
import shutil
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from pathlib import Path

import pytest

from .bundles import REPO, Bundles
from .conftest import BUILDS, Site, run, unavailable
from .pages_server import PagesServer

# Generated or installed parts of site/ that the copy must not take over.
SKIP_IN_SITE_COPY = {"node_modules", "dist", ".ssr", "src/bundles", "public/images"}


def _skip_generated(folder: str, names: list[str]) -> list[str]:
    relative = Path(folder).relative_to(REPO / "site").as_posix()
    prefix = "" if relative == "." else f"{relative}/"
    return [n for n in names if prefix + n in SKIP_IN_SITE_COPY]


@contextmanager
def variant_site(
    tmp_path_factory: pytest.TempPathFactory, name: str, edit: Callable[[Path], None]
) -> Iterator[Site]:
    """The site built at the root URL from content/ as ``edit(content_dir)`` leaves it."""
    contenu = shutil.which("contenu")
    if contenu is None or not (REPO / "site" / "node_modules").is_dir():
        unavailable(f"the contenu CLI and site/node_modules are needed for the {name} build")
    assert contenu is not None
    project = tmp_path_factory.mktemp(f"{name}-project")
    (project / "pyproject.toml").write_text("# marks the project root for contenu\n")
    shutil.copytree(REPO / "content", project / "content")
    edit(project / "content")
    shutil.copytree(REPO / "site", project / "site", ignore=_skip_generated)
    os.symlink(REPO / "site" / "node_modules", project / "site" / "node_modules")
    (project / "site" / "src" / "bundles").mkdir(exist_ok=True)
    out = project / "dist"
    site_url = BUILDS["root"]
    run([contenu, "build"], {"SITE_URL": site_url}, cwd=project)
    run(
        ["npm", "--prefix", str(project / "site"), "run", "build"],
        {"SITE_URL": site_url, "OUT_DIR": str(out)},
        cwd=project,
    )
    bundles = Bundles(project / "site" / "src" / "bundles")
    with PagesServer(out, "/") as server:
        yield Site(name, out, site_url, server, bundles)
