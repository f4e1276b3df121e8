"""Keystroke → preview in the published carnet (issue 29), for the « editor » section of the
bench: the site built for GitHub (the carnet renders prose in the page, no server), its
repository held by the fake GitHub API with the 4,000 generated articles, the carnet open on
an article in Chromium, a word put into its prose cell by one input event; the page records
(same clock, performance.now) the input event and the moment the prose cell's preview shows
the word.

    python tests/bench/editor_github_preview.py [--articles 200] [--samples 20]
"""

from __future__ import annotations

import argparse
import json
import os
import subprocess
import sys
import tempfile
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any
from urllib.parse import quote

from editor_preview import keystrokes_to_preview, summary  # tests/bench/editor_preview.py
from playwright.sync_api import Route, sync_playwright
from preview import ARGS, CHROMIUM  # tests/bench/preview.py

REPO = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(REPO / "tests"))
from content_factory import article_name, generate_site  # noqa: E402
from e2e.fake_github.server import serve  # noqa: E402
from e2e.pages_server import PagesServer  # noqa: E402

API = "https://api.github.test"
TOKEN = "github_pat_coach"


def build_for_github(out: Path) -> Path:
    """The site as GitHub Actions builds it for the repository « renouer/site » (shipped
    content: the carnet reads the articles from GitHub, not from the build)."""
    env = {**os.environ, "GITHUB_REPOSITORY": "renouer/site", "VITE_GITHUB_API": API}
    subprocess.run(["contenu", "build", "--out", str(out / "content")], cwd=REPO, env=env,
                   check=True, capture_output=True)  # fmt: skip
    paths = {"OUT_DIR": str(out / "dist"), "CONTENU_OUT": str(out / "content")}
    subprocess.run(["npm", "--prefix", "site", "run", "build"], cwd=REPO, env={**env, **paths},
                   check=True, capture_output=True)  # fmt: skip
    return out / "dist"


@contextmanager
def carnet_against_fake_github(tmp: Path, content: Path) -> Iterator[tuple[PagesServer, str]]:
    dist = build_for_github(tmp / "site")
    with serve(tmp / "github", content) as fake, PagesServer(dist) as site:
        yield site, fake.url


def _keystrokes(site: PagesServer, fake_url: str, rel: str, samples: int) -> list[float]:
    """Milliseconds from each input event to the preview showing it."""
    with sync_playwright() as pw:
        browser = pw.chromium.launch(executable_path=CHROMIUM, args=ARGS)
        context = browser.new_context(viewport={"width": 1280, "height": 900}, locale="fr-FR")

        def route(request: Route) -> None:
            url = request.request.url
            if url.startswith(API + "/"):
                request.fulfill(response=request.fetch(url=fake_url + url[len(API) :]))
            else:
                request.continue_()

        context.route("**/*", route)
        page = context.new_page()
        page.goto(site.url_for("/editeur/"))
        page.get_by_label("Jeton d’accès personnel").fill(TOKEN)
        page.get_by_role("button", name="Se connecter à GitHub").click()
        page.get_by_role("button", name="Se déconnecter").wait_for(timeout=120_000)
        page.goto(site.url_for("/editeur/") + f"#fichier={quote(rel, safe='')}")
        times = keystrokes_to_preview(page, samples, open_timeout=600_000)
        browser.close()
    return times


def measure_github_preview(root: Path, rel: str, tmp: Path, samples: int = 20) -> dict[str, Any]:
    tmp.mkdir(parents=True, exist_ok=True)
    with carnet_against_fake_github(tmp, root / "content") as (site, fake_url):
        times = _keystrokes(site, fake_url, rel, samples)
    return summary(times, samples)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    parser.add_argument("--articles", type=int, default=200)
    parser.add_argument("--samples", type=int, default=20)
    args = parser.parse_args(argv)
    with tempfile.TemporaryDirectory(prefix="carnet-github-bench-") as tmp:
        root = generate_site(Path(tmp) / "site-content", args.articles)
        rel = f"articles/{article_name(args.articles // 2)}"
        found = measure_github_preview(root, rel, Path(tmp), args.samples)
    print(json.dumps({"articles": args.articles, "document": rel, **found}, indent=2))
    return 0


if __name__ == "__main__":
    sys.exit(main())
