"""Lighthouse on every route of a built site, served on 127.0.0.1 the way GitHub Pages
serves it, with Debian's Chromium, mobile emulation and simulated throttling (Lighthouse's
defaults), and every third-party provider host blocked (they are unreachable here, and the
figures must measure our site, not theirs).

By default the five routes of the phone's first screen (issue 25: `/`, `/ressource`,
`/contact`, `/a-propos` and the first article), each audited three times: the row gives the
median performance and LCP, the LCP element of the median run and the load average when the
route's audits began (simulated throttling multiplies the CPU time Chromium observes, so a
busy machine lowers the score).

Standalone: `python tests/bench/lighthouse.py DIST_DIR [ROUTES_JSON]
[--routes all|first-screen|/a,/b] [--runs N]` prints the rows as JSON and a table.
"""

from __future__ import annotations

import argparse
import gzip
import json
import os
import shutil
import statistics
import subprocess
import sys
import tempfile
import threading
from collections.abc import Iterator, MutableMapping, Sequence
from contextlib import contextmanager
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path
from typing import Any
from urllib.parse import urlsplit

HERE = Path(__file__).resolve().parent
REPO = HERE.parents[1]
sys.path[:0] = [str(HERE), str(REPO / "tests")]

from e2e.pages_server import content_type, resolve  # noqa: E402

#: Lighthouse's npm project (`nox -s bench` installs it).
NPM_DIR = HERE / "lighthouse-npm"
LIGHTHOUSE_CLI = NPM_DIR / "node_modules" / "lighthouse" / "cli" / "index.js"

CHROMIUM = os.environ.get("BENCH_CHROMIUM", "/usr/bin/chromium")
CATEGORIES = ("performance", "accessibility", "best-practices", "seo")
#: Provider hosts, blocked in the audited browser (MailerLite, Calendly, Meta).
BLOCKED = (
    "*mailerlite.com*",
    "*mlcdn.com*",
    "*calendly.com*",
    "*facebook.net*",
    "*facebook.com*",
)
#: The issue's aims; the noindex blog list is exempt from the SEO one.
AIMS = {"performance": 0.99, "accessibility": 1.0, "best-practices": 0.95, "seo": 0.95}
#: Largest contentful paint aim on a phone (issue 25), in ms.
LCP_AIM_MS = 1200
#: The phone's first screen of issue 25; "article" stands for the first article of routes.json.
FIRST_SCREEN = ("/", "/ressource", "/contact", "/a-propos", "article")

Row = dict[str, Any]
Route = dict[str, Any]  # a route of routes.json


def npm_version(package: str) -> str:
    meta = NPM_DIR / "node_modules" / package / "package.json"
    return str(json.loads(meta.read_text(encoding="utf-8"))["version"])


def home_base_path(dist: Path) -> str:
    """The base path the build was made for: the path of the home page's canonical URL."""
    html = (dist / "index.html").read_text(encoding="utf-8")
    marker = 'rel="canonical" href="'
    start = html.find(marker)
    if start < 0:
        return "/"
    href = html[start + len(marker) : html.index('"', start + len(marker))]
    path = urlsplit(href).path or "/"
    return path if path.endswith("/") else path + "/"


#: Types GitHub Pages (Fastly) sends gzipped; Lighthouse weighs transfer sizes.
COMPRESSED = ("text/", "application/json", "application/xml", "image/svg+xml")


