"""Section « deploy » of the bench: the deploy workflow's own work once a change to one article
is merged, measured by running the steps of .github/workflows/deploy.yml's build job here,
in a fresh copy of the repository with the caches that job restores.

The job's steps are read from the workflow itself: each `run:` runs as written (bash, the
step's environment), each action the job uses is done as that action does it on the runner
(cache restore and save: tar and zstd; upload-pages-artifact: its tar of site/dist, then the
zip that upload-artifact makes of it) or, when it is GitHub's own work (checkout, setting up
Python and Node, the Pages address), left out; an action this file does not know stops the
bench. The previous deploy (before the change, no cache yet: the first on main) runs the
same way in the same folder first, as a runner's workspace is always at the same path.

Not measured: GitHub's work (starting the runner, checkout, setup-python/node, the cache's
and the artifact's transfers, deploy-pages) and the downloads a new runner makes, since the
machine's pip, uv and npm caches are warm here (the workflow keeps none of them).

    python tests/bench/run.py --sections deploy --deploy-articles 100
"""

from __future__ import annotations

import os
import re
import resource
import shutil
import subprocess
import sys
import time
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING, Any

import yaml
from scale import change_one_article

REPO = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(REPO / "tests"))
from content_factory import generate_site  # noqa: E402

if TYPE_CHECKING:
    from run import Bench

WORKFLOW = REPO / ".github" / "workflows" / "deploy.yml"
JOB = "build"
AIM_SECONDS = 60
#: What `${{ … }}` says in the job, here (configure-pages' answer for a project site; a push
#: to main, a merged change, not the morning run that folds the recent search shard).
EXPRESSIONS = {
    "steps.pages.outputs.base_url": "https://owner.github.io/repo",
    "github.run_id": "1",
    "github.event_name == 'schedule' && '0' || ''": "",
}
#: Actions whose work is GitHub's (or the runner's set-up), not the deploy's own.
GITHUBS = (
    "actions/checkout",
    "actions/setup-python",
    "actions/setup-node",
    "actions/configure-pages",
)
#: As actions/cache on Linux: a POSIX tar through zstd (multithreaded to pack).
PACK, UNPACK = "zstd -T0", "zstd -d"


@dataclass
class Deploy:
    """One run of the job: seconds of each measured step, and what it made."""

    steps: dict[str, float] = field(default_factory=dict)
    cpu: dict[str, float] = field(default_factory=dict)
    notes: dict[str, Any] = field(default_factory=dict)

    @property
    def seconds(self) -> float:
        return sum(self.steps.values())


def _children_cpu() -> float:
    usage = resource.getrusage(resource.RUSAGE_CHILDREN)
    return usage.ru_utime + usage.ru_stime


def _environment(runner: Path) -> dict[str, str]:
    """A runner's: its Python (nox, uv once installed) first on PATH, nothing of this bench's
    environments (no nox, uv or contenu of ours), CI=true as GitHub sets it."""
    ours = ("nox", "uv", "contenu")
    path = [
        folder
        for folder in os.environ.get("PATH", "").split(os.pathsep)
        if folder and not any((Path(folder) / name).exists() for name in ours)
    ]
    skipped = ("VIRTUAL_ENV", "NOX", "UV_", "GITHUB_", "CONTENU_", "SITE_URL", "E2E_")
    env = {k: v for k, v in os.environ.items() if not k.startswith(skipped)}
    return {**env, "CI": "true", "PATH": os.pathsep.join([str(runner / "bin"), *path])}


def _resolve(value: object) -> str:
    def known(match: re.Match[str]) -> str:
        name = match.group(1).strip()
        if name not in EXPRESSIONS:
            raise RuntimeError(f"{WORKFLOW.name}: no value here for ${{{{ {name} }}}}")
        return EXPRESSIONS[name]

    return re.sub(r"\$\{\{(.*?)\}\}", known, str(value))


