"""The fake GitHub merges a pull request as GitHub does, and refuses as GitHub does: a head
that moved (409), a branch that cannot be merged, a protection that wants an approving review,
a green check or another merger (405), a token or an account that may not write (403). Pull
requests by several people, their reviews and review requests; the commits that changed a
file. No browser: the answers are read as the editor would read them."""

from __future__ import annotations

import pytest

from .server import FakeGitHub
from .test_fake_github import REPO, call, new_branch

PAGE = "content/pages/contact.md"


def proposal(fake: FakeGitHub, branch: str = "contenu/contact", text: bytes = b"# Nous\n") -> int:
    """A branch with one commit changing PAGE, and its pull request by the coach."""
    start = new_branch(fake, branch)
    fake.repo.commit_on(branch, start, {PAGE: text}, "Contact", ("Claire Delmas", "c@e.org"))
    made = call(fake, "POST", f"{REPO}/pulls", {"title": "Contenu : contact", "head": branch,
                                                "base": "main"})  # fmt: skip
    assert made.status == 201
    return int(made.json()["number"])


def merge(fake: FakeGitHub, number: int, sha: str | None, token: str = "github_pat_coach"):  # type: ignore[no-untyped-def]
    body = {"merge_method": "squash", **({"sha": sha} if sha else {})}
    return call(fake, "PUT", f"{REPO}/pulls/{number}/merge", body, token=token)


def colleague(fake: FakeGitHub, login: str = "sophie", role: str = "write") -> str:
    fake.add_user(login, "Sophie Martin", role=role)
    token = f"github_pat_{login}"
    fake.add_token(token, login, repositories={fake.full_name})
    return token


def test_a_squash_merge_guarded_by_the_head_is_one_commit_on_main_and_the_pull_is_merged(
    fake_github: FakeGitHub,
) -> None:
    number = proposal(fake_github)
    main = fake_github.repo.branch_head("main")
    head = fake_github.repo.branch_head("contenu/contact")
    pull = call(fake_github, "GET", f"{REPO}/pulls/{number}").json()
    assert (pull["mergeable"], pull["mergeable_state"], pull["merged"]) == (True, "clean", False)

    merged = merge(fake_github, number, head)

    assert merged.status == 200
    assert merged.json()["merged"] is True
    assert merged.json()["message"] == "Pull Request successfully merged"
    sha = merged.json()["sha"]
    assert fake_github.repo.branch_head("main") == sha and fake_github.repo.parents(sha) == [main]
    assert fake_github.repo.files(sha)[PAGE] == b"# Nous\n"
    assert fake_github.repo.message(sha).startswith("Contenu : contact (#1)")
    after = call(fake_github, "GET", f"{REPO}/pulls/{number}").json()
    assert (after["state"], after["merged"], after["merge_commit_sha"]) == ("closed", True, sha)
    assert call(fake_github, "GET", f"{REPO}/pulls/{number}/merge").status == 204
    assert merge(fake_github, number, None).status == 405  # once merged, never again


def test_a_head_that_moved_since_it_was_seen_is_refused_with_409_and_nothing_merges(
    fake_github: FakeGitHub,
) -> None:
    number = proposal(fake_github)
    seen = fake_github.repo.branch_head("contenu/contact")
    main = fake_github.repo.branch_head("main")
    fake_github.push("contenu/contact", {PAGE: b"# Autre\n"}, "Encore")

    refused = merge(fake_github, number, seen)

    assert refused.status == 409
    assert refused.json()["message"] == "Head branch was modified. Review and try the merge again."
    assert fake_github.repo.branch_head("main") == main
    assert call(fake_github, "GET", f"{REPO}/pulls/{number}/merge").status == 404