@contextmanager
def pages_server(dist: Path, base: str) -> Iterator[str]:
    """Serve ``dist`` under ``base`` with GitHub Pages' path rules (the e2e suite's
    ``resolve``) and its gzip for text; yields the origin."""

    class Handler(BaseHTTPRequestHandler):
        protocol_version = "HTTP/1.1"

        def do_GET(self) -> None:
            parts = urlsplit(self.path)
            res = resolve(dist, base, parts.path, parts.query)
            if res.status == 301:
                self.send_response(301)
                self.send_header("Location", res.location or "/")
                self.send_header("Content-Length", "0")
                self.end_headers()
                return
            body, ctype = (
                (b"Not Found\n", "text/plain")
                if res.file is None
                else (
                    res.file.read_bytes(),
                    content_type(res.file),
                )
            )
            self.send_response(res.status)
            self.send_header("Content-Type", ctype)
            if ctype.startswith(COMPRESSED) and "gzip" in self.headers.get("Accept-Encoding", ""):
                body = gzip.compress(body, compresslevel=6, mtime=0)
                self.send_header("Content-Encoding", "gzip")
                self.send_header("Vary", "Accept-Encoding")
            self.send_header("Content-Length", str(len(body)))
            self.send_header("Cache-Control", "max-age=600")
            self.end_headers()
            self.wfile.write(body)

        def log_message(self, format: str, *args: object) -> None:
            pass

    server = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
    server.daemon_threads = True
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    try:
        yield f"http://127.0.0.1:{server.server_port}"
    finally:
        server.shutdown()
        server.server_close()


def _file_for(route: Route) -> str:
    clean = str(route["path"]).strip("/")
    return f"{clean}.html" if clean else "index.html"  # one <route>.html per route


def site_routes(dist: Path, routes_json: Path | None = None) -> list[Route]:
    """The routes of ``routes.json`` that the build prerendered, the not-found page excepted
    (it answers 404, which Lighthouse does not audit)."""
    routes_json = routes_json or REPO / "site" / "generated" / "build" / "routes.json"
    routes = list(json.loads(routes_json.read_text(encoding="utf-8")))
    audited = [r for r in routes if r.get("kind") != "not-found"]
    missing = [r["path"] for r in audited if not (dist / _file_for(r)).is_file()]
    if missing:  # a route the build did not write must not drop silently out of the report
        raise FileNotFoundError(f"{dist}: no prerendered file for {missing}")
    return audited


def choose_routes(routes: Sequence[Route], which: str) -> list[Route]:
    """``all``, ``first-screen`` (FIRST_SCREEN) or comma-separated paths, in that order."""
    if which == "all":
        return list(routes)
    by_path = {str(r["path"]): r for r in routes}
    articles = [r for r in routes if r.get("kind") == "article"]
    wanted = FIRST_SCREEN if which == "first-screen" else tuple(which.split(","))
    chosen = []
    for path in (p.strip() for p in wanted if p.strip()):
        route = (articles[0] if articles else None) if path == "article" else by_path.get(path)
        if route is None:
            raise ValueError(f"no route {path!r} in routes.json")
        chosen.append(route)
    return chosen


def _audit(url: str, out: Path) -> dict[str, Any]:
    command = [
        "node",
        str(LIGHTHOUSE_CLI),
        url,
        "--quiet",
        "--output=json",
        f"--output-path={out}",
        "--form-factor=mobile",
        "--only-categories=" + ",".join(CATEGORIES),
        "--chrome-flags=--headless=new --no-sandbox --disable-gpu --disable-dev-shm-usage",
        "--max-wait-for-load=60000",
        *[f"--blocked-url-patterns={p}" for p in BLOCKED],
    ]
    env = {**os.environ, "CHROME_PATH": CHROMIUM}
    done = subprocess.run(command, env=env, capture_output=True, text=True, timeout=300)
    if done.returncode != 0 or not out.is_file():
        tail = (done.stderr or done.stdout).strip().splitlines()[-3:]
        raise RuntimeError(" | ".join(tail) or f"lighthouse exit {done.returncode}")
    return dict(json.loads(out.read_text(encoding="utf-8")))


def lcp_element(audits: dict[str, Any]) -> str | None:
    """The LCP element as Lighthouse names it (its CSS path, else its HTML's start)."""
    tables = audits.get("largest-contentful-paint-element", {}).get("details", {}).get("items", [])
    for table in tables:
        for item in table.get("items", []):
            node = item.get("node") if isinstance(item, dict) else None
            if node:
                label = node.get("selector") or node.get("snippet") or ""
                return str(label)[:80]
    return None


