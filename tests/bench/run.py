"""`nox -s bench`: times `contenu build` on generated articles and writes reports/bench.md
and reports/bench.json with a description of the machine.

Each section of the report is a function ``(Bench) -> str`` listed in ``SECTIONS``: it runs
its measurements, stores its figures under its own key of ``bench.data`` (the JSON report)
and returns its Markdown. Add a section by writing one function and appending it.

    python tests/bench/run.py [--articles 4000] [--words 1000] [--rounds 20] [--cold-runs 3]
                              [--sections machine,contenu,peers,lighthouse]
"""

from __future__ import annotations

import argparse
import contextlib
import datetime as dt
import io
import json
import os
import platform
import random
import resource
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from importlib.metadata import version
from pathlib import Path
from typing import Any

import yaml
from lighthouse import section_lighthouse  # tests/bench/lighthouse.py
from peers import section_peers  # tests/bench/peers.py

from contenu.pipeline.runner import Builder, Project
from contenu.watch import rebuild

REPO = Path(__file__).resolve().parents[2]
REPORTS = REPO / "reports"
TODAY = "2026-01-15"

WORDS = " ".join(
    (
        "parent adolescent dialogue écoute émotion colère limite confiance respect soirée repas "
        "école écran chambre question réponse silence conflit bienveillance posture besoin "
        "journée semaine famille maison lien regard patience fatigue moment échange phrase "
        "règle cadre routine sommeil devoir ami téléphone porte voix geste sourire peur envie "
        "l'enfant d'abord aujourd'hui vraiment souvent parfois doucement ensemble calmement",
    )
).split(" ")


@dataclass
class Bench:
    """Shared state of a run: the generated site and the JSON report being filled."""

    args: argparse.Namespace
    root: Path  # a fake repository root: content/ + pyproject.toml
    data: dict[str, Any] = field(default_factory=dict)

    @property
    def content(self) -> Path:
        return self.root / "content"

    @property
    def articles(self) -> Path:
        return self.content / "articles"


# --- Generated content -------------------------------------------------------------------


def _sentence(rng: random.Random, length: int) -> str:
    words = [rng.choice(WORDS) for _ in range(length)]
    if rng.random() < 0.3:
        words[rng.randrange(length)] = f"**{rng.choice(WORDS)}**"
    if rng.random() < 0.3:
        words[rng.randrange(length)] = f"_{rng.choice(WORDS)}_"
    text = " ".join(words)
    return text[0].upper() + text[1:] + rng.choice([".", ".", ".", " ?", " !", " : voilà."])


def article_text(index: int, words: int, rng: random.Random) -> str:
    """An article of about ``words`` words: headings, paragraphs, lists, emphasis."""
    date = dt.date(2020, 1, 1) + dt.timedelta(days=index % 1500)
    front = {
        "title": f"Article {index} : {rng.choice(WORDS)} et {rng.choice(WORDS)}",
        "excerpt": _sentence(rng, 20),
        "date": date.isoformat(),
        "category": rng.choice(["Émotions", "Limites", "Communication", "Routines"]),
        "keywords": [rng.choice(WORDS), rng.choice(WORDS)],
    }
    parts: list[str] = []
    count = 0
    while count < words:
        parts.append(f"## {_sentence(rng, 5)[:-1]}")
        for _ in range(3):
            length = rng.randint(12, 24)
            parts.append(" ".join(_sentence(rng, length) for _ in range(3)))
            count += 3 * length
        items = [f"- {_sentence(rng, 6)}" for _ in range(4)]
        parts.append("\n".join(items))
        parts.append("\n".join(f"{n}. {_sentence(rng, 5)}" for n in range(1, 4)))
        count += 4 * 6 + 3 * 5
    head = yaml.safe_dump(front, allow_unicode=True, sort_keys=False)
    return f"---\n{head}---\n\n" + "\n\n".join(parts) + "\n"


def generate_site(dest: Path, articles: int, words: int, seed: int = 2024) -> Path:
    """A fake repository root holding a copy of content/ plus ``articles`` generated ones."""
    root = dest / "depot"
    shutil.copytree(REPO / "content", root / "content")
    (root / "pyproject.toml").write_text("")
    rng = random.Random(seed)
    folder = root / "content" / "articles"
    for index in range(articles):
        text = article_text(index, words, rng)
        (folder / f"genere-{index:05d}.md").write_text(text, encoding="utf-8")
    return root


# --- Sections ----------------------------------------------------------------------------


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


def _contenu_command() -> list[str]:
    found = shutil.which("contenu")
    if found:
        return [found]
    return [sys.executable, "-c", "from contenu.cli import app; app(prog_name='contenu')"]


def _cold_build(bench: Bench) -> float:
    for generated in (bench.root / "site", bench.root / "schema"):
        shutil.rmtree(generated, ignore_errors=True)
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    started = time.perf_counter()
    done = subprocess.run(
        [*_contenu_command(), "build", "--today", TODAY],
        cwd=bench.root,
        capture_output=True,
        text=True,
        check=False,
    )
    elapsed = time.perf_counter() - started
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    cpu = (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)
    bench.data.setdefault("coldCpu", []).append(cpu)
    if done.returncode != 0:
        raise RuntimeError(f"contenu build failed:\n{done.stdout[-3000:]}\n{done.stderr[-3000:]}")
    return elapsed


