"""The fake GitHub's answers for « Mes propositions », in the shapes of GitHub's REST
reference: a pull request's files against its merge base, a user's public name, a pull
request closed by « Update a pull request », a branch deleted by « Delete a reference »."""

from __future__ import annotations

from .server import FakeGitHub
from .test_fake_github import REPO, call, commit, new_branch

PRICES = "content/reglages/site.md"
NEW = "content/articles/rentree-sereine.md"


def proposal(fake: FakeGitHub, branch: str = "contenu/prix") -> int:
    main = new_branch(fake, branch)
    settings = fake.repo.files(main)[PRICES].replace(b"60", b"65", 1)
    article = "---\ntitle: Rentrée\n---\n\nUn.\n".encode()
    gone = ("content/faq/tarifs.md",)
    made = commit(fake, branch, main, {PRICES: settings, NEW: article}, deletions=gone)
    assert made.status == 200 and "errors" not in made.json(), made.body
    pull = call(fake, "POST", f"{REPO}/pulls", {"title": "Prix", "head": branch, "base": "main"})
    assert pull.status == 201
    return int(pull.json()["number"])


def test_a_pull_requests_files_are_its_changes_against_the_merge_base(
    fake_github: FakeGitHub,
) -> None:
    number = proposal(fake_github)
    # A change on main since the branch point is not the pull request's.
    fake_github.push("main", {"content/pages/contact.md": b"autre\n"}, "Ailleurs")
    files = call(fake_github, "GET", f"{REPO}/pulls/{number}/files")
    assert files.status == 200
    by_name = {f["filename"]: f for f in files.json()}
    assert set(by_name) == {PRICES, NEW, "content/faq/tarifs.md"}
    assert [by_name[p]["status"] for p in (PRICES, NEW, "content/faq/tarifs.md")] == [
        "modified",
        "added",
        "removed",
    ]
    head = fake_github.repo.branch_head("contenu/prix") or ""
    assert by_name[NEW]["sha"] == fake_github.repo.blob_at(head, NEW)
    assert (by_name[NEW]["additions"], by_name[NEW]["deletions"], by_name[NEW]["changes"]) == (
        5,
        0,
        5,
    )
    assert by_name[PRICES]["additions"] == by_name[PRICES]["deletions"] == 1
    assert call(fake_github, "GET", f"{REPO}/pulls/99/files").status == 404


def test_the_head_of_a_listed_pull_request_names_its_repository(fake_github: FakeGitHub) -> None:
    proposal(fake_github)
    listed = call(fake_github, "GET", f"{REPO}/pulls?state=open&per_page=100").json()
    assert [p["head"]["repo"]["full_name"] for p in listed] == ["renouer/site"]
    assert listed[0]["head"]["ref"] == "contenu/prix"


def test_a_users_public_profile_gives_her_name(fake_github: FakeGitHub) -> None:
    fake_github.add_user("sophie", "Sophie Martin")
    found = call(fake_github, "GET", "/users/sophie")
    assert found.status == 200
    assert (found.json()["login"], found.json()["name"]) == ("sophie", "Sophie Martin")
    assert call(fake_github, "GET", "/users/personne").status == 404


def test_closing_a_pull_request_then_deleting_its_branch(fake_github: FakeGitHub) -> None:
    number = proposal(fake_github)
    closed = call(fake_github, "PATCH", f"{REPO}/pulls/{number}", {"state": "closed"})
    assert closed.status == 200 and closed.json()["state"] == "closed"
    assert not closed.json()["merged"]
    assert call(fake_github, "GET", f"{REPO}/pulls?state=open").json() == []
    assert call(fake_github, "PATCH", f"{REPO}/pulls/{number}", {"state": "fini"}).status == 422

    deleted = call(fake_github, "DELETE", f"{REPO}/git/refs/heads/contenu/prix")
    assert (deleted.status, deleted.body) == (204, b"")
    assert fake_github.repo.branch_head("contenu/prix") is None
    again = call(fake_github, "DELETE", f"{REPO}/git/refs/heads/contenu/prix")
    assert again.status == 422 and again.json()["message"] == "Reference does not exist"
    # A closed pull request whose branch is gone cannot be reopened.
    assert call(fake_github, "PATCH", f"{REPO}/pulls/{number}", {"state": "open"}).status == 422


def test_deleting_a_branch_closes_its_open_pull_request_and_needs_contents_write(
    fake_github: FakeGitHub,
) -> None:
    number = proposal(fake_github)
    fake_github.add_user("lectrice", "Lectrice")
    fake_github.add_token(
        "github_pat_reader", "lectrice", permissions={"metadata": "read", "contents": "read"}
    )
    refused = call(
        fake_github, "DELETE", f"{REPO}/git/refs/heads/contenu/prix", token="github_pat_reader"
    )
    assert refused.status == 403
    assert refused.headers["x-accepted-github-permissions"] == "contents=write"
    assert call(fake_github, "DELETE", f"{REPO}/git/refs/heads/contenu/prix").status == 204
    assert call(fake_github, "GET", f"{REPO}/pulls/{number}").json()["state"] == "closed"
