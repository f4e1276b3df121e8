"""Section « scale » of the bench: the whole site (content → deployable site/dist, as
`nox -s build` makes it) at several article counts, cold, then again after one article
changed (the previous build's output and caches present, as CI restores them), with the
anchor on the same articles in the same run: Hugo + Pagefind on Hugo's pages (hugo.py).
Build time and peak memory per stage, first-load JavaScript of /, an article and /blog,
the size of blog.html; tables and an SVG chart (reports/scale.svg)."""

from __future__ import annotations

import json
import shutil
import sys
from pathlib import Path
from typing import Any

from chart import Panel, chart_svg
from hugo import bench_hugo
from measure import Run, measure_pipeline

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
    time each stage ended, from its start): its code (Vite, beside `contenu build`), the
    prerender (from the content build's end) and the search index; and the peak memory of Node's
    process at the end of each (``<stage>Mb``, from its BUILD_MEMORY line; the indexer's own
    process is not in it)."""
    lines = output.splitlines()
    line = next(x for x in lines if x.startswith("BUILD_TIMINGS "))
    ends = json.loads(line.removeprefix("BUILD_TIMINGS "))
    content = ends.get("content", ends["ssr"])
    stages = {
        "vite": ends["ssr"],
        "prerender": ends["prerender"] - content,
        "search": ends["search"] - ends["prerender"],
    }
    memory = next((x for x in lines if x.startswith("BUILD_MEMORY ")), None)
    if memory:
        peaks = json.loads(memory.removeprefix("BUILD_MEMORY "))
        stages |= {f"{stage}Mb": peaks[end] for stage, end in STAGE_ENDS.items() if end in peaks}
    return stages


#: The BUILD_TIMINGS key at which each stage of the site build ends.
STAGE_ENDS = {"vite": "ssr", "prerender": "prerender", "search": "search"}


def build_site(root: Path) -> Run:
    """`contenu build` and the site build of ``root``/content into ``root``/dist, timed, as
    ``nox -s build`` runs them: the site build makes its code while `contenu build` runs, then
    goes on when it ends. Both keep their caches under ``root`` (a fresh temporary folder):
    contenu's results cache beside its build folder (``root``/.build-content-cache), absent
    for the cold build and found by the warm one, like the site's build cache."""
    out, dist = root / "build", root / "dist"
    site_env = {
        "CONTENU_OUT": str(out),
        "OUT_DIR": str(dist),
        "SITE_URL": "",
        "BUILD_TIMINGS": "1",
        "BUILD_CACHE": str(root / "build-cache"),  # empty for the cold build
    }
    return measure_pipeline(
        ([*_contenu(), "build", "--content", str(root / "content"), "--out", str(out),
          "--today", TODAY], root, {"SITE_URL": ""}),
        (["node", "scripts/build.mjs", "--after-content"], REPO / "site", site_env),
    )  # fmt: skip


def _timed(run: Run) -> dict[str, Any]:
    return {
        "contenuSeconds": run.content_seconds,
        "siteStages": _stages(run.output),
        "seconds": run.seconds,
        "cpuSeconds": run.cpu_seconds,
        "peakMb": run.peak_mb,
    }


def change_one_article(root: Path) -> None:
    """A coach's edit: one sentence added to one article (not the one measured for JS)."""
    file = root / "content" / "articles" / article_name(1)
    text = file.read_text(encoding="utf-8")
    file.write_text(text + "\nUne phrase ajoutée par la coach pour la reconstruction.\n", "utf-8")


def build_whole_site(root: Path) -> dict[str, Any]:
    """The site of ``root``/content (with generated articles) built cold, timed and
    measured, then built again after one article changed (``warm``)."""
    cold = _timed(build_site(root))
    dist = root / "dist"
    article = f"blog/{article_name(0).removesuffix('.md')}.html"
    figures = {
        **cold,
        "firstLoadKb": {
            "/": _first_load_kb(dist, "index.html", "/"),
            "article": _first_load_kb(dist, article, "/blog/x"),
            "/blog": _first_load_kb(dist, "blog.html", "/blog"),
        },
        "blogHtmlKb": (dist / "blog.html").stat().st_size / 1024,
        "pages": sum(1 for _ in dist.rglob("*.html")),
    }
    change_one_article(root)
    figures["warm"] = _timed(build_site(root))
    return figures


def _n(value: float, digits: int = 1) -> str:
    return f"{value:.{digits}f}".replace(".", ",")


def section_scale(bench: Any) -> str:
    rows: list[dict[str, Any]] = []
    roots = [bench.tmp / f"site-{size}" for size in bench.args.sizes]
    for size, root in zip(bench.args.sizes, roots, strict=True):
        generate_site(root, size, bench.args.words)
        # The anchor first, on the articles as generated, then ours (cold, then warm).
        hugo = bench_hugo(root / "content" / "articles", root / "hugo")
        rows.append({"articles": size, **build_whole_site(root), "hugo": hugo})
    # Deleted only now: on this machine's ext4, creating files just after thousands were
    # deleted is slower (Hugo's 4,000-article build took 20 % longer, measured), which would
    # weigh on whichever build came next.
    for root in roots:
        shutil.rmtree(root, ignore_errors=True)
    bench.data["scale"] = rows
    (bench.out / "scale.svg").write_text(_chart(rows), encoding="utf-8")
    return "\n".join(_report(rows, bench.args.words))


def anchor_seconds(hugo: dict[str, Any] | None, key: str = "seconds") -> float | None:
    """Hugo + Pagefind on Hugo's pages: the whole build of the anchor (``cpuSeconds``: its
    CPU time)."""
    return hugo[key] + hugo["pagefind"][key] if hugo else None


def _chart(rows: list[dict[str, Any]]) -> str:
    hugo = [r["hugo"] for r in rows]
    return chart_svg(
        [r["articles"] for r in rows],
        [
            Panel("Construction complète (s)", {
                "notre site, à froid": [r["seconds"] for r in rows],
                "notre site, un article changé": [r["warm"]["seconds"] for r in rows],
                "Hugo + Pagefind": [anchor_seconds(h) for h in hugo],
                "Hugo": [h["seconds"] if h else None for h in hugo],
            }),
            Panel("Mémoire maximale (Mo)", {
                "notre site": [r["peakMb"] for r in rows],
                "Hugo": [h["peakMb"] if h else None for h in hugo],
                "Pagefind": [h["pagefind"]["peakMb"] if h else None for h in hugo],
            }),
            Panel("JavaScript au premier chargement (Ko gzip)", {
                key: [r["firstLoadKb"][key] for r in rows] for key in ("/", "article", "/blog")
            }),
            Panel("blog.html (Ko)", {"blog.html": [r["blogHtmlKb"] for r in rows]}),
        ],
    )  # fmt: skip


def _ratio(seconds: float, anchor: float | None) -> str:
    return f"{_n(seconds / anchor, 2)} ×" if anchor else "—"


def _stages_text(figures: dict[str, Any]) -> str:
    """The site build's stages: its code beside `contenu build` (each one's end), then the
    prerender and the search index."""
    st = figures["siteStages"]
    return (
        f"Vite {_n(st['vite'])} ‖ contenu {_n(figures['contenuSeconds'])}, puis "
        f"{_n(st['prerender'])} + {_n(st['search'])}"
    )


def _report(rows: list[dict[str, Any]], words: int) -> list[str]:
    lines = [
        "## Le site entier selon le nombre d’articles",
        "",
        f"Articles générés d’environ {words} mots (tests/content_factory.py : loi de Zipf sur "
        "un vocabulaire de 60 000 mots) ajoutés au contenu livré. Notre construction "
        "comme `nox -s build` la lance (`contenu build` et, en même temps, le code du site, "
        "Vite ; puis le pré-rendu et l’index de recherche), à "
        "froid puis après la modification d’un seul article (sortie et caches de la "
        "précédente présents) ; la référence, dans la même exécution : Hugo puis Pagefind "
        "sur les pages d’Hugo (qui refont tout à chaque fois). Mémoire : le plus gros "
        "processus.",
        "",
        "| Articles | étapes : Vite ‖ contenu build, puis pré-rendu + recherche "
        "| total à froid "
        "| Hugo | Pagefind | Hugo + Pagefind | froid / référence | un article changé "
        "| changé / référence |",
        "|---|---|---|---|---|---|---|---|---|",
    ]
    for row in rows:
        h, warm = row["hugo"], row["warm"]
        anchor = anchor_seconds(h)
        lines.append(
            f"| {row['articles']} | {_stages_text(row)} | {_n(row['seconds'])} s "
            f"| {_n(h['seconds']) + ' s' if h else 'absent'} "
            f"| {_n(h['pagefind']['seconds']) + ' s' if h else '—'} "
            f"| {_n(anchor) + ' s' if anchor else '—'} | {_ratio(row['seconds'], anchor)} "
            f"| {_n(warm['seconds'])} s ({_stages_text(warm)}) "
            f"| {_ratio(warm['seconds'], anchor)} |"
        )
    lines += [
        "",
        "Temps CPU (utilisateur + système, tous processus), moins sensible que la durée à la "
        "charge de la machine :",
        "",
        "| Articles | à froid | un article changé | Hugo + Pagefind | froid / référence "
        "| changé / référence |",
        "|---|---|---|---|---|---|",
    ]
    for row in rows:
        cpu = anchor_seconds(row["hugo"], "cpuSeconds")
        cold, warm = row["cpuSeconds"], row["warm"]["cpuSeconds"]
        lines.append(
            f"| {row['articles']} | {_n(cold)} s | {_n(warm)} s "
            f"| {_n(cpu) + ' s' if cpu else '—'} | {_ratio(cold, cpu)} | {_ratio(warm, cpu)} |"
        )
    lines += [
        "",
        "| Articles | mémoire max | site : Vite / pré-rendu / recherche (Node) "
        "| Hugo | Pagefind (référence) | JS `/` | JS article | JS `/blog` | blog.html | pages |",
        "|---|---|---|---|---|---|---|---|---|---|",
    ]
    for row in rows:
        h, js, st = row["hugo"], row["firstLoadKb"], row["siteStages"]
        node = " / ".join(_n(st.get(f"{k}Mb", 0), 0) for k in STAGE_ENDS)
        lines.append(
            f"| {row['articles']} | {_n(row['peakMb'], 0)} Mo | {node} Mo "
            f"| {_n(h['peakMb'], 0) + ' Mo' if h else '—'} "
            f"| {_n(h['pagefind']['peakMb'], 0) + ' Mo' if h else '—'} "
            f"| {_n(js['/'])} Ko | {_n(js['article'])} Ko | {_n(js['/blog'])} Ko "
            f"| {_n(row['blogHtmlKb'])} Ko | {row['pages']} |"
        )
    if not any(r["hugo"] for r in rows):
        lines += ["", "Hugo n’est pas installé : `apt-get install hugo` pour la comparaison."]
    lines += ["", "![Temps, mémoire et poids selon le nombre d’articles](scale.svg)", ""]
    return lines