def median_row(route: Route, runs: Sequence[Row], load: float) -> Row:
    """One row for several audits of a route: the median run by LCP (its element, CLS,
    bytes…) with the median performance and TBT of all runs."""
    good = [r for r in runs if not r.get("error") and r.get("lcp_ms") is not None]
    if not good:
        return {**runs[-1], "load": load, "runs": len(runs)}
    middle = sorted(good, key=lambda r: r["lcp_ms"])[(len(good) - 1) // 2]
    row = dict(middle)
    for key in ("performance", "tbt_ms"):
        values = [r[key] for r in good if r.get(key) is not None]
        if values:
            row[key] = statistics.median_low(values)
    return {**row, "load": load, "runs": len(good)}


def _row(route: Route, lhr: dict[str, Any]) -> Row:
    audits = lhr["audits"]

    def numeric(audit: str) -> float | None:
        value = audits.get(audit, {}).get("numericValue")
        return None if value is None else float(value)

    scores = {c: lhr["categories"][c]["score"] for c in CATEGORIES}
    lcp, tbt, total = (
        numeric("largest-contentful-paint"),
        numeric("total-blocking-time"),
        numeric("total-byte-weight"),
    )
    cls = numeric("cumulative-layout-shift")
    failing = [f"LCP {round(lcp)} ms"] if lcp is not None and lcp > LCP_AIM_MS else []
    failing += [
        f"{c} {scores[c]}"
        for c, aim in AIMS.items()
        if scores[c] is not None
        and scores[c] < aim
        and not (c == "seo" and not route.get("indexable", True))
    ]
    return {
        "route": route["path"],
        **{c.replace("-", "_"): scores[c] for c in CATEGORIES},
        "lcp_ms": None if lcp is None else round(lcp),
        "lcp_element": lcp_element(audits),
        "cls": None if cls is None else round(cls, 3),
        "tbt_ms": None if tbt is None else round(tbt),
        "bytes": None if total is None else int(total),
        "redirected": lhr.get("finalDisplayedUrl") != lhr.get("requestedUrl"),
        "below_aim": ", ".join(failing),
        "error": (lhr.get("runtimeError") or {}).get("message"),
    }


def bench_lighthouse(
    dist_dir: Path,
    report: MutableMapping[str, Any] | None = None,
    *,
    routes_json: Path | None = None,
    routes: Sequence[Route] | None = None,
    which: str = "first-screen",
    runs: int = 3,
) -> list[Row]:
    """Audit the routes of the build in ``dist_dir`` (``which``: see ``choose_routes``)
    ``runs`` times each; one row per route (``median_row``).

    Routes come from ``routes.json`` (default ``site/generated/build/routes.json``; it must be
    the one the build was made from). Skipped with a note row when Chromium or Node is missing.
    """
    dist_dir = Path(dist_dir).resolve()
    rows: list[Row] = []
    if not Path(CHROMIUM).is_file() or shutil.which("node") is None:
        rows.append({"route": "*", "error": f"skipped: no Chromium at {CHROMIUM} or no node"})
    else:
        routes = list(routes) if routes is not None else site_routes(dist_dir, routes_json)
        routes = choose_routes(routes, which)
        base = home_base_path(dist_dir)
        with (
            pages_server(dist_dir, base) as origin,
            tempfile.TemporaryDirectory(prefix="bench-lighthouse-") as tmp,
        ):
            for i, route in enumerate(routes):
                url = origin + base + str(route["path"]).lstrip("/")
                load = round(os.getloadavg()[0], 2)
                audits: list[Row] = []
                for run in range(max(1, runs)):
                    try:
                        lhr = _audit(url, Path(tmp) / f"{i}-{run}.json")
                        audits.append(_row(route, lhr))
                    except (RuntimeError, subprocess.TimeoutExpired, KeyError, ValueError) as exc:
                        audits.append({"route": route["path"], "error": str(exc)[:300]})
                rows.append(median_row(route, audits, load))
    if report is not None:
        report["lighthouse"] = {
            "tool": "lighthouse",
            "version": npm_version("lighthouse") if LIGHTHOUSE_CLI.is_file() else None,
            "chromium": CHROMIUM,
            "settings": "mobile, simulated throttling (Lighthouse defaults), providers blocked",
            "runs_per_route": runs,
            "rows": rows,
        }
    return rows


COLUMNS = (
    ("route", "route"),
    ("performance", "perf"),
    ("accessibility", "a11y"),
    ("best_practices", "best practices"),
    ("seo", "SEO"),
    ("lcp_ms", "LCP ms"),
    ("lcp_element", "LCP element"),
    ("cls", "CLS"),
    ("tbt_ms", "TBT ms"),
    ("bytes", "bytes"),
    ("load", "load"),
    ("below_aim", "below aim"),
    ("error", "error"),
)


def markdown_table(rows: Sequence[Row]) -> str:
    """The rows as a Markdown table, for reports/bench.md."""
    lines = [
        "| " + " | ".join(title for _, title in COLUMNS) + " |",
        "|" + "---|" * len(COLUMNS),
    ]
    for row in rows:
        cells = ["" if row.get(key) is None else str(row.get(key)) for key, _ in COLUMNS]
        lines.append("| " + " | ".join(c.replace("|", "\\|") for c in cells) + " |")
    return "\n".join(lines) + "\n"


def build_site(out_dir: Path) -> Path:
    """The shipped content's whole site in ``out_dir``/dist (as `nox -s build`); returns the
    routes.json of the content build it was made from."""
    import scale

    shutil.copytree(REPO / "content", out_dir / "content")
    (out_dir / "pyproject.toml").write_text("")
    scale.build_site(out_dir)
    return out_dir / "build" / "routes.json"


def section_lighthouse(bench: Any) -> str:
    """Section of tests/bench/run.py: builds the site (or audits $BENCH_DIST with
    $BENCH_ROUTES_JSON when set) and audits the routes of --lighthouse-routes."""
    which = getattr(bench.args, "lighthouse_routes", "first-screen")
    runs = getattr(bench.args, "lighthouse_runs", 3)
    lines = [
        "## Lighthouse",
        "",
        "Chromium de Debian, émulation mobile et ralentissement simulé (réglages par défaut de "
        "Lighthouse), MailerLite, Calendly et Meta bloqués, site servi sur 127.0.0.1 avec les "
        "règles de GitHub Pages et la compression gzip. Objectifs : performance ≥ 0,99, "
        f"LCP ≤ {LCP_AIM_MS} ms, accessibilité 1, bonnes pratiques ≥ 0,95, SEO ≥ 0,95 (sauf "
        f"pages noindex). Routes : {which} ; {runs} mesure(s) par route, la médiane (LCP, "
        "performance, TBT) ; « load » : charge moyenne de la machine au début de la route "
        "(le ralentissement simulé multiplie le temps de calcul observé).",
        "",
    ]
    given = os.environ.get("BENCH_DIST")
    with tempfile.TemporaryDirectory(prefix="bench-site-") as tmp:
        try:
            if given:
                dist, routes_json = Path(given), Path(os.environ.get("BENCH_ROUTES_JSON", ""))
                found = routes_json if routes_json.is_file() else None
            else:
                found = build_site(Path(tmp))
                dist = Path(tmp) / "dist"
            rows = bench_lighthouse(dist, bench.data, routes_json=found, which=which, runs=runs)
        except (RuntimeError, OSError, subprocess.SubprocessError) as exc:
            bench.data["lighthouse"] = {"error": str(exc)}
            return "\n".join([*lines, f"Non mesuré : {exc}", ""])
    below = [r for r in rows if r.get("below_aim") or r.get("error")]
    lines.append(markdown_table(rows))
    lines.append(
        f"{len(rows) - len(below)} route(s) sur {len(rows)} atteignent tous les objectifs."
    )
    return "\n".join(lines) + "\n"


def main(argv: list[str]) -> int:
    parser = argparse.ArgumentParser(description="Lighthouse on a built site's routes.")
    parser.add_argument("dist", type=Path)
    parser.add_argument("routes_json", type=Path, nargs="?")
    parser.add_argument("--routes", default="first-screen", help="all, first-screen or /a,/b")
    parser.add_argument("--runs", type=int, default=3)
    args = parser.parse_args(argv)
    report: dict[str, Any] = {}
    rows = bench_lighthouse(
        args.dist, report, routes_json=args.routes_json, which=args.routes, runs=args.runs
    )
    print(json.dumps(report, ensure_ascii=False, indent=2))
    print(markdown_table(rows))
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