def section_contenu(bench: Bench) -> str:
    """Cold `contenu build` (a new process, nothing cached), then save-to-bundle rounds of
    one edited article through the watcher's incremental code path."""
    cold = [_cold_build(bench) for _ in range(bench.args.cold_runs)]

    project = Project.at(bench.root)
    builder = Builder(project.content)
    with contextlib.redirect_stdout(io.StringIO()):
        warm_started = time.perf_counter()
        first = rebuild(builder, project, drafts=False)
        in_process_cold = time.perf_counter() - warm_started
    assert first is not None and first.ok
    target = bench.articles / "genere-00042.md"
    original = target.read_text(encoding="utf-8")
    rounds: list[float] = []
    cpu_rounds: list[float] = []
    for n in range(bench.args.rounds):
        marker = f"Modification numéro {n} du banc d’essai."
        started = time.perf_counter()
        cpu_started = time.process_time()
        target.write_text(original + f"\n{marker}\n", encoding="utf-8")
        with contextlib.redirect_stdout(io.StringIO()):
            outcome = rebuild(builder, project, drafts=False, changed={target})
        rounds.append(time.perf_counter() - started)
        cpu_rounds.append(time.process_time() - cpu_started)
        assert outcome is not None and outcome.ok and outcome.reparsed == 1
        bundle = project.bundles / "routes" / "blog" / "genere-00042.json"
        assert marker in bundle.read_text(encoding="utf-8")
    target.write_text(original, encoding="utf-8")

    words = sum(len(p.read_text(encoding="utf-8").split()) for p in bench.articles.glob("*.md"))
    figures = {
        "articles": len(list(bench.articles.glob("*.md"))),
        "words": words,
        "coldBuildSeconds": {"median": statistics.median(cold), "runs": cold},
        "inProcessColdSeconds": in_process_cold,
        "coldBuildCpuSeconds": statistics.median(bench.data.pop("coldCpu", [0.0])),
        "editCpuMedianSeconds": statistics.median(cpu_rounds),
        "editRounds": len(rounds),
        "editToBundleSeconds": {
            "median": statistics.median(rounds),
            "min": min(rounds),
            "max": max(rounds),
        },
    }
    bench.data["contenu"] = figures
    edit = {"median": statistics.median(rounds), "min": min(rounds), "max": max(rounds)}
    runs = ", ".join(f"{s:.2f}" for s in cold)
    words_text = f"{words:,}".replace(",", "\u202f")
    return (
        "## contenu build\n\n"
        f"{figures['articles']} articles ({words_text} mots au total, frontmatter compris), "
        "plus les pages et entrées du site.\n\n"
        "| Mesure | Temps |\n|---|---|\n"
        f"| Construction à froid (`contenu build`, nouveau processus), médiane de {len(cold)} "
        f"| {statistics.median(cold):.2f} s ({runs}) |\n"
        f"| Construction à froid dans le processus du watcher | {in_process_cold:.2f} s |\n"
        f"| Enregistrement → bundle après modification d’un article, médiane de {len(rounds)} "
        f"| {edit['median'] * 1000:.0f} ms (min {edit['min'] * 1000:.0f}, "
        f"max {edit['max'] * 1000:.0f}) |\n"
        f"| Temps processeur : construction à froid (médiane) | "
        f"{figures['coldBuildCpuSeconds']:.2f} s |\n"
        f"| Temps processeur : enregistrement → bundle (médiane) | "
        f"{figures['editCpuMedianSeconds'] * 1000:.0f} ms |\n"
    )


Section = Callable[[Bench], str]
# section_peers reads section_contenu's cold-build median: keep it after that one.
SECTIONS: list[Section] = [section_machine, section_contenu, section_peers, section_lighthouse]
SECTION_NAMES: dict[str, Section] = {
    "machine": section_machine,
    "contenu": section_contenu,
    "peers": section_peers,
    "lighthouse": section_lighthouse,
}


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    parser.add_argument("--articles", type=int, default=4000)
    parser.add_argument("--words", type=int, default=1000)
    parser.add_argument("--rounds", type=int, default=20)
    parser.add_argument("--cold-runs", type=int, default=3)
    parser.add_argument("--out", type=Path, default=REPORTS)
    parser.add_argument(
        "--sections",
        default=",".join(SECTION_NAMES),
        help="comma-separated subset of: " + ", ".join(SECTION_NAMES),
    )
    args = parser.parse_args(argv)
    chosen = [SECTION_NAMES[name.strip()] for name in args.sections.split(",") if name.strip()]
    with tempfile.TemporaryDirectory(prefix="contenu-bench-") as tmp:
        started = time.perf_counter()
        root = generate_site(Path(tmp), args.articles, args.words)
        bench = Bench(args, root)
        bench.data["generation"] = {
            "articles": args.articles,
            "wordsPerArticle": args.words,
            "seconds": time.perf_counter() - started,
        }
        blocks = [section(bench) for section in SECTIONS if section in chosen]
    args.out.mkdir(parents=True, exist_ok=True)
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
