"""The fake GitHub's answers for many files at once and for a proposal's end, as GitHub's
references describe them: a recursive tree cut at GitHub's limits says `truncated`, blobs
read by GraphQL come with their text (null when binary), and a pull request merged, closed,
or whose branch is deleted says so."""

from __future__ import annotations

from .server import FakeGitHub
from .test_fake_github import REPO, call, commit, new_branch

BLOBS = (
    """query ($owner: String!, $name: String!) { repository(owner: $owner, name: $name) { %s } }"""
)
FIELDS = "... on Blob { text isBinary isTruncated byteSize }"


def test_a_recursive_tree_past_githubs_limit_is_cut_and_says_truncated(
    fake_github: FakeGitHub,
) -> None:
    whole = call(fake_github, "GET", f"{REPO}/git/trees/main?recursive=1").json()
    fake_github.tree_entries = 10
    cut = call(fake_github, "GET", f"{REPO}/git/trees/main?recursive=1").json()
    assert cut["truncated"] is True and cut["tree"] == whole["tree"][:10]
    # One level at a time is never cut: the way on that GitHub's reference gives.
    top = call(fake_github, "GET", f"{REPO}/git/trees/main").json()
    assert top["truncated"] is False and [e["path"] for e in top["tree"]] == ["content"]
    fake_github.tree_entries = 100_000
    fake_github.tree_bytes = 2_000
    assert call(fake_github, "GET", f"{REPO}/git/trees/main?recursive=1").json()["truncated"]


def test_many_blobs_are_read_in_one_graphql_query_with_their_text(fake_github: FakeGitHub) -> None:
    main = fake_github.repo.branch_head("main")
    assert main is not None
    text = fake_github.repo.blob_at(main, "content/faq/tarifs.md")
    image = fake_github.repo.blob_at(main, "content/images/og-default.png")
    assert text and image
    fields = f'a: object(oid: "{text}") {{ {FIELDS} }} b: object(oid: "{image}") {{ {FIELDS} }}'
    fields += f' c: object(oid: "{"0" * 40}") {{ {FIELDS} }}'
    variables = {"owner": "renouer", "name": "site"}
    reply = call(fake_github, "POST", "/graphql", {"query": BLOBS % fields, "variables": variables})
    found = reply.json()["data"]["repository"]
    assert found["a"] == {
        "text": fake_github.repo.blob(text).decode(),
        "isBinary": False,
        "isTruncated": False,
        "byteSize": len(fake_github.repo.blob(text)),
    }
    assert found["b"]["text"] is None and found["b"]["isBinary"] is True
    assert found["c"] is None
    other = {"owner": "renouer", "name": "autre"}
    refused = call(fake_github, "POST", "/graphql", {"query": BLOBS % fields, "variables": other})
    assert refused.json()["errors"][0]["type"] == "NOT_FOUND"
    odd = call(fake_github, "POST", "/graphql", {"query": "{ viewer { login } }", "variables": {}})
    assert odd.json()["errors"][0]["type"] == "PARSE_ERROR"


def open_pull(fake: FakeGitHub, branch: str) -> int:
    start = new_branch(fake, branch)
    commit(fake, branch, start, {"content/faq/tarifs.md": b"---\nquestion: Prix ?\n---\n"})
    made = call(fake, "POST", f"{REPO}/pulls", {"title": "Prix", "head": branch, "base": "main"})
    assert made.status == 201
    return int(made.json()["number"])


def test_a_merged_pull_request_is_closed_merged_with_its_changes_on_main(
    fake_github: FakeGitHub,
) -> None:
    number = open_pull(fake_github, "contenu/prix")
    main = fake_github.repo.branch_head("main")
    fake_github.merge(number)
    pull = call(fake_github, "GET", f"{REPO}/pulls/{number}").json()
    assert pull["state"] == "closed" and pull["merged"] is True and pull["merged_at"]
    head = fake_github.repo.branch_head("main")
    assert head is not None and fake_github.repo.parents(head) == [main]
    assert fake_github.repo.files(head)["content/faq/tarifs.md"].startswith(b"---\nquestion: Prix")
    assert call(fake_github, "GET", f"{REPO}/pulls?state=open").json() == []


def test_a_deleted_branch_is_gone_and_its_pull_request_closed(fake_github: FakeGitHub) -> None:
    number = open_pull(fake_github, "contenu/prix")
    fake_github.delete_branch("contenu/prix")
    assert call(fake_github, "GET", f"{REPO}/git/ref/heads/contenu/prix").status == 404
    pull = call(fake_github, "GET", f"{REPO}/pulls/{number}").json()
    assert pull["state"] == "closed" and pull["merged"] is False
