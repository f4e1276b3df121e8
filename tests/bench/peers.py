"""Cold builds of the same generated articles with the tools people would pick instead of
`contenu build`: Velite (npm, tests/bench/velite) and Hugo (Debian's `hugo`, skipped when
missing). Each function times one cold build and returns one plain row for the report.

Standalone: `python tests/bench/peers.py ARTICLES_DIR` prints the rows as JSON.
"""

from __future__ import annotations

import json
import os
import re
import shutil
import subprocess
import sys
import tempfile
import time
from collections.abc import MutableMapping
from pathlib import Path
from typing import Any

HERE = Path(__file__).resolve().parent
VELITE_DIR = HERE / "velite"
VELITE_CLI = VELITE_DIR / "node_modules" / "velite" / "bin" / "velite.js"

Row = dict[str, Any]

#: One line of layout: the page title and the rendered Markdown, nothing else.
HUGO_LAYOUT = "<!doctype html><title>{{ .Title }}</title><h1>{{ .Title }}</h1>{{ .Content }}\n"


def _record(report: MutableMapping[str, Any] | None, key: str, row: Row) -> Row:
    if report is not None:
        report[key] = row
    return row


def _count_articles(articles_dir: Path) -> int:
    return sum(1 for _ in articles_dir.glob("*.md"))


def ensure_npm_packages() -> None:
    """`npm ci` in tests/bench/velite when node_modules is missing or older than the lock."""
    stamp = VELITE_DIR / "node_modules" / ".package-lock.json"
    lock = VELITE_DIR / "package-lock.json"
    if stamp.exists() and stamp.stat().st_mtime >= lock.stat().st_mtime:
        return
    subprocess.run(
        ["npm", "ci", "--no-audit", "--no-fund"],
        cwd=VELITE_DIR,
        check=True,
        env={**os.environ, "CI": "true"},
    )


def npm_version(package: str) -> str:
    meta = VELITE_DIR / "node_modules" / package / "package.json"
    return str(json.loads(meta.read_text(encoding="utf-8"))["version"])


def _skipped(tool: str, articles: int, note: str) -> Row:
    return {
        "tool": tool,
        "version": None,
        "articles": articles,
        "seconds": None,
        "status": "skipped",
        "note": note,
    }


def bench_velite(articles_dir: Path, report: MutableMapping[str, Any] | None = None) -> Row:
    """Cold Velite build of ``articles_dir`` (frontmatter checked against the fields of our
    Article model, Markdown to HTML), wall-clock including Node start-up, like ours."""
    articles_dir = Path(articles_dir).resolve()
    count = _count_articles(articles_dir)
    if shutil.which("node") is None:
        return _record(report, "velite", _skipped("velite", count, "node est introuvable"))
    ensure_npm_packages()
    with tempfile.TemporaryDirectory(prefix="bench-velite-") as tmp:
        out = Path(tmp) / "out"
        env = {
            **os.environ,
            "BENCH_ARTICLES": str(articles_dir),
            "BENCH_OUT": str(out),
            "NO_COLOR": "1",
        }
        command = ["node", str(VELITE_CLI), "build", "--clean", "--config", "velite.config.js"]
        start = time.perf_counter()
        done = subprocess.run(command, cwd=VELITE_DIR, env=env, capture_output=True, text=True)
        seconds = time.perf_counter() - start
        if done.returncode != 0:
            tail = (done.stderr or done.stdout).strip().splitlines()[-5:]
            row = _skipped("velite", count, "échec : " + " | ".join(tail))
            row["status"] = "failed"
            return _record(report, "velite", row)
        built = len(json.loads((out / "articles.json").read_text(encoding="utf-8")))
    own = re.search(r"build finished in ([0-9.]+)ms", done.stdout + done.stderr)
    note = f"{built} articles en sortie"
    if own:
        own_seconds = f"{float(own[1]) / 1000:.2f}".replace(".", ",")
        note += f", {own_seconds} s selon Velite (sans le démarrage de Node)"
    row = {
        "tool": "velite",
        "version": npm_version("velite"),
        "articles": count,
        "built": built,
        "seconds": round(seconds, 3),
        "status": "ok" if built == count else "partial",
        "note": note,
    }
    return _record(report, "velite", row)


def _hugo_version(hugo: str) -> str:
    out = subprocess.run([hugo, "version"], capture_output=True, text=True, check=False).stdout
    match = re.search(r"v(\d+\.\d+\.\d+)", out)
    return match[1] if match else out.strip()