def _checkout(workspace: Path, content: Path) -> None:
    """The repository as a clone holds it (its tracked files, as this tree has them), with
    ``content`` in place of content/."""
    listed = subprocess.run(
        ["git", "-C", str(REPO), "ls-files", "-z", "--cached", "--others", "--exclude-standard"],
        capture_output=True, check=True,
    ).stdout.decode()  # fmt: skip
    for name in listed.split("\0"):
        if name and not name.startswith("content/") and (REPO / name).is_file():
            (workspace / name).parent.mkdir(parents=True, exist_ok=True)
            shutil.copy2(REPO / name, workspace / name)
    shutil.copytree(content, workspace / "content")


def _paths(step: dict[str, Any]) -> list[str]:
    return [line.strip() for line in _resolve(step["with"]["path"]).splitlines() if line.strip()]


def _artifact(workspace: Path, kind: str) -> Path:
    """Where the Pages artifact goes: the runner's temporary folder, beside the workspace."""
    return workspace.parent / f"artifact.{kind}"


def _action(step: dict[str, Any], workspace: Path, archive: Path, deploy: Deploy) -> list[str]:
    """The command doing what the action does on the runner, or [] (GitHub's work, or a
    cache that does not exist yet)."""
    uses = step["uses"].split("@")[0]
    if uses.startswith(GITHUBS):
        return []
    if uses == "actions/cache/restore":
        deploy.notes["cacheHit"] = archive.exists()
        return (
            ["tar", "-xf", str(archive), "--use-compress-program", UNPACK]
            if archive.exists()
            else []
        )
    if uses == "actions/cache/save":
        found = [p for p in _paths(step) if (workspace / p).exists()]
        return ["tar", "--posix", "-cf", str(archive), "--use-compress-program", PACK, *found]
    if uses == "actions/upload-pages-artifact":
        # Its tar of the site into the runner's temporary folder, then upload-artifact's zip.
        site = _resolve(step["with"]["path"])
        tar, zipped = _artifact(workspace, "tar"), _artifact(workspace, "zip")
        pack = (
            "tar --dereference --hard-dereference --directory {} -cf {} "
            "--exclude=.git --exclude=.github ."
        )
        zip_it = (
            "import sys, zipfile; z = zipfile.ZipFile(sys.argv[2], 'w', zipfile.ZIP_DEFLATED, "
            "compresslevel=6); z.write(sys.argv[1], 'artifact.tar'); z.close()"
        )
        return ["bash", "-ec", f'{pack.format(site, tar)} && python -c "{zip_it}" {tar} {zipped}']
    raise RuntimeError(f"tests/bench/deploy.py does not know {uses}: say what it does there")


def run_job(workspace: Path, runner: Path, content: Path, archive: Path) -> Deploy:
    """The deploy's build job on a new runner: a fresh checkout of ``content`` at
    ``workspace`` (always the same folder, as on GitHub), a new Python, then its steps."""
    for folder in (workspace, runner):
        shutil.rmtree(folder, ignore_errors=True)
    workspace.mkdir(parents=True)
    _checkout(workspace, content)
    subprocess.run([sys.executable, "-m", "venv", str(runner)], check=True)
    steps = yaml.safe_load(WORKFLOW.read_text(encoding="utf-8"))["jobs"][JOB]["steps"]
    deploy = Deploy()
    for step in steps:
        env = _environment(runner) | {k: _resolve(v) for k, v in (step.get("env") or {}).items()}
        if "run" in step:
            command = ["bash", "-e", "-c", step["run"]]
        else:
            command = _action(step, workspace, archive, deploy)
        if not command:
            continue
        name = step.get("name") or step.get("run") or step["uses"].split("@")[0]
        os.sync()  # what ran before may still be writing: not this step's cost
        cpu, start = _children_cpu(), time.perf_counter()
        done = subprocess.run(command, cwd=workspace, env=env, capture_output=True, text=True)
        deploy.steps[name] = time.perf_counter() - start
        deploy.cpu[name] = _children_cpu() - cpu
        output = done.stdout + done.stderr
        # The launch gate refuses the shipped content while it holds stand-ins: the job would
        # stop there; its work is measured, and the steps after it too.
        gate = "--production" in str(step.get("run", ""))
        if gate:
            deploy.notes["gatePassed"] = done.returncode == 0
        elif done.returncode != 0:
            raise RuntimeError(f"{name} failed ({done.returncode}):\n{output[-4000:]}")
        if written := re.search(r"Site écrit dans .*\(([\d.]+) s\)\.", output):
            deploy.notes["siteBuildSeconds"] = float(written.group(1))
    deploy.notes["cacheMb"] = archive.stat().st_size / 1e6 if archive.exists() else 0
    zipped = _artifact(workspace, "zip")
    deploy.notes["artifactMb"] = zipped.stat().st_size / 1e6 if zipped.exists() else 0
    return deploy


