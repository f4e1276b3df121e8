"""`nox -s bench`: measures the whole site at several sizes (against Hugo), the live
preview in a browser and Lighthouse, and writes reports/bench.md, reports/bench.json and
reports/scale.svg with a description of the machine.

Each section of the report is a function ``(Bench) -> str`` listed in ``SECTIONS``: it runs
its measurements, stores its figures under its own key of ``bench.data`` (the JSON report)
and returns its Markdown. Add a section by writing one function and appending it.

    python tests/bench/run.py [--sizes 100,1000,4000] [--words 1000] [--rounds 20]
                              [--sections machine,scale,preview,lighthouse,hostile,editor,deploy]
                              [--lighthouse-routes first-screen|all|/a,/b] [--lighthouse-runs 3]
                              [--deploy-articles 4000]
"""

from __future__ import annotations

import argparse
import contextlib
import datetime as dt
import json
import os
import platform
import sys
import tempfile
from collections.abc import Callable
from dataclasses import dataclass, field
from importlib.metadata import version
from pathlib import Path
from typing import Any

import yaml
from deploy import section_deploy  # tests/bench/deploy.py
from editor import section_editor  # tests/bench/editor.py
from hostile import section_hostile  # tests/bench/hostile.py
from lighthouse import section_lighthouse  # tests/bench/lighthouse.py
from preview import section_preview  # tests/bench/preview.py
from scale import section_scale  # tests/bench/scale.py

REPO = Path(__file__).resolve().parents[2]
REPORTS = REPO / "reports"


@dataclass
class Bench:
    """Shared state of a run: its arguments, a scratch folder and the JSON report."""

    args: argparse.Namespace
    tmp: Path
    out: Path
    data: dict[str, Any] = field(default_factory=dict)


def _cpu_model() -> str:
    with contextlib.suppress(OSError):
        for line in Path("/proc/cpuinfo").read_text().splitlines():
            if line.startswith("model name"):
                return line.split(":", 1)[1].strip()
    return platform.processor() or "inconnu"


def _memory_gb() -> float | None:
    with contextlib.suppress(OSError, ValueError, IndexError):
        for line in Path("/proc/meminfo").read_text().splitlines():
            if line.startswith("MemTotal:"):
                return round(int(line.split()[1]) / 1024 / 1024, 1)
    return None


def section_machine(bench: Bench) -> str:
    packages_versions = {
        name: version(name) for name in ("pydantic", "pyromark", "nh3", "PyYAML", "typer")
    }
    load_average = list(os.getloadavg())
    machine: dict[str, Any] = {
        "cpu": _cpu_model(),
        "cores": os.cpu_count(),
        "memoryGb": _memory_gb(),
        "os": platform.platform(),
        "python": platform.python_version(),
        "packages": packages_versions,
        "libyaml": bool(yaml.__with_libyaml__),
        "loadAverage": load_average,
    }
    bench.data["machine"] = machine
    packages = ", ".join(f"{k} {v}" for k, v in packages_versions.items())
    load = ", ".join(f"{x:.2f}" for x in load_average)
    return (
        "## Machine\n\n"
        f"- CPU : {machine['cpu']} ({machine['cores']} cœurs)\n"
        f"- Mémoire : {machine['memoryGb']} Go\n"
        f"- Système : {machine['os']}\n"
        f"- Python {machine['python']} ; {packages} ; libyaml : {machine['libyaml']}\n"
        f"- Charge au départ (1, 5, 15 min) : {load}\n"
    )


Section = Callable[[Bench], str]
SECTION_NAMES: dict[str, Section] = {
    "machine": section_machine,
    "scale": section_scale,
    "preview": section_preview,
    "lighthouse": section_lighthouse,
    "hostile": section_hostile,
    "editor": section_editor,
    "deploy": section_deploy,
}


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    parser.add_argument("--sizes", default="100,1000,4000", help="article counts, e.g. 100,4000")
    parser.add_argument("--words", type=int, default=1000)
    parser.add_argument("--rounds", type=int, default=20, help="saves measured per edit kind")
    parser.add_argument("--out", type=Path, default=REPORTS)
    parser.add_argument(
        "--lighthouse-routes",
        default="first-screen",
        help="all, first-screen (/, /ressource, /contact, /a-propos, an article) or /a,/b",
    )
    parser.add_argument("--lighthouse-runs", type=int, default=3, help="audits per route")
    parser.add_argument(
        "--deploy-articles", type=int, default=4000, help="generated articles of the deploy"
    )
    parser.add_argument(
        "--sections",
        default=",".join(SECTION_NAMES),
        help="comma-separated subset of: " + ", ".join(SECTION_NAMES),
    )
    args = parser.parse_args(argv)
    args.sizes = [int(n) for n in args.sizes.split(",")]
    chosen = [SECTION_NAMES[name.strip()] for name in args.sections.split(",") if name.strip()]
    args.out.mkdir(parents=True, exist_ok=True)
    with tempfile.TemporaryDirectory(prefix="contenu-bench-") as tmp:
        bench = Bench(args, Path(tmp), args.out)
        blocks = [section(bench) for section in SECTION_NAMES.values() if section in chosen]
    stamp = dt.datetime.now(dt.UTC).strftime("%Y-%m-%d %H:%M UTC")
    header = f"# Banc d’essai\n\n{stamp}. Généré par `nox -s bench` (tests/bench/run.py).\n"
    report = header + "\n" + "\n".join(blocks)
    (args.out / "bench.md").write_text(report, encoding="utf-8")
    bench.data["date"] = stamp
    (args.out / "bench.json").write_text(
        json.dumps(bench.data, ensure_ascii=False, indent=2, sort_keys=True) + "\n",
        encoding="utf-8",
    )
    print(report)
    return 0


if __name__ == "__main__":
    sys.exit(main())