def test_a_branch_that_conflicts_with_main_is_not_mergeable(fake_github: FakeGitHub) -> None:
    number = proposal(fake_github)
    fake_github.push("main", {PAGE: b"# Contact, autrement\n"}, "Ailleurs")
    pull = call(fake_github, "GET", f"{REPO}/pulls/{number}").json()
    assert (pull["mergeable"], pull["mergeable_state"]) == (False, "dirty")
    refused = merge(fake_github, number, fake_github.repo.branch_head("contenu/contact"))
    assert refused.status == 405 and refused.json()["message"] == "Pull Request is not mergeable"


def test_a_change_on_main_elsewhere_merges_with_the_branch(fake_github: FakeGitHub) -> None:
    number = proposal(fake_github)
    moved = fake_github.push("main", {"content/pages/merci.md": b"# Merci\n"}, "Ailleurs")
    merged = merge(fake_github, number, fake_github.repo.branch_head("contenu/contact"))
    files = fake_github.repo.files(merged.json()["sha"])
    assert files[PAGE] == b"# Nous\n" and files["content/pages/merci.md"] == b"# Merci\n"
    assert fake_github.repo.parents(merged.json()["sha"]) == [moved]


def test_a_required_review_refuses_until_a_writer_approves_never_the_author(
    fake_github: FakeGitHub,
) -> None:
    token = colleague(fake_github)
    fake_github.protect("main", required_reviews=1)
    number = proposal(fake_github)
    head = fake_github.repo.branch_head("contenu/contact")
    assert call(fake_github, "GET", f"{REPO}/pulls/{number}").json()["mergeable_state"] == "blocked"

    refused = merge(fake_github, number, head)
    assert refused.status == 405
    assert refused.json()["message"] == (
        "At least 1 approving review is required by reviewers with write access."
    )
    own = call(fake_github, "POST", f"{REPO}/pulls/{number}/reviews", {"event": "APPROVE"})
    assert own.status == 422 and own.json()["errors"] == ["Can not approve your own pull request"]

    review = {"event": "APPROVE", "body": "Parfait."}
    approved = call(fake_github, "POST", f"{REPO}/pulls/{number}/reviews", review, token=token)
    assert approved.status == 200
    assert (approved.json()["state"], approved.json()["user"]["login"]) == ("APPROVED", "sophie")
    listed = call(fake_github, "GET", f"{REPO}/pulls/{number}/reviews").json()
    assert [(r["user"]["login"], r["state"]) for r in listed] == [("sophie", "APPROVED")]
    assert merge(fake_github, number, head).status == 200


def test_a_reader_s_approval_does_not_count(fake_github: FakeGitHub) -> None:
    colleague(fake_github, "lectrice", role="read")
    fake_github.protect("main", required_reviews=1)
    number = proposal(fake_github)
    fake_github.review(number, "lectrice", "APPROVED")
    assert merge(fake_github, number, None).status == 405


@pytest.mark.parametrize(
    ("runs", "words"),
    [
        ([], 'Required status check "Contenu" is expected.'),
        ([{"name": "Contenu", "status": "in_progress", "conclusion": None}],
         'Required status check "Contenu" is expected.'),
        ([{"name": "Contenu", "status": "completed", "conclusion": "failure"}],
         'Required status check "Contenu" is failing.'),
    ],
)  # fmt: skip
def test_a_required_check_not_green_refuses_the_merge(
    fake_github: FakeGitHub, runs: list[dict[str, object]], words: str
) -> None:
    fake_github.protect("main", required_checks=["Contenu"])
    number = proposal(fake_github)
    if runs:
        fake_github.set_checks("contenu/contact", runs)
    refused = merge(fake_github, number, None)
    assert refused.status == 405 and refused.json()["message"] == words
    fake_github.set_checks("contenu/contact", [
        {"name": "Contenu", "status": "completed", "conclusion": "success"}
    ])  # fmt: skip
    assert merge(fake_github, number, None).status == 200


