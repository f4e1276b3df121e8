"""The anchor: what a team would otherwise pick for a searchable static blog, Hugo (Debian's
``hugo``) then Pagefind (the site's own npm package, the same binary our build runs) on
Hugo's pages. Hugo renders every article to an HTML page and a list paginated 12 per page
with one-line layouts (``<html lang="fr">``, the article's body marked
``data-pagefind-body`` so only articles are indexed, as Pagefind's documentation sets a
blog up); Pagefind indexes them in French. Each measured like our build (measure.py): cold,
process start included."""

from __future__ import annotations

import re
import shutil
import subprocess
from pathlib import Path
from typing import Any

from measure import measure

REPO = Path(__file__).resolve().parents[2]
PAGEFIND = REPO / "site" / "node_modules" / ".bin" / "pagefind"

#: The article page: title and rendered Markdown, the part Pagefind indexes marked.
SINGLE = (
    '<!doctype html><html lang="fr"><title>{{ .Title }}</title>'
    "<main data-pagefind-body><h1>{{ .Title }}</h1>{{ .Content }}</main></html>\n"
)
#: The listing: 12 article links a page, with Hugo's own numbered pagination.
LIST = (
    '<!doctype html><html lang="fr"><title>{{ .Title }}</title><ul>'
    "{{ range (.Paginate .Pages 12).Pages }}"
    '<li><a href="{{ .RelPermalink }}">{{ .Title }}</a></li>{{ end }}</ul>'
    '{{ template "_internal/pagination.html" . }}\n'
)


def hugo_version(hugo: str) -> str:
    out = subprocess.run([hugo, "version"], capture_output=True, text=True, check=False).stdout
    match = re.search(r"v(\d+\.\d+\.\d+)", out)
    return match[1] if match else out.strip()


def _site(root: Path, articles: Path) -> None:
    layouts = root / "layouts" / "_default"
    layouts.mkdir(parents=True)
    (layouts / "single.html").write_text(SINGLE, encoding="utf-8")
    (layouts / "list.html").write_text(LIST, encoding="utf-8")
    # The articles are the `blog` section, without copying them: Hugo follows a symlinked
    # directory inside the content folder.
    (root / "content").mkdir()
    (root / "content" / "blog").symlink_to(articles.resolve(), target_is_directory=True)
    (root / "hugo.toml").write_text(
        'baseURL = "https://example.org/"\nlanguageCode = "fr"\n'
        'disableKinds = ["taxonomy", "term", "RSS", "sitemap", "robotsTXT", "404"]\n'
        "[markup.goldmark.renderer]\nunsafe = false\n",
        encoding="utf-8",
    )


def bench_hugo(articles: Path, work: Path) -> dict[str, Any] | None:
    """Seconds, peak memory and pages of a cold Hugo build in the new folder ``work`` (left
    for the caller to delete: see scale.py), then of Pagefind on its pages (``pagefind``:
    seconds, peak memory); None without ``hugo``."""
    hugo = shutil.which("hugo")
    if hugo is None:
        return None
    root, public = work / "site", work / "public"
    _site(root, articles)
    run = measure(
        [hugo, "--source", str(root), "--destination", str(public),
         "--cacheDir", str(work / "cache"), "--quiet"],
        cwd=work,
    )  # fmt: skip
    pages = sum(1 for _ in (public / "blog").glob("*/index.html"))
    listing = sum(1 for _ in (public / "blog" / "page").glob("*/index.html")) + 1
    search = measure(
        [str(PAGEFIND), "--site", str(public), "--output-subdir", "pagefind", "--quiet"],
        cwd=work,
    )
    return {
        "version": hugo_version(hugo),
        "seconds": run.seconds,
        "cpuSeconds": run.cpu_seconds,
        "peakMb": run.peak_mb,
        "pagefind": {
            "seconds": search.seconds,
            "cpuSeconds": search.cpu_seconds,
            "peakMb": search.peak_mb,
        },
        "articlePages": pages,
        "listingPages": listing,
    }
