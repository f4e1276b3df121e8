"""Every pipeline test that runs the site's code with node is named in the noxfile's
NODE_TESTS: the `tests` session (no node_modules) leaves it out and the `site` session runs
it. A new one missing from the list fails `tests` in CI, where skipping is not allowed."""

from __future__ import annotations

import ast
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
#: What a module that runs the carnet's code with node refers to.
NODE_MARKS = ("needs node", "require_node")


def _node_tests_of_noxfile() -> set[str]:
    tree = ast.parse((ROOT / "noxfile.py").read_text(encoding="utf-8"))
    for node in ast.walk(tree):
        if isinstance(node, ast.Assign) and any(
            isinstance(t, ast.Name) and t.id == "NODE_TESTS" for t in node.targets
        ):
            names = [c.value for c in ast.walk(node.value) if isinstance(c, ast.Constant)]
            return {
                f"tests/pipeline/test_{n}.py"
                for n in names
                if isinstance(n, str) and n.replace("_", "").isalpha()
            }
    raise AssertionError("noxfile.py has no NODE_TESTS")


def test_every_test_that_needs_node_is_run_by_the_site_session() -> None:
    needing = {
        path.relative_to(ROOT).as_posix()
        for path in (ROOT / "tests" / "pipeline").glob("test_*.py")
        if any(mark in path.read_text(encoding="utf-8") for mark in NODE_MARKS)
        and path.name != Path(__file__).name
    }
    assert needing == _node_tests_of_noxfile()