def test_who_may_merge_protection_role_and_token_permissions(fake_github: FakeGitHub) -> None:
    reader = colleague(fake_github, "lectrice", role="read")
    fake_github.add_token(
        "github_pat_no_contents", "coach",
        permissions={"metadata": "read", "pull_requests": "write"},
    )  # fmt: skip
    fake_github.protect("main", pushers={"gestionnaire"})
    number = proposal(fake_github)

    restricted = merge(fake_github, number, None)
    assert restricted.status == 405
    assert restricted.json()["message"].startswith("You're not authorized to push to this branch.")
    assert merge(fake_github, number, None, token=reader).status == 403
    no_permission = merge(fake_github, number, None, token="github_pat_no_contents")
    assert no_permission.status == 403
    assert no_permission.headers["x-accepted-github-permissions"] == "contents=write"


def test_pull_requests_by_several_people_and_review_requests(fake_github: FakeGitHub) -> None:
    token = colleague(fake_github)
    mine = proposal(fake_github)
    hers = fake_github.open_pull_as("sophie", "contenu/tarifs", {"content/pages/tarifs.md": b"x"},
                                    "Contenu : tarifs")  # fmt: skip
    listed = call(fake_github, "GET", f"{REPO}/pulls?state=open").json()
    assert {(p["number"], p["user"]["login"]) for p in listed} == {
        (mine, "coach"),
        (hers.number, "sophie"),
    }

    asked = call(fake_github, "POST", f"{REPO}/pulls/{mine}/requested_reviewers",
                 {"reviewers": ["sophie"]})  # fmt: skip
    assert asked.status == 201
    assert [u["login"] for u in asked.json()["requested_reviewers"]] == ["sophie"]
    author = call(fake_github, "POST", f"{REPO}/pulls/{mine}/requested_reviewers",
                  {"reviewers": ["coach"]})  # fmt: skip
    assert author.status == 422
    assert author.json()["message"] == "Review cannot be requested from pull request author."
    stranger = call(fake_github, "POST", f"{REPO}/pulls/{mine}/requested_reviewers",
                    {"reviewers": ["inconnue"]})  # fmt: skip
    assert stranger.status == 422 and "not a collaborator" in stranger.json()["message"]

    review = {"event": "REQUEST_CHANGES", "body": "Le titre est trop long."}
    call(fake_github, "POST", f"{REPO}/pulls/{mine}/reviews", review, token=token)
    still = call(fake_github, "GET", f"{REPO}/pulls/{mine}/requested_reviewers").json()
    assert still == {"users": [], "teams": []}


def test_the_commits_that_changed_a_file_name_their_author_newest_first(
    fake_github: FakeGitHub,
) -> None:
    colleague(fake_github)
    moved = fake_github.push(
        "main", {PAGE: b"# Elle\n"}, "Titre", ("Sophie Martin", "sophie@users.noreply.github.com")
    )
    fake_github.push("main", {"content/pages/merci.md": b"# Merci\n"}, "Autre fichier")
    listed = call(fake_github, "GET", f"{REPO}/commits?sha=main&path={PAGE}&per_page=1").json()
    assert len(listed) == 1
    last = listed[0]
    assert last["sha"] == moved
    assert last["commit"]["author"]["name"] == "Sophie Martin"
    assert last["commit"]["author"]["date"].endswith("Z")
    assert last["author"]["login"] == "sophie"
    assert last["commit"]["message"] == "Titre"
    everything = call(fake_github, "GET", f"{REPO}/commits?sha=main&path={PAGE}").json()
    assert everything[0]["sha"] == moved and len(everything) == 2


def test_the_collaborators_who_maintain_the_repository(fake_github: FakeGitHub) -> None:
    colleague(fake_github)
    fake_github.add_user("gestionnaire", "Gestion du site")
    fake_github.maintainers.add("gestionnaire")
    everyone = call(fake_github, "GET", f"{REPO}/collaborators").json()
    assert {c["login"]: c["role_name"] for c in everyone} == {
        "coach": "write",
        "sophie": "write",
        "gestionnaire": "maintain",
    }
    maintainers = call(fake_github, "GET", f"{REPO}/collaborators?permission=maintain").json()
    assert [(c["login"], c["permissions"]["maintain"]) for c in maintainers] == [
        ("gestionnaire", True)
    ]
