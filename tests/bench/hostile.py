"""The « hostile » section of ``nox -s bench``: a 1 MB content file of the worst shapes of
issue 24 (tests/pipeline/hostile_inputs.py) and a 1 MB pasted snippet, each checked as
``contenu check`` and ``contenu integrer`` do. The target is under 2 s each on the bench
machine; the figures are reported, not asserted (tests/pipeline/test_linear_time.py only
catches a hang)."""

from __future__ import annotations

import contextlib
import shutil
import subprocess
import sys
import time
from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING

REPO = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(REPO / "tests" / "pipeline"))

import hostile_inputs as hostile  # noqa: E402
from stage_inputs import source  # noqa: E402

from contenu.integrate.command import SERVICES, IntegrationError, values_from  # noqa: E402
from contenu.pipeline.limits import MAX_MARKDOWN_BYTES  # noqa: E402
from contenu.pipeline.validate import process  # noqa: E402

if TYPE_CHECKING:
    from run import Bench

ROUNDS = 3
TARGET_SECONDS = 2.0
SIZE = MAX_MARKDOWN_BYTES - 1_000  # room for the front matter: each file is whole


def _best(action: Callable[[], object]) -> float:
    times = []
    for _ in range(ROUNDS):
        start = time.perf_counter()
        action()
        times.append(time.perf_counter() - start)
    return min(times)


def _fit(text: str) -> bytes:
    """``text`` as UTF-8, cut to the largest size a Markdown file may have."""
    data = text.encode("utf-8")[:MAX_MARKDOWN_BYTES]
    return data.decode("utf-8", "ignore").encode("utf-8")


def _refused(service: str, text: str) -> None:
    with contextlib.suppress(IntegrationError):  # every hostile snippet is refused
        values_from(SERVICES[service], text)


def _whole_check(bench: Bench, data: bytes) -> float:
    """``contenu check`` (a new process) on the shipped content plus the hostile article."""
    root = bench.tmp / "hostile-site"
    if root.exists():
        shutil.rmtree(root)
    shutil.copytree(REPO / "content", root / "content")
    (root / "pyproject.toml").write_text("")
    (root / "content/articles/hostile.md").write_bytes(data)
    command = [str(Path(sys.executable).parent / "contenu"), "check"]

    def run() -> None:
        subprocess.run(command, cwd=root, capture_output=True, check=False)

    return _best(run)


def section_hostile(bench: Bench) -> str:
    article = _fit(hostile.hostile_article(SIZE))
    snippet = hostile.hostile_snippet(1_000_000)
    rows: list[tuple[str, int, float]] = []
    rows.append(
        (
            "fichier de contenu, toutes les formes (un fichier)",
            len(article),
            _best(lambda: process(source("articles/hostile.md"), article)),
        )
    )
    for name, make in hostile.SHAPES.items():
        data = _fit(hostile.ARTICLE_FRONT + "---\n\n" + make(SIZE))
        seconds = _best(lambda data=data: process(source("articles/hostile.md"), data))
        rows.append((f"fichier de contenu, {name}", len(data), seconds))
    for service in SERVICES:
        seconds = _best(lambda service=service: _refused(service, snippet))
        rows.append((f"code collé, {service}", len(snippet.encode()), seconds))
    whole = _whole_check(bench, article)
    rows.append(("contenu check (processus entier) avec le fichier", len(article), whole))
    bench.data["hostile"] = {
        "targetSeconds": TARGET_SECONDS,
        "rounds": ROUNDS,
        "rows": [{"what": w, "bytes": b, "seconds": round(s, 3)} for w, b, s in rows],
    }
    lines = [
        "## Entrées hostiles (issue 24)",
        "",
        f"Meilleur de {ROUNDS} essais ; objectif : moins de {TARGET_SECONDS:.0f} s chacun.",
        "",
        "| Entrée | Octets | Secondes | Objectif |",
        "|---|---:|---:|---|",
    ]
    for what, size, seconds in rows:
        shown = f"{size:,}".replace(",", "\u202f")
        verdict = "tenu" if seconds < TARGET_SECONDS else "DÉPASSÉ"
        lines.append(f"| {what} | {shown} | {seconds:.3f} | {verdict} |")
    return "\n".join(lines) + "\n"
