"""The pull-request checks read as one story for a coach: one content mistake is one red
check (« Contenu ») and one annotation; the checks that need valid content wait for it and
are skipped when it fails; every check has a French name a coach can read.
"""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

import pytest
from github_config import ROOT

from contenu.report.diagnostics import Diagnostic
from contenu.report.output import CI_REPORT, PREVIEW, report

Jobs = dict[str, dict[str, Any]]

#: nox sessions that read content/ (they check or build it): their jobs need valid content.
CONTENT_SESSIONS = {"tests", "site", "build", "e2e", "contenu"}
#: Jobs that never read the shipped content: they run alongside « Contenu ».
INDEPENDENT = {"lint", "workflows"}
#: Words of tool jargon that mean nothing to a coach reading the list of checks.
JARGON = re.compile(r"\b(lint|e2e|vitest|actionlint|zizmor|pipeline|check|nox|pytest)\b", re.I)


def steps(job: dict[str, Any]) -> list[dict[str, Any]]:
    return list(job.get("steps", []))


def needs(job: dict[str, Any]) -> set[str]:
    value = job.get("needs", [])
    return {value} if isinstance(value, str) else set(value)


def sessions_of(step: dict[str, Any]) -> set[str]:
    run = str(step.get("run", "")).strip()
    match = re.match(r"^nox -s ((?:\w+ ?)+?)(?: -- .*)?$", run)
    return set(match.group(1).split()) if match else set()


def reads_content(step: dict[str, Any]) -> bool:
    run = str(step.get("run", "")).strip()
    return bool(sessions_of(step) & CONTENT_SESSIONS) or run.startswith("contenu ")


def content_step(ci: dict[str, Any]) -> dict[str, Any]:
    (step,) = [s for s in steps(ci["jobs"]["content"]) if reads_content(s)]
    return step


def test_one_content_job_checks_the_content_and_reports_it(ci: dict[str, Any]) -> None:
    step = content_step(ci)
    assert step["run"] == "nox -s contenu -- check"  # the command the coaches' guide gives
    assert step["env"][CI_REPORT] == "on"
    base = step["env"]["CONTENU_CI_BASE"]
    assert "github.event.pull_request.base.sha" in base and "github.event.before" in base
    (checkout,) = [
        s for s in steps(ci["jobs"]["content"]) if "uses" in s and "checkout" in s["uses"]
    ]
    assert checkout["with"]["fetch-depth"] == 0, "changed files need the merge base"


def test_one_step_per_workflow_reports_to_github(workflows: dict[str, Any]) -> None:
    """The content check of a pull request, and the launch gate of a publication (its
    blockers annotated once, on the merged commit)."""
    reporting = []
    for name, workflow in workflows.items():
        assert CI_REPORT not in workflow.get("env", {}), name
        for job_id, job in workflow["jobs"].items():
            assert CI_REPORT not in job.get("env", {}), f"{name}/{job_id}"
            reporting += [(name, job_id) for s in steps(job) if CI_REPORT in s.get("env", {})]
    assert sorted(reporting) == [("ci.yml", "content"), ("deploy.yml", "build")]


def test_jobs_that_need_valid_content_wait_for_it(ci: dict[str, Any]) -> None:
    jobs: Jobs = ci["jobs"]
    for job_id, job in jobs.items():
        if job_id == "content":
            assert not needs(job)
            continue
        if any(reads_content(s) for s in steps(job)):
            assert needs(job) == {"content"}, f"{job_id} reads content/: add `needs: content`"
        else:
            assert job_id in INDEPENDENT, f"{job_id}: does it read content/?"
            assert not needs(job), f"{job_id} does not read content/: let it run in parallel"
    dependent = {j for j, job in jobs.items() if "content" in needs(job)}
    assert dependent == {"tests", "site", "e2e", "build", "summary"}
    for job_id in dependent:  # skipped, not run, when « Contenu » fails
        assert "if" not in jobs[job_id], f"{job_id} must not run after a content failure"


def test_check_names_are_french_and_readable(ci: dict[str, Any]) -> None:
    names = [job["name"] for job in ci["jobs"].values()]
    assert len(set(names)) == len(names)
    assert ci["jobs"]["content"]["name"] == "Contenu"
    for name in names:
        assert not JARGON.search(name), f"« {name} »: name it for a coach"
        assert "(" not in name and name[0].isupper(), name


def _environments(ci: dict[str, Any], summary: Path) -> list[tuple[str, dict[str, str]]]:
    """(job, environment) of every step that checks or builds the content, as GitHub
    Actions would run it (expressions replaced by a made-up base commit)."""
    found = []
    for job_id, job in ci["jobs"].items():
        for step in steps(job):
            if not reads_content(step):
                continue
            env = {**ci.get("env", {}), **job.get("env", {}), **step.get("env", {})}
            env = {k: re.sub(r"\$\{\{.*?\}\}", "0" * 40, str(v)) for k, v in env.items()}
            env |= {"GITHUB_ACTIONS": "true", "GITHUB_STEP_SUMMARY": str(summary)}
            found.append((job_id, env))
    return found


@pytest.mark.parametrize("content_fails", [True, False])
def test_one_mistake_is_annotated_once(
    ci: dict[str, Any], tmp_path: Path, content_fails: bool
) -> None:
    """Replays the real ``report`` in the environment of every step that checks or builds
    the content: one error gives one annotation; the permanent warnings (« [À COMPLÉTER] »
    of files the change does not touch) none, and one job summary in all."""
    problems = [
        Diagnostic(
            "content/reglages/mentions-legales.md",
            7,
            3,
            "publisher.phone",
            "à compléter",
            "warning",
        ),
    ]
    if content_fails:
        problems.append(Diagnostic("content/articles/neuf.md", 4, 1, "date", "date invalide"))
    summary = tmp_path / "summary.md"
    annotations = 0
    for job_id, env in _environments(ci, summary):
        if content_fails and job_id != "content":
            continue  # skipped: it needs « Contenu »
        output = report(problems, 50, env=env, root=ROOT)
        annotations += sum(
            line.startswith(("::error ", "::warning ")) for line in output.splitlines()
        )
    assert annotations == (1 if content_fails else 0)
    assert summary.read_text(encoding="utf-8").count("## Vérification du contenu") == 1


def test_the_content_summary_points_to_the_pictures_of_the_pages(ci: dict[str, Any]) -> None:
    """The check a coach reads names the job and the artifact where the pages are shown."""
    e2e = ci["jobs"]["e2e"]
    (upload,) = [s for s in steps(e2e) if "upload-artifact" in str(s.get("uses", ""))]
    text = PREVIEW.replace("\u00a0", " ")
    assert f"« {e2e['name']} »" in text
    assert f"« {upload['with']['name']} »" in text