def _hugo_site(root: Path, articles_dir: Path) -> None:
    (root / "layouts" / "_default").mkdir(parents=True)
    (root / "layouts" / "_default" / "single.html").write_text(HUGO_LAYOUT, encoding="utf-8")
    (root / "layouts" / "_default" / "list.html").write_text(HUGO_LAYOUT, encoding="utf-8")
    # The articles are the `blog` section, without copying them: Hugo follows a symlinked
    # directory inside the content folder.
    (root / "content").mkdir()
    (root / "content" / "blog").symlink_to(articles_dir, target_is_directory=True)
    (root / "hugo.toml").write_text(
        'baseURL = "https://example.org/"\n'
        'languageCode = "fr"\n'
        'disableKinds = ["taxonomy", "term", "RSS", "sitemap", "robotsTXT", "404"]\n'
        "[markup.goldmark.renderer]\nunsafe = false\n",
        encoding="utf-8",
    )


def bench_hugo(articles_dir: Path, report: MutableMapping[str, Any] | None = None) -> Row:
    """Cold Hugo build of ``articles_dir`` with a one-line layout; skipped with a note when
    Debian's ``hugo`` is not installed (``apt-get install hugo``)."""
    articles_dir = Path(articles_dir).resolve()
    count = _count_articles(articles_dir)
    hugo = shutil.which("hugo")
    if hugo is None:
        return _record(
            report,
            "hugo",
            _skipped("hugo", count, "hugo n’est pas installé (apt-get install hugo)"),
        )
    with tempfile.TemporaryDirectory(prefix="bench-hugo-") as tmp:
        root = Path(tmp) / "site"
        _hugo_site(root, articles_dir)
        command = [
            hugo,
            "--source",
            str(root),
            "--destination",
            str(Path(tmp) / "public"),
            "--cacheDir",
            str(Path(tmp) / "cache"),
            "--quiet",
        ]
        start = time.perf_counter()
        done = subprocess.run(command, capture_output=True, text=True)
        seconds = time.perf_counter() - start
        if done.returncode != 0:
            tail = (done.stderr or done.stdout).strip().splitlines()[-5:]
            row = _skipped("hugo", count, "échec : " + " | ".join(tail))
            row["status"] = "failed"
            return _record(report, "hugo", row)
        built = sum(1 for _ in (Path(tmp) / "public" / "blog").glob("*/index.html"))
    row = {
        "tool": "hugo",
        "version": _hugo_version(hugo),
        "articles": count,
        "built": built,
        "seconds": round(seconds, 3),
        # Hugo leaves out drafts and future-dated articles, as our build does.
        "status": "ok",
        "note": f"{built} pages d’article en sortie",
    }
    return _record(report, "hugo", row)


def _seconds(value: float | None) -> str:
    return "—" if value is None else f"{value:.2f} s".replace(".", ",")


def section_peers(bench: Any) -> str:
    """Section of tests/bench/run.py: Velite and Hugo on the articles the run generated,
    against the cold `contenu build` median of ``section_contenu`` (list it after that one)."""
    articles = Path(bench.articles)
    velite = bench_velite(articles, bench.data)
    hugo = bench_hugo(articles, bench.data)
    ours = (bench.data.get("contenu") or {}).get("coldBuildSeconds", {}).get("median")
    lines = [
        "## Comparaison avec Velite et Hugo",
        "",
        "Les mêmes fichiers Markdown (articles générés et contenu du site), construction à froid, "
        "démarrage du processus compris, dans la même exécution.",
        "",
        "| Outil | Version | Fichiers | Construction à froid | Temps / temps de contenu | Note |",
        "|---|---|---|---|---|---|",
        f"| contenu build | — | {velite['articles']} | {_seconds(ours)} | 1 | médiane |",
    ]
    ratios: dict[str, float] = {}
    for row in (velite, hugo):
        ratio = "—"
        if ours and row.get("seconds"):
            ratios[row["tool"]] = row["seconds"] / ours
            ratio = f"{ratios[row['tool']]:.1f} ×".replace(".", ",")
        note = row.get("note") or row["status"]
        lines.append(
            f"| {row['tool'].capitalize()} | {row.get('version') or '—'} | {row['articles']} "
            f"| {_seconds(row.get('seconds'))} | {ratio} | {note.replace('|', '/')} |"
        )
    bench.data["peers"] = {"ratios": ratios}
    return "\n".join(lines) + "\n"


def main(argv: list[str]) -> int:
    if len(argv) != 1:
        print("usage: python tests/bench/peers.py ARTICLES_DIR", file=sys.stderr)
        return 2
    report: dict[str, Any] = {}
    bench_velite(Path(argv[0]), report)
    bench_hugo(Path(argv[0]), report)
    print(json.dumps(report, ensure_ascii=False, indent=2))
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
