"""Section « scale » of the bench: the whole site (content → deployable site/dist, as
`nox -s build` makes it) at several article counts, with Hugo on the same articles in the
same run; build time, peak memory, first-load JavaScript of /, an article and /blog, the
size of blog.html; a table and an SVG chart (reports/scale.svg)."""

from __future__ import annotations

import json
import shutil
import sys
from pathlib import Path
from typing import Any

from chart import Panel, chart_svg
from hugo import bench_hugo
from measure import Run, measure

REPO = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(REPO / "tests"))
sys.path.insert(0, str(REPO / "tests" / "build"))
from built_site import base_path, first_load_js, gzip_size, parse_page  # noqa: E402

from content_factory import article_name, generate_site  # noqa: E402

TODAY = "2026-01-15"


def _contenu() -> list[str]:
    found = shutil.which("contenu")
    return [found] if found else [sys.executable, "-c", "from contenu.cli import app; app()"]


def _first_load_kb(dist: Path, file: str, route: str) -> float:
    page = parse_page(dist / file, route)
    return sum(gzip_size(f) for f in first_load_js(dist, base_path(dist), page)) / 1024


def _stages(output: str) -> dict[str, float]:
    """Seconds of the site build's stages, from the BUILD_TIMINGS line of build.mjs (the
    time each stage ended)."""
    line = next(x for x in output.splitlines() if x.startswith("BUILD_TIMINGS "))
    ends = json.loads(line.removeprefix("BUILD_TIMINGS "))
    return {
        "vite": ends["ssr"],
        "prerender": ends["prerender"] - ends["ssr"],
        "search": ends["search"] - ends["prerender"],
    }


def build_site(root: Path) -> tuple[Run, Run]:
    """`contenu build` then the site build of ``root``/content into ``root``/dist, timed."""
    out, dist = root / "build", root / "dist"
    content = measure(
        [*_contenu(), "build", "--content", str(root / "content"), "--out", str(out),
         "--today", TODAY],
        cwd=root, env={"SITE_URL": ""},
    )  # fmt: skip
    site = measure(
        ["node", "scripts/build.mjs"],
        cwd=REPO / "site",
        env={"CONTENU_OUT": str(out), "OUT_DIR": str(dist), "SITE_URL": "", "BUILD_TIMINGS": "1"},
    )
    return content, site


def build_whole_site(root: Path) -> dict[str, Any]:
    """The site of ``root``/content (with generated articles) built, timed and measured."""
    content, site = build_site(root)
    dist = root / "dist"
    article = f"blog/{article_name(0).removesuffix('.md')}.html"
    return {
        "contenuSeconds": content.seconds,
        "siteSeconds": site.seconds,
        "siteStages": _stages(site.output),
        "seconds": content.seconds + site.seconds,
        "peakMb": max(content.peak_mb, site.peak_mb),
        "firstLoadKb": {
            "/": _first_load_kb(dist, "index.html", "/"),
            "article": _first_load_kb(dist, article, "/blog/x"),
            "/blog": _first_load_kb(dist, "blog.html", "/blog"),
        },
        "blogHtmlKb": (dist / "blog.html").stat().st_size / 1024,
        "pages": sum(1 for _ in dist.rglob("*.html")),
    }


def _n(value: float, digits: int = 1) -> str:
    return f"{value:.{digits}f}".replace(".", ",")


def section_scale(bench: Any) -> str:
    rows: list[dict[str, Any]] = []
    roots = [bench.tmp / f"site-{size}" for size in bench.args.sizes]
    for size, root in zip(bench.args.sizes, roots, strict=True):
        generate_site(root, size, bench.args.words)
        row = {"articles": size, **build_whole_site(root)}
        row["hugo"] = bench_hugo(root / "content" / "articles", root / "hugo")
        rows.append(row)
    # Deleted only now: on this machine's ext4, creating files just after thousands were
    # deleted is slower (Hugo's 4,000-article build took 20 % longer, measured), which would
    # weigh on whichever build came next.
    for root in roots:
        shutil.rmtree(root, ignore_errors=True)
    bench.data["scale"] = rows
    sizes = [r["articles"] for r in rows]
    hugo = [r["hugo"] for r in rows]
    svg = chart_svg(
        sizes,
        [
            Panel("Construction complète (s)", {
                "notre site": [r["seconds"] for r in rows],
                "Hugo": [h["seconds"] if h else None for h in hugo],
            }),
            Panel("Mémoire maximale (Mo)", {
                "notre site": [r["peakMb"] for r in rows],
                "Hugo": [h["peakMb"] if h else None for h in hugo],
            }),
            Panel("JavaScript au premier chargement (Ko gzip)", {
                key: [r["firstLoadKb"][key] for r in rows] for key in ("/", "article", "/blog")
            }),
            Panel("blog.html (Ko)", {"blog.html": [r["blogHtmlKb"] for r in rows]}),
        ],
    )  # fmt: skip
    (bench.out / "scale.svg").write_text(svg, encoding="utf-8")
    lines = [
        "## Le site entier selon le nombre d’articles",
        "",
        f"Articles générés de {bench.args.words} mots (tests/content_factory.py) ajoutés au "
        "contenu livré ; construction à froid de tout le site (`contenu build` puis "
        "`npm run build` : Vite, pré-rendu sur les 2 cœurs, index de recherche Pagefind), et "
        "Hugo sur les mêmes articles (une page par article et une liste paginée par 12), dans "
        "la même exécution. Mémoire : le plus gros processus.",
        "",
        "| Articles | contenu build | site (Vite + pré-rendu + recherche) | total | Hugo "
        "| total / Hugo | mémoire max | Hugo mémoire | JS `/` | JS article | JS `/blog` "
        "| blog.html | pages |",
        "|---|---|---|---|---|---|---|---|---|---|---|---|---|",
    ]
    for row in rows:
        h = row["hugo"]
        ratio = f"{_n(row['seconds'] / h['seconds'])} ×" if h else "—"
        js, st = row["firstLoadKb"], row["siteStages"]
        stages = f"{_n(st['vite'])} + {_n(st['prerender'])} + {_n(st['search'])}"
        lines.append(
            f"| {row['articles']} | {_n(row['contenuSeconds'])} s "
            f"| {_n(row['siteSeconds'])} s ({stages}) "
            f"| {_n(row['seconds'])} s | {_n(h['seconds']) + ' s' if h else 'absent'} | {ratio} "
            f"| {_n(row['peakMb'], 0)} Mo | {_n(h['peakMb'], 0) + ' Mo' if h else '—'} "
            f"| {_n(js['/'])} Ko | {_n(js['article'])} Ko | {_n(js['/blog'])} Ko "
            f"| {_n(row['blogHtmlKb'])} Ko | {row['pages']} |"
        )
    if not any(hugo):
        lines += ["", "Hugo n’est pas installé : `apt-get install hugo` pour la comparaison."]
    lines += ["", "![Temps, mémoire et poids selon le nombre d’articles](scale.svg)", ""]
    return "\n".join(lines)
