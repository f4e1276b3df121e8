"""``contenu watch`` and ``contenu dev``: rebuild on every save through the incremental
builder. An invalid edit prints the French diagnostics, writes them to
``diagnostics.json`` for the site's overlay and keeps the previous bundles; nothing here
lets an exception end the loop."""

from __future__ import annotations

import contextlib
import datetime as dt
import logging
import os
import signal
import subprocess
import threading
import time
from collections.abc import Collection
from pathlib import Path

import typer
import watchfiles

from contenu.diagnostics import report
from contenu.pipeline.emit import Options
from contenu.pipeline.runner import Builder, Outcome, Project, write_diagnostics, write_generated
from contenu.typography import french_typography


def _say(text: str) -> None:
    typer.echo(french_typography(text))


def _stamp() -> str:
    return time.strftime("%H:%M:%S")


def rebuild(
    builder: Builder, project: Project, *, drafts: bool, changed: Collection[Path] | None = None
) -> Outcome | None:
    """One save-to-bundle round; returns None if something unexpected failed. ``changed``
    (the paths the watcher saw change) lets the builder skip walking the content folder."""
    started = time.perf_counter()
    try:
        options = Options(
            drafts=drafts,
            today=dt.date.today(),
            site_url=os.environ.get("SITE_URL") or None,
            images_out=project.variants,
        )
        outcome = builder.compile(options, changed)
        if outcome.ok:
            written = builder.write(outcome, project)
            if outcome.diagnostics:
                typer.echo(report(outcome.diagnostics, outcome.files_checked, env={}))
            elapsed = (time.perf_counter() - started) * 1000
            _say(f"[{_stamp()}] Données à jour : {written} fichiers réécrits en {elapsed:.0f} ms.")
        else:
            write_diagnostics(project, outcome.diagnostics, builder.written)
            typer.echo(report(outcome.diagnostics, outcome.files_checked, env={}))
            _say(f"[{_stamp()}] Données précédentes conservées jusqu’à la correction des erreurs.")
        return outcome
    except Exception as exc:
        _say(
            f"[{_stamp()}] Erreur interne pendant la reconstruction ({type(exc).__name__} : {exc})."
        )
        return None


def watch_loop(project: Project, *, drafts: bool, stop: threading.Event | None = None) -> None:
    logging.getLogger("watchfiles").setLevel(logging.ERROR)  # its messages are English
    builder = Builder(project.content)
    rebuild(builder, project, drafts=drafts)
    _say(f"Surveillance de {project.content} (Ctrl-C pour arrêter)…")
    for changes in watchfiles.watch(project.content, stop_event=stop, raise_interrupt=False):
        edited = {Path(path) for kind, path in changes if kind == watchfiles.Change.modified}
        # An added or deleted file: walk the folder again (None).
        known = edited if len(edited) == len(changes) else None
        rebuild(builder, project, drafts=drafts, changed=known)


def _interrupt(signum: int, frame: object) -> None:
    raise KeyboardInterrupt


def _group_alive(pgid: int) -> bool:
    try:
        os.killpg(pgid, 0)
    except ProcessLookupError:
        return False
    return True


def _stop_group(server: subprocess.Popen[bytes]) -> None:
    """Stop npm and everything it started (Vite runs in npm's process group)."""
    with contextlib.suppress(ProcessLookupError):
        os.killpg(server.pid, signal.SIGTERM)
    deadline = time.monotonic() + 10
    while _group_alive(server.pid) and time.monotonic() < deadline:
        server.poll()  # reap npm so that it does not linger as a zombie
        time.sleep(0.1)
    if _group_alive(server.pid):
        with contextlib.suppress(ProcessLookupError):
            os.killpg(server.pid, signal.SIGKILL)
    with contextlib.suppress(subprocess.TimeoutExpired):
        server.wait(timeout=5)


def run_dev(project: Project) -> int:
    """Drafts build, Vite dev server as a child process, watcher in this process.
    Ctrl-C (or SIGTERM) stops both; if the server stops, the watcher stops too."""
    write_generated(project)
    site = project.root / "site"
    command = ["npm", "--prefix", str(site), "run", "dev"]
    try:
        server = subprocess.Popen(command, start_new_session=True)
    except OSError as exc:
        _say(f"Impossible de lancer le serveur du site ({' '.join(command)}) : {exc}.")
        return 2
    signal.signal(signal.SIGTERM, _interrupt)
    signal.signal(signal.SIGINT, _interrupt)
    stop = threading.Event()

    def _wait_server() -> None:
        server.wait()
        stop.set()

    threading.Thread(target=_wait_server, daemon=True).start()
    try:
        watch_loop(project, drafts=True, stop=stop)
    except KeyboardInterrupt:
        pass
    finally:
        stopped_by_itself = server.poll() is not None
        _stop_group(server)
    _say("Serveur et surveillance arrêtés.")
    if stopped_by_itself and server.returncode not in (0, None):
        _say(f"Le serveur du site s’est arrêté (code {server.returncode}).")
        return 1
    return 0
