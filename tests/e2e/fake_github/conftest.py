from .fixture import fake_github

__all__ = ["fake_github"]
