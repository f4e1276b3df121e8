"""The README's layout table names every module of tools/contenu, so a newcomer finds where
each thing lives; a new module without its line fails here."""

from __future__ import annotations

import re
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]


def test_the_layout_table_names_every_module() -> None:
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    table = "\n".join(line for line in readme.splitlines() if line.startswith("| `tools/contenu"))
    named = {part for code in re.findall(r"`([a-z_/]+)`", table) for part in code.split("/")}
    modules = {
        p.stem if p.stem != "__init__" else p.parent.name
        for p in (ROOT / "tools" / "contenu").rglob("*.py")
        if p.parent.name != "contenu" or p.stem != "__init__"
    }
    assert modules - named == set(), "add these modules to the README's layout table"


def test_the_first_block_is_the_two_commands() -> None:
    """A newcomer copies the README's first block as it is: one command serves the site and
    the carnet, the other runs every test; nothing to install or activate before them
    (./nox does it: tests/pipeline/test_launcher.py)."""
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    first = re.search(r"^```(?:sh|bash)?\n(.*?)^```", readme, re.MULTILINE | re.DOTALL)
    assert first, "the README has no code block"
    commands = [line.split("#")[0].strip() for line in first.group(1).splitlines()]
    assert [c for c in commands if c] == ["./nox -s dev", "./nox"]
