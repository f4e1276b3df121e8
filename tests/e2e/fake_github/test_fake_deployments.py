"""After a merge, the fake GitHub shows the Pages deployment as GitHub does: a deployment to
`github-pages` for the commit, its statuses newest first (`environment_url` once it succeeded)
and the deploy workflow's run with its conclusion and its page."""

from __future__ import annotations

from .server import FakeGitHub
from .test_fake_github import REPO, call, new_branch


def test_a_successful_pages_deployment_gives_the_site_s_address(fake_github: FakeGitHub) -> None:
    main = fake_github.repo.branch_head("main")
    assert main is not None
    fake_github.deploy(main, "in_progress")
    listed = call(fake_github, "GET", f"{REPO}/deployments?sha={main}&environment=github-pages")
    assert listed.status == 200  # the coach's token has no « Deployments » permission
    [deployment] = listed.json()
    assert (deployment["sha"], deployment["environment"]) == (main, "github-pages")
    statuses_url = f"{REPO}/deployments/{deployment['id']}/statuses"
    running = call(fake_github, "GET", statuses_url).json()
    assert [s["state"] for s in running] == ["in_progress", "queued"]
    assert running[0]["environment_url"] == ""

    fake_github.deploy(main, "success", "https://renouer.fr/")
    done = call(fake_github, "GET", statuses_url).json()
    assert done[0]["state"] == "success"
    assert done[0]["environment_url"] == "https://renouer.fr/"
    assert done[0]["log_url"].startswith("https://github.com/renouer/site/actions/runs/")
    runs = call(fake_github, "GET", f"{REPO}/actions/runs?head_sha={main}").json()
    assert runs["total_count"] == 1
    run = runs["workflow_runs"][0]
    assert (run["name"], run["status"], run["conclusion"]) == (
        "Publication",
        "completed",
        "success",
    )
    assert run["path"] == ".github/workflows/deploy.yml" and run["html_url"] == done[0]["log_url"]


def test_a_failed_deployment_and_its_run_say_so(fake_github: FakeGitHub) -> None:
    main = fake_github.repo.branch_head("main")
    assert main is not None
    fake_github.deploy(main, "failure")
    [deployment] = call(fake_github, "GET", f"{REPO}/deployments?sha={main}").json()
    states = call(fake_github, "GET", f"{REPO}/deployments/{deployment['id']}/statuses").json()
    assert states[0]["state"] == "failure" and states[0]["environment_url"] == ""
    run = call(fake_github, "GET", f"{REPO}/actions/runs?head_sha={main}").json()["workflow_runs"][
        0
    ]
    assert (run["status"], run["conclusion"]) == ("completed", "failure")
    other = call(fake_github, "GET", f"{REPO}/deployments?sha={'0' * 40}").json()
    assert other == []


def test_a_merge_into_main_starts_its_deployment_when_asked(fake_github: FakeGitHub) -> None:
    fake_github.deploy_on_merge = "success"
    start = new_branch(fake_github, "contenu/merci")
    fake_github.repo.commit_on("contenu/merci", start, {"content/pages/merci.md": b"# Merci\n"},
                               "Merci", ("Claire Delmas", "c@e.org"))  # fmt: skip
    call(fake_github, "POST", f"{REPO}/pulls", {"title": "Merci", "head": "contenu/merci",
                                                "base": "main"})  # fmt: skip
    merged = call(fake_github, "PUT", f"{REPO}/pulls/1/merge", {"merge_method": "squash"})
    sha = merged.json()["sha"]
    [deployment] = call(fake_github, "GET", f"{REPO}/deployments?sha={sha}").json()
    statuses = call(fake_github, "GET", f"{REPO}/deployments/{deployment['id']}/statuses").json()
    assert statuses[0]["state"] == "success"
    assert statuses[0]["environment_url"] == "https://renouer.github.io/site/"


def test_a_private_repository_s_deployments_need_the_permission(fake_github: FakeGitHub) -> None:
    fake_github.private = True
    refused = call(fake_github, "GET", f"{REPO}/deployments")
    assert refused.status == 403
    assert refused.headers["x-accepted-github-permissions"] == "deployments=read"
    fake_github.add_token("github_pat_deploys", "coach", permissions={
        "metadata": "read", "contents": "write", "pull_requests": "write", "deployments": "read",
    })  # fmt: skip
    assert call(fake_github, "GET", f"{REPO}/deployments", token="github_pat_deploys").status == 200