def _figures(deploy: Deploy) -> dict[str, Any]:
    return {"seconds": deploy.seconds, "steps": deploy.steps, "cpu": deploy.cpu, **deploy.notes}


def section_deploy(bench: Bench) -> str:
    size = bench.args.deploy_articles
    work = bench.tmp / "deploy"
    source = generate_site(work / "source", size, bench.args.words)
    workspace, runner, archive = (
        work / "runner-work" / "repo",
        work / "runner-python",
        work / "cache.tzst",
    )
    before = run_job(workspace, runner, source / "content", archive)
    change_one_article(source)
    after = run_job(workspace, runner, source / "content", archive)
    shutil.rmtree(work, ignore_errors=True)
    bench.data["deploy"] = {
        "articles": size,
        "previous": _figures(before),
        "oneArticle": _figures(after),
    }
    return "\n".join(_report(size, before, after))


def _n(value: float, digits: int = 1) -> str:
    return f"{value:.{digits}f}".replace(".", ",")


def _report(size: int, before: Deploy, after: Deploy) -> list[str]:
    lines = [
        "## Publication après la fusion d’un article changé",
        "",
        f"Le travail propre du job « Construction » de `.github/workflows/deploy.yml`, ses "
        f"étapes lancées ici telles qu’écrites, sur le contenu livré et {size} articles "
        "générés : d’abord la publication précédente (sans cache), puis celle qui suit la "
        "modification d’un article, dans une copie neuve du dépôt au même endroit, avec le "
        "cache que le job restaure. Hors mesure : le travail de GitHub (démarrage, checkout, "
        "Python et Node, transferts du cache et de l’archive, deploy-pages) et les "
        "téléchargements d’un runner neuf (les caches pip, uv et npm de cette machine sont "
        f"chauds). Objectif : {AIM_SECONDS} s au plus pour un article changé.",
        "",
        "| Étape | précédente, sans cache | un article changé, cache restauré | CPU |",
        "|---|---|---|---|",
    ]
    for name in after.steps:
        previous = before.steps.get(name)
        lines.append(
            f"| {name} | {_n(previous) + ' s' if previous is not None else '—'} "
            f"| {_n(after.steps[name])} s | {_n(after.cpu[name])} s |"
        )
    lines.append(
        f"| **total** | {_n(before.seconds)} s | **{_n(after.seconds)} s** "
        f"({'dans' if after.seconds <= AIM_SECONDS else 'au-delà de'} l’objectif) "
        f"| {_n(sum(after.cpu.values()))} s |"
    )
    notes = after.notes
    lines += [
        "",
        f"Dont la construction du site (build.mjs) : {_n(notes.get('siteBuildSeconds', 0))} s. "
        f"Cache : {_n(notes['cacheMb'])} Mo (zstd) ; archive Pages : {_n(notes['artifactMb'])} "
        "Mo (zip).",
    ]
    if not notes.get("gatePassed", True):
        lines.append(
            "Le contrôle avant mise en ligne refuse le contenu livré (valeurs « [À COMPLÉTER] », "
            "identifiants provisoires) : sur GitHub le job s’arrêterait là ; les étapes "
            "suivantes sont mesurées comme pour un contenu prêt."
        )
    return [*lines, ""]
