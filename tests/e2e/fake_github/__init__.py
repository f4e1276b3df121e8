"""A fake GitHub REST + GraphQL API backed by a real git repository, for the editor's tests."""

from .git_repo import GitRepo
from .server import FakeGitHub, serve

__all__ = ["FakeGitHub", "GitRepo", "serve"]
