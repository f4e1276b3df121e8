"""Every command of the coaches' guide works as written (issue 14).

The commands of the guide's shell blocks (and its inline ``./nox …`` commands) are run one
after the other, exactly as written, in a scratch copy of the repository. Without network:
the copy's ``./nox`` (the launcher that installs nox on first use: test_launcher.py) is a
stand-in that runs the real nox with ``--no-venv --no-install``, so sessions use the
environment these tests run in, where ``contenu`` is installed. The commands that wait for
the coach are checked for their syntax only (the line parses, nox lists the session), listed
in ``SYNTAX_ONLY`` with the reason.
"""

from __future__ import annotations

import json
import os
import re
import shlex
import shutil
import subprocess
import sys
from pathlib import Path

import pytest
from test_guide import GUIDE, ROOT, code_blocks, inline_code

SHELLS = {"sh", "bash", "shell", "console"}
#: How every command of the guide starts: the repository's launcher (nothing to install or
#: activate before it).
NOX = "./nox"
SYNTAX_ONLY = {
    "./nox -s dev": "a preview server that runs until Ctrl-C",
    **{
        f"./nox -s contenu -- integrer {service}": "waits for the code pasted in the terminal"
        for service in ("mailerlite", "calendly", "pixel")
    },
}
#: The files the guide asks the coach to save the providers' embed codes into, and the
#: realistic snippets (tests/pipeline/snippets) the test saves there.
SAVED_SNIPPETS = {
    "code-javascript.txt": "mailerlite-javascript.html",
    "code-html.txt": "mailerlite-html.html",
    "code-calendly.txt": "calendly-inline.html",
    "code-pixel.txt": "meta-pixel.html",
}
#: What the guide's ``new`` commands create, relative to content/.
CREATED = {"articles/titre-de-l-article.md", "temoignages/marie-l.md", "faq/votre-question.md"}


def guide_commands() -> list[str]:
    text = GUIDE.read_text(encoding="utf-8")
    lines = [
        line.strip()
        for info, body, _ in code_blocks(text)
        if info in SHELLS
        for line in body.split("\n")
    ]
    lines += [code for code in inline_code(text) if code.startswith(f"{NOX} ")]
    return [line for line in lines if line and not line.startswith("#")]


def tracked_files() -> list[str]:
    listed = subprocess.run(
        ["git", "-C", str(ROOT), "ls-files", "-z", "--cached", "--others", "--exclude-standard"],
        capture_output=True, check=True,
    ).stdout.decode()  # fmt: skip
    return [name for name in listed.split("\0") if name and (ROOT / name).is_file()]


@pytest.fixture(scope="module")
def clone(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A fresh copy of the repository's files (what a clone holds, nothing built)."""
    target = tmp_path_factory.mktemp("clone")
    for name in tracked_files():
        (target / name).parent.mkdir(parents=True, exist_ok=True)
        shutil.copy2(ROOT / name, target / name)
    # « copiez le code d’intégration que donne le service, enregistrez-le dans un fichier »
    for saved, snippet in SAVED_SNIPPETS.items():
        shutil.copy2(ROOT / "tests" / "pipeline" / "snippets" / snippet, target / saved)
    return target


@pytest.fixture(scope="module")
def shell_env(clone: Path) -> dict[str, str]:
    """The copy's ``./nox`` made the offline stand-in; PATH with this environment's programs."""
    real_nox = shutil.which("nox")
    if real_nox is None:
        pytest.fail("nox runs these tests: ./nox puts it on PATH (README)", pytrace=False)
    stand_in = clone / "nox"
    stand_in.write_text(
        f'#!/bin/sh\nexec {shlex.quote(real_nox)} --no-venv --no-install "$@"\n', encoding="utf-8"
    )
    stand_in.chmod(0o755)
    env = {k: v for k, v in os.environ.items() if not k.startswith(("GITHUB_", "CONTENU_", "NOX"))}
    env["PATH"] = os.pathsep.join([str(Path(sys.executable).parent), env["PATH"]])
    return env


def run(command: str, cwd: Path, env: dict[str, str]) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        ["bash", "-c", command], cwd=cwd, env=env, capture_output=True, text=True, timeout=600
    )


def test_the_guide_gives_the_coachs_commands() -> None:
    commands = guide_commands()
    assert "./nox -s contenu -- check" in commands
    assert any(re.match(r'\./nox -s contenu -- new article ".+"$', c) for c in commands)
    assert not [c for c in commands if not c.startswith(f"{NOX} ")], "only ./nox is installed"
    for command in SYNTAX_ONLY:
        assert command in commands, f"SYNTAX_ONLY lists {command!r}, which the guide dropped"


def test_nothing_to_install_or_activate_before_the_first_command() -> None:
    """Debian's Python refuses `pip install nox` outside a virtual environment (PEP 668), and
    an environment made by hand must be activated in every new terminal (without it: « Program
    uv not found »). The guide asks for neither: ./nox installs the pinned and hashed nox and
    uv into the repository's .venv on first use and runs them from there."""
    for doc in (ROOT / "README.md", GUIDE):
        shell = "\n".join(body for _, body, _ in code_blocks(doc.read_text(encoding="utf-8")))
        assert not re.search(r"pip3? install|activate", shell), doc.name
    pinned = (ROOT / ".github" / "requirements.txt").read_text(encoding="utf-8")
    for package in ("nox", "uv"):
        assert re.search(rf"^{package}==[\d.]+ \\\n\s+--hash=sha256:", pinned, re.MULTILINE)


def test_every_command_of_the_guide_works_as_written(
    clone: Path, shell_env: dict[str, str]
) -> None:
    before = {p.relative_to(clone / "content").as_posix() for p in clone.glob("content/**/*")}
    for command in guide_commands():
        words = shlex.split(command)  # every line parses as the shell reads it
        if command in SYNTAX_ONLY:
            # nox parses the line and lists the session it would run
            nox_args = words[: words.index("--")] if "--" in words else words
            listed = run(shlex.join([*nox_args, "--list", "--json"]), clone, shell_env)
            assert listed.returncode == 0 and json.loads(listed.stdout), command
            continue
        done = run(command, clone, shell_env)
        output = done.stdout + done.stderr
        assert "command not found" not in output, f"{command}\n{output}"
        assert done.returncode == 0, f"`{command}` failed ({done.returncode}):\n{output}"
    created = {
        p.relative_to(clone / "content").as_posix() for p in clone.glob("content/**/*")
    } - before
    assert created == CREATED
    # What the guide's commands made is valid content: the coach can propose it as it is.
    done = run("./nox -s contenu -- check", clone, shell_env)
    assert done.returncode == 0, done.stdout + done.stderr
