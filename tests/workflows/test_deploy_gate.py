"""What a merge does while content/ still holds stand-ins: the deploy workflow runs the launch
gate (`contenu check --production`, whose behaviour tests/pipeline/pipeline/test_launch.py checks)
before anything is built, so a failing gate means nothing is published and the live site
stays as it was (docs/deployment.md)."""

from __future__ import annotations

from typing import Any

GATE = "nox -s contenu -- check --production"


def build_steps(deploy: dict[str, Any]) -> list[dict[str, Any]]:
    return list(deploy["jobs"]["build"]["steps"])


def index_of(steps: list[dict[str, Any]], predicate: Any) -> int:
    found = [i for i, step in enumerate(steps) if predicate(step)]
    assert len(found) == 1, found
    return found[0]


def test_the_gate_runs_before_anything_is_built_or_uploaded(deploy: dict[str, Any]) -> None:
    steps = build_steps(deploy)
    gate = index_of(steps, lambda s: s.get("run", "").strip() == GATE)
    install = index_of(
        steps,
        lambda s: (
            s.get("run", "").strip()
            == "python -m pip install --require-hashes -r .github/requirements.txt"
        ),
    )
    build = index_of(steps, lambda s: s.get("run", "").strip() == "nox -s build")
    upload = index_of(
        steps, lambda s: str(s.get("uses", "")).startswith("actions/upload-pages-artifact@")
    )
    assert install < gate < build < upload
    assert steps[gate]["name"] == "Contrôle avant mise en ligne"


def test_a_failing_gate_stops_the_publication(deploy: dict[str, Any]) -> None:
    """Nothing may turn the gate's failure into a success, or deploy after a failed build."""
    for job_id, job in deploy["jobs"].items():
        assert not job.get("continue-on-error"), job_id
        for step in job.get("steps", []):
            assert not step.get("continue-on-error"), step
            if step.get("run", "").strip() == GATE:
                assert "if" not in step, "the gate must run on every publication"
                assert "GITHUB_STEP_SUMMARY" not in step.get("env", {}), (
                    "the French list of blockers goes to the job summary GitHub provides"
                )
    deploy_job = deploy["jobs"]["deploy"]
    assert deploy_job["needs"] in ("build", ["build"])
    condition = str(deploy_job.get("if", ""))
    assert "always()" not in condition and "failure()" not in condition


def test_no_other_job_can_publish_around_the_gate(deploy: dict[str, Any]) -> None:
    """Push, daily run or manual run: the one build job holds the gate, and the only other job
    deploys what that build uploaded."""
    assert set(deploy["jobs"]) == {"build", "deploy"}
