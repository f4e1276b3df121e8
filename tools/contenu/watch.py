"""``contenu watch`` and ``contenu dev``: rebuild on every save through the incremental
builder. An invalid edit prints the French diagnostics, writes them to
``diagnostics.json`` for the site's overlay and keeps the previous bundles; nothing here
lets an exception end the loop."""

from __future__ import annotations

import datetime as dt
import os
import signal
import subprocess
import threading
import time

import typer
import watchfiles

from contenu.diagnostics import report
from contenu.pipeline.emit import Options
from contenu.pipeline.runner import Builder, Outcome, Project, write_diagnostics, write_generated


def _stamp() -> str:
    return time.strftime("%H:%M:%S")


def rebuild(builder: Builder, project: Project, *, drafts: bool) -> Outcome | None:
    """One save-to-bundle round; returns None if something unexpected failed."""
    started = time.perf_counter()
    try:
        options = Options(
            drafts=drafts, today=dt.date.today(), site_url=os.environ.get("SITE_URL") or None
        )
        outcome = builder.compile(options)
        if outcome.ok:
            written = builder.write(outcome, project)
            if outcome.diagnostics:
                typer.echo(report(outcome.diagnostics, outcome.files_checked, env={}))
            elapsed = (time.perf_counter() - started) * 1000
            typer.echo(
                f"[{_stamp()}] Données à jour : {written} fichiers réécrits en {elapsed:.0f} ms."
            )
        else:
            write_diagnostics(project, outcome.diagnostics, builder.written)
            typer.echo(report(outcome.diagnostics, outcome.files_checked, env={}))
            typer.echo(
                f"[{_stamp()}] Données précédentes conservées jusqu’à la correction des erreurs."
            )
        return outcome
    except Exception as exc:
        typer.echo(
            f"[{_stamp()}] Erreur interne pendant la reconstruction ({type(exc).__name__} : {exc})."
        )
        return None


def watch_loop(project: Project, *, drafts: bool, stop: threading.Event | None = None) -> None:
    builder = Builder(project.content)
    rebuild(builder, project, drafts=drafts)
    typer.echo(f"Surveillance de {project.content} (Ctrl-C pour arrêter)…")
    for _changes in watchfiles.watch(project.content, stop_event=stop, raise_interrupt=False):
        rebuild(builder, project, drafts=drafts)


def run_dev(project: Project) -> int:
    """Drafts build, Vite dev server as a child process, watcher in this process."""
    write_generated(project)
    site = project.root / "site"
    command = ["npm", "--prefix", str(site), "run", "dev"]
    try:
        server = subprocess.Popen(command, start_new_session=True)
    except OSError as exc:
        typer.echo(f"Impossible de lancer le serveur du site ({' '.join(command)}) : {exc}.")
        return 2
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
        if server.poll() is None:
            os.killpg(server.pid, signal.SIGTERM)
            try:
                server.wait(timeout=10)
            except subprocess.TimeoutExpired:
                os.killpg(server.pid, signal.SIGKILL)
    typer.echo("Serveur et surveillance arrêtés.")
    return 0 if server.returncode in (0, -signal.SIGTERM, None) else 1
